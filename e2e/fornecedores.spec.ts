import { expect, test, unique } from './fixtures';

test('fornecedores: create, edit, search and delete (cards)', async ({ adminPage: page }) => {
  const nome = unique('Marmoraria Fornecedora');
  await page.goto('/fornecedores');
  await expect(page.getByRole('heading', { name: 'Fornecedores', exact: true })).toBeVisible();

  // its fields, masks and messages: fornecedores/fornecedor-form.test.tsx; the CEP through the server here
  await page.getByRole('tab', { name: 'Novo Fornecedor' }).click();
  await page.getByLabel('Nome').fill(nome);
  await page.getByLabel('CNPJ').pressSequentially('11222333000181');
  await page.getByLabel('Contato').fill('Roberto');
  await page.getByLabel('Telefone').pressSequentially('3132221100');
  await page.getByLabel('CEP').pressSequentially('30130010');
  await expect(page.getByLabel('Cidade')).toHaveValue('Belo Horizonte');
  await page.getByRole('button', { name: 'Salvar Fornecedor' }).click();
  await expect(page.getByText('Fornecedor salvo com sucesso!')).toBeVisible();

  // the list is a set of cards
  await expect(page.getByRole('tab', { name: /Lista de Fornecedores/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const card = page.getByRole('article', { name: nome });
  await expect(card).toContainText('CNPJ 11.222.333/0001-81');
  await expect(card).toContainText('Roberto');
  await expect(card).toContainText('(31) 3222-1100');
  await expect(card).toContainText('Belo Horizonte/MG');

  // edit
  await card.getByRole('button', { name: `Editar ${nome}` }).click();
  await expect(page.getByRole('tab', { name: 'Editar Fornecedor' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Contato')).toHaveValue('Roberto');
  await page.getByLabel('Contato').fill('Roberta Lima');
  await page.getByRole('button', { name: 'Atualizar Fornecedor' }).click();
  await expect(page.getByText('Fornecedor atualizado com sucesso!')).toBeVisible();
  await expect(page.getByRole('article', { name: nome })).toContainText('Roberta Lima');

  // search on the server: by contact name, then by CNPJ digits
  const busca = page.getByRole('searchbox', { name: 'Buscar fornecedores' });
  await busca.fill('Roberta Lima');
  await expect(page.getByRole('article', { name: nome })).toBeVisible();
  await busca.fill('nenhum-fornecedor-assim');
  await expect(page.getByText('Nenhum fornecedor encontrado para esta busca.')).toBeVisible();
  await busca.fill(nome);
  await expect(page.getByRole('article')).toHaveCount(1);

  // delete with confirmation
  await page.getByRole('button', { name: `Excluir ${nome}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    `Tem certeza que deseja excluir o fornecedor ${nome}? Esta ação não pode ser desfeita.`,
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Fornecedor removido com sucesso!')).toBeVisible();
  await expect(page.getByRole('article', { name: nome })).toHaveCount(0);
});

test('fornecedores: a supplier that products use is not removed, and the toast says why', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Fornecedor Em Uso');
  const f = await admin.post('/api/fornecedores', { data: { nome, telefone: '11 3333-4444' } });
  expect(f.status()).toBe(201);
  const categoria = unique('cat fornecedor').toLowerCase();
  expect((await admin.post('/api/categorias-produtos', { data: { nome: categoria } })).status()).toBe(201);
  const p = await admin.post('/api/produtos', {
    data: { nome: unique('Granito'), categoria, fornecedor_id: (await f.json()).id, valor_m2: 300 },
  });
  expect(p.status()).toBe(201);

  await page.goto('/fornecedores');
  await page.getByRole('searchbox', { name: 'Buscar fornecedores' }).fill(nome);
  await page.getByRole('button', { name: `Excluir ${nome}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Não é possível remover fornecedor')).toBeVisible();
  await expect(
    page.getByText(
      'Este fornecedor está vinculado a 1 produto(s) e não pode ser removido. Remova ou altere primeiro os produtos relacionados.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: nome })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('fornecedores: cards and form fit a 390 px screen', async ({ adminPage: page, admin }) => {
    const nome = unique('Fornecedor Celular');
    await admin.post('/api/fornecedores', {
      data: { nome, telefone: '11987654321', email: 'um.email.bem.comprido.de.fornecedor@exemplo.com.br' },
    });
    await page.goto('/fornecedores');
    await page.getByRole('searchbox', { name: 'Buscar fornecedores' }).fill(nome);
    await expect(page.getByRole('article', { name: nome })).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('tab', { name: 'Novo Fornecedor' }).click();
    await expect(page.getByLabel('Nome')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
