import { ADMIN_SENHA, createUser, expect, loginUi, signInPage, test } from './fixtures';

const MENU = [
  'Dashboard',
  'Orçamentos',
  'Vendas',
  'Produção',
  'Agenda',
  'Clientes',
  'Arquitetos',
  'Vendedores',
  'Produtos',
  'Fornecedores',
  'Funcionários',
  'Despesas',
  'Pagamentos',
  'Caixa',
  'Recebimentos',
  'Usuários',
  'Empresa',
  'Auditoria',
  'Backups',
];

test('admin signs in through the form and sees all 19 menu entries', async ({ page }) => {
  await page.goto('/orcamentos');
  await expect(page.getByText('Entre para acessar o sistema de gestão da marmoraria')).toBeVisible();
  await page.getByLabel('Usuário').fill('admin');
  await page.getByLabel('Senha').fill(ADMIN_SENHA);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link')).toHaveText(MENU);
  await expect(page.getByTestId('usuario-papel')).toHaveText('Administrador');
  await expect(page.getByTestId('usuario-nome')).toHaveText('Administrador');
  // the page asked for before signing in is the one shown, its menu entry highlighted
  await expect(nav.getByRole('link', { name: 'Orçamentos' })).toHaveAttribute('aria-current', 'page');
});

test('a wrong password shows the pt-BR error and does not sign in', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Usuário').fill('fulano');
  await page.getByLabel('Senha').fill('errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Usuário ou senha inválidos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  // nothing was created: the same credentials still fail
  const res = await page.request.post('/api/auth/login', {
    data: { usuario: 'fulano', senha: 'errada' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(401);
});

test('a user holding only vendas sees only Vendas and is denied elsewhere', async ({ page, admin }) => {
  const u = await createUser(admin, ['vendas']);
  await loginUi(page, u.email, u.senha);
  // the home page sends them to the first screen they may open
  await expect(page).toHaveURL(/\/vendas$/);
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link')).toHaveText(['Vendas']);
  await expect(page.getByTestId('usuario-papel')).toHaveText('Usuário');

  await page.goto('/clientes');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
  const api = await page.request.get('/api/clientes');
  expect(api.status()).toBe(403);
});

test('an unknown path shows the 404 page with a link home', async ({ adminPage: page }) => {
  await page.goto('/nao-existe/mesmo');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('/dashboard and / are both the dashboard', async ({ adminPage: page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('Sair signs out back to the login screen', async ({ adminPage: page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the menu is a drawer opened by the toggle and closed by the overlay', async ({ page }) => {
    await signInPage(page, 'admin', ADMIN_SENHA);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(nav).toBeVisible();
    await page.getByTestId('menu-overlay').click({ position: { x: 370, y: 400 } });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await nav.getByRole('link', { name: 'Clientes' }).click();
    await expect(page).toHaveURL(/\/clientes$/);
    await expect(nav).toBeHidden();
  });
});
