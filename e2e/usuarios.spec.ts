import { ADMIN_SENHA, apiAs, createUser, expect, signInPage, test, unique } from './fixtures';

test('admin creates a user with only Orçamentos, then grants Clientes; the other browser follows', async ({
  browser,
}) => {
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signInPage(admin, 'admin', ADMIN_SENHA);
  // a second admin tab, left open on the list, must update by itself (live events)
  const watcher = await adminCtx.newPage();
  await watcher.goto('/usuarios');
  await expect(watcher.getByRole('heading', { name: 'Usuários' })).toBeVisible();
  // the tab worked in is the one in front: a hidden tab draws no frames, and each click there waited
  // about 2 s for the element to hold still
  await admin.bringToFront();

  const nome = unique('Operador');
  const email = `${nome.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@exemplo.com.br`;
  await admin.goto('/usuarios');
  await admin.getByRole('button', { name: 'Novo Usuário' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Novo Usuário' });
  await dialog.getByLabel('Nome').fill(nome);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Senha').fill('seg-123');
  await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
  await expect(dialog.getByText('A senha deve ter no mínimo 8 caracteres.')).toBeVisible();
  // long enough but on the list of common passwords: the server names the field
  await dialog.getByLabel('Senha').fill('password1');
  await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
  await expect(
    dialog.getByText('Esta senha é muito comum e fácil de adivinhar: escolha outra senha.'),
  ).toBeVisible();
  await dialog.getByLabel('Senha').fill('senha-forte-1');
  // default permission is Dashboard: swap it for Orçamentos only
  await dialog.getByRole('checkbox', { name: 'Dashboard' }).click();
  await dialog.getByRole('checkbox', { name: 'Orçamentos' }).click();
  await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
  await expect(admin.getByText('Usuário criado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = (page: typeof admin) => page.getByTestId('usuario-card').filter({ hasText: email });
  await expect(card(admin)).toContainText('Orçamentos');
  await expect(card(watcher)).toBeVisible(); // no reload: arrived through /api/eventos

  // the new user, in another browser context
  const userCtx = await browser.newContext();
  const user = await userCtx.newPage();
  await user.goto('/');
  await user.getByLabel('Usuário').fill(email);
  await user.getByLabel('Senha').fill('senha-forte-1');
  await user.getByRole('button', { name: 'Entrar' }).click();
  await expect(user).toHaveURL(/\/orcamentos$/);
  const nav = user.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link')).toHaveText(['Orçamentos']);
  await user.goto('/clientes');
  await expect(user.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();

  // the admin grants Clientes
  await card(admin)
    .getByRole('button', { name: `Editar ${nome}` })
    .click();
  const edit = admin.getByRole('dialog', { name: 'Editar Usuário' });
  await expect(edit.getByLabel('E-mail')).toBeDisabled();
  await edit.getByRole('checkbox', { name: 'Clientes' }).click();
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(admin.getByText('Usuário atualizado com sucesso!')).toBeVisible();
  await expect(card(admin)).toContainText('Clientes');

  // after navigating, the user has Clientes
  await nav.getByRole('link', { name: 'Orçamentos' }).click();
  await expect(nav.getByRole('link')).toHaveText(['Orçamentos', 'Clientes']);
  await nav.getByRole('link', { name: 'Clientes' }).click();
  await expect(user.getByRole('heading', { name: 'Acesso Negado' })).toBeHidden();
  await expect(user.getByRole('heading', { name: 'Clientes' })).toBeVisible();

  // deactivating the user signs them out on their next request
  await card(admin)
    .getByRole('button', { name: `Editar ${nome}` })
    .click();
  await edit.getByLabel('Status').selectOption('inativo');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(admin.getByText('Usuário atualizado com sucesso!').first()).toBeVisible();
  await user.reload();
  await expect(user.getByRole('button', { name: 'Entrar' })).toBeVisible();

  await adminCtx.close();
  await userCtx.close();
});

test('a manager with Usuários is not offered what it cannot give, nor an administrator to edit', async ({
  page,
  admin,
}) => {
  const gerente = await createUser(admin, ['usuarios', 'clientes']);
  const comum = await createUser(admin, ['clientes']);
  // the server refuses the manager a permission it lacks (the screen never offers it)
  const api = await apiAs(gerente.email, gerente.senha);
  const me = await (await api.get('/api/auth/me')).json();
  const atual = await (await api.get(`/api/usuarios/${me.id}`)).json();
  const tentativa = await api.patch(`/api/usuarios/${me.id}`, {
    data: { permissoes: ['usuarios', 'clientes', 'vendas'], updated_at: atual.updated_at },
  });
  expect(tentativa.status()).toBe(403);
  await api.dispose();

  await signInPage(page, gerente.email, gerente.senha);
  await page.goto('/usuarios');
  const busca = page.getByPlaceholder('Buscar por nome ou e-mail...');
  await busca.fill('admin@lavra.local');
  const adminCard = page.getByTestId('usuario-card').filter({ hasText: 'admin@lavra.local' });
  await expect(adminCard).toBeVisible();
  await expect(adminCard.getByRole('button', { name: /^Editar / })).toHaveCount(0);

  await page.getByRole('button', { name: 'Novo Usuário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Usuário' });
  await expect(dialog.getByRole('checkbox')).toHaveCount(1);
  await expect(dialog.getByRole('checkbox', { name: 'Clientes' })).toBeVisible();
  await expect(dialog.getByLabel('Papel').locator('option')).toHaveText(['Usuário']);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  await busca.fill(comum.email);
  await page
    .getByTestId('usuario-card')
    .filter({ hasText: comum.email })
    .getByRole('button', { name: `Editar ${comum.nome}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Editar Usuário' });
  await expect(edit.getByRole('checkbox')).toHaveCount(1);
  await expect(edit.getByLabel('Papel').locator('option')).toHaveText(['Usuário']);
});
