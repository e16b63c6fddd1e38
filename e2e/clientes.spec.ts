import { expect, test, unique } from './fixtures';

// Valid documents (check digits correct): CPFs 529.982.247-25, 345.329.677-08.

// The form's fields (masks, required fields, check digits, CEP autofill, the PF → PJ switch on a new
// client and on an edit) are clientes/cliente-form.test.tsx's; the CEP lookup through the server is
// routes/cep.test.ts's and the search by name, e-mail and document digits routes/clientes.test.ts's.
// Here, the journey through the screen against the server: create, find it in the list, edit, search,
// delete.
test('clientes: create, edit, search and delete through the screen', async ({ adminPage: page, admin }) => {
  const nome = unique('Cliente Teste');
  await page.goto('/clientes');
  await expect(page.getByRole('heading', { name: 'Clientes', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Lista de Clientes/ })).toHaveAttribute('aria-selected', 'true');

  // ── Novo Cliente
  await page.getByRole('tab', { name: 'Novo Cliente' }).click();
  await page.getByLabel('Nome').fill(nome);
  await page.getByLabel('CPF').fill('529.982.247-25');
  await page.getByLabel('Telefone').fill('(11) 98765-4321');
  await page.getByLabel('E-mail').fill('cliente.teste@exemplo.com');
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();
  await expect(page.getByText('Cliente salvo com sucesso!')).toBeVisible();

  // back on the list, the new client first (newest first), as the server stored it
  await expect(page.getByRole('tab', { name: /Lista de Clientes/ })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row').filter({ hasText: nome });
  await expect(row).toContainText('529.982.247-25');
  await expect(row).toContainText('(11) 98765-4321');
  await expect(row).toContainText('cliente.teste@exemplo.com');
  await expect(row).toContainText('PF');
  await expect(page.getByRole('tab', { name: /Lista de Clientes/ }).getByLabel(/\d+ clientes/)).toBeVisible();

  // ── Edit: the same form, read back from the server
  const novoNome = `${nome} Ltda`;
  await row.getByRole('button', { name: `Editar ${nome}` }).click();
  await expect(page.getByRole('tab', { name: 'Editar Cliente' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Nome')).toHaveValue(nome);
  await expect(page.getByLabel('E-mail')).toHaveValue('cliente.teste@exemplo.com');
  await page.getByLabel('Nome').fill(novoNome);
  await page.getByRole('button', { name: 'Atualizar Cliente' }).click();
  await expect(page.getByText('Cliente atualizado com sucesso!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: novoNome })).toContainText('529.982.247-25');

  // ── Search (server side): another client seeded through the API
  const outro = unique('Outra Pessoa');
  const res = await admin.post('/api/clientes', {
    data: {
      nome: outro,
      tipo: 'Pessoa Física',
      cpf_cnpj: '345.329.677-08',
      telefone: '1133334444',
      email: 'outra@exemplo.com',
    },
  });
  expect(res.status()).toBe(201);
  const busca = page.getByRole('searchbox', { name: 'Buscar clientes' });
  await busca.fill(outro);
  await expect(page.getByRole('row').filter({ hasText: outro })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: novoNome })).toHaveCount(0);
  await busca.fill('nenhum-cliente-com-este-nome');
  await expect(page.getByText('Nenhum cliente encontrado para esta busca.')).toBeVisible();
  await busca.fill(novoNome);
  await expect(page.getByRole('row').filter({ hasText: novoNome })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: outro })).toHaveCount(0);

  // ── Delete with confirmation
  await page.getByRole('button', { name: `Excluir ${novoNome}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    `Tem certeza que deseja excluir o cliente ${novoNome}? Esta ação não pode ser desfeita.`,
  );
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('row').filter({ hasText: novoNome })).toBeVisible();
  await page.getByRole('button', { name: `Excluir ${novoNome}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Cliente removido com sucesso!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: novoNome })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('clientes: list and form fit a 390 px screen', async ({ adminPage: page, admin }) => {
    const nome = unique('Cliente Celular');
    await admin.post('/api/clientes', {
      data: {
        nome,
        tipo: 'Pessoa Física',
        cpf_cnpj: '52998224725',
        telefone: '11987654321',
        cidade: 'Santos',
      },
    });
    await page.goto('/clientes');
    await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill(nome);
    await expect(page.getByRole('article', { name: nome })).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('tab', { name: 'Novo Cliente' }).click();
    await expect(page.getByLabel('Nome')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
