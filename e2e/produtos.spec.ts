import { expect, test, unique } from './fixtures';

const toast = (page: import('@playwright/test').Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

test('categories: created in lower case, duplicates refused, searched, deleted; in use cannot be deleted', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Granito E2E');
  await page.goto('/produtos');
  await page.getByRole('tab', { name: 'Categorias' }).click();
  await page.getByLabel('Nome da categoria').fill(`  ${nome}  `);
  await page.getByRole('button', { name: 'Adicionar Categoria' }).click();
  await expect(toast(page, 'Categoria criada com sucesso!')).toBeVisible();
  const tabela = page.getByRole('table', { name: 'Categorias' });
  await expect(tabela.getByRole('row').filter({ hasText: nome.toLowerCase() })).toBeVisible();
  await expect(page.getByLabel('Nome da categoria')).toHaveValue('');

  // the same name in upper case is the same category
  await page.getByLabel('Nome da categoria').fill(nome.toUpperCase());
  await page.getByRole('button', { name: 'Adicionar Categoria' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Já existe uma categoria com esse nome.' }),
  ).toBeVisible();
  await expect(toast(page, 'Erro ao criar categoria')).toBeVisible();

  // a category a product uses: delete is disabled and says why
  const usada = unique('usada');
  await admin.post('/api/categorias-produtos', { data: { nome: usada } });
  const r = await admin.post('/api/produtos', {
    data: { nome: unique('Produto'), categoria: usada, valor_m2: 10 },
  });
  expect(r.status()).toBe(201);
  await page.getByRole('searchbox', { name: 'Buscar categorias' }).fill(usada.toLowerCase());
  const linhaUsada = tabela.getByRole('row').filter({ hasText: usada.toLowerCase() });
  await expect(linhaUsada).toHaveCount(1);
  await expect(tabela.getByRole('row')).toHaveCount(2); // header + the one found
  const excluirUsada = linhaUsada.getByRole('button', { name: `Excluir ${usada.toLowerCase()}` });
  await expect(excluirUsada).toBeDisabled();
  await expect(excluirUsada).toHaveAttribute('title', /em uso por 1 produto/);
  await excluirUsada.click({ force: true });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // search and delete the unused one, with confirmation
  await page.getByRole('searchbox', { name: 'Buscar categorias' }).fill(nome.toLowerCase());
  const linha = tabela.getByRole('row').filter({ hasText: nome.toLowerCase() });
  await expect(tabela.getByRole('row')).toHaveCount(2);
  await linha.getByRole('button', { name: `Excluir ${nome.toLowerCase()}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    `Tem certeza que deseja excluir a categoria "${nome.toLowerCase()}"? Esta ação não pode ser desfeita.`,
  );
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Categoria removida com sucesso!')).toBeVisible();
  await expect(page.getByText('Nenhuma categoria encontrada.')).toBeVisible();
});

test('sale items: created, edited, listed by name, searched and deleted', async ({ adminPage: page }) => {
  const base = unique('Bancada');
  await page.goto('/produtos');
  await page.getByRole('tab', { name: 'Itens de Vendas' }).click();

  // both fields are required, with the spec's messages
  await page.getByRole('button', { name: 'Adicionar Item' }).click();
  await expect(page.getByText('Informe o nome do item.')).toBeVisible();
  await expect(page.getByText('Selecione o formato de medida.')).toBeVisible();

  for (const [nome, formato] of [
    [`${base} Z`, 'Largura x Profundidade'],
    [`${base} A`, 'Largura x Altura'],
  ]) {
    await page.getByLabel('Nome do item').fill(nome!);
    await page.getByLabel('Formato de medida').selectOption(formato!);
    await page.getByRole('button', { name: 'Adicionar Item' }).click();
    await expect(toast(page, 'Item criado com sucesso!').first()).toBeVisible();
  }
  await page.getByRole('searchbox', { name: 'Buscar itens de venda' }).fill(base);
  const tabela = page.getByRole('table', { name: 'Itens de venda' });
  // by name ascending: "… A" before "… Z"
  await expect(tabela.getByRole('row').nth(1)).toContainText(`${base} A`);
  await expect(tabela.getByRole('row').nth(2)).toContainText(`${base} Z`);
  await expect(tabela.getByRole('row')).toHaveCount(3);

  await tabela.getByRole('button', { name: `Editar ${base} Z` }).click();
  await expect(page.getByRole('heading', { name: 'Editar Item' })).toBeVisible();
  await expect(page.getByLabel('Nome do item')).toHaveValue(`${base} Z`);
  await page.getByLabel('Nome do item').fill(`${base} B gourmet`);
  await page.getByLabel('Formato de medida').selectOption('Largura x Altura');
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(toast(page, 'Item atualizado com sucesso!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Novo Item' })).toBeVisible();
  await expect(tabela.getByRole('row').nth(2)).toContainText(`${base} B gourmet`);
  await expect(tabela.getByRole('row').nth(2)).toContainText('Largura x Altura');

  await tabela.getByRole('button', { name: `Excluir ${base} A` }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Esta ação não pode ser desfeita.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Item removido com sucesso!')).toBeVisible();
  await expect(tabela.getByRole('row')).toHaveCount(2);
});

test('products: create with supplier and defaults, stock below minimum in red, search, edit, delete', async ({
  adminPage: page,
  admin,
}) => {
  const categoria = unique('mármore e2e').toLowerCase();
  expect((await admin.post('/api/categorias-produtos', { data: { nome: categoria } })).status()).toBe(201);
  const fornecedor = unique('Pedreira');
  const f = await admin.post('/api/fornecedores', { data: { nome: fornecedor, telefone: '(11) 3333-4444' } });
  expect(f.status(), await f.text()).toBe(201);
  const nome = unique('Carrara');

  await page.goto('/produtos');
  await page.getByRole('tab', { name: 'Novo Produto' }).click();
  // the spec's defaults
  await expect(page.getByLabel('Estoque', { exact: true })).toHaveValue('0');
  await expect(page.getByLabel('Estoque mínimo')).toHaveValue('5');
  await expect(page.getByLabel('Unidade', { exact: true })).toHaveValue('m²');
  await expect(page.getByLabel('Tipo de unidade')).toHaveValue('m²');

  // required fields
  await page.getByRole('button', { name: 'Salvar Produto' }).click();
  await expect(page.getByText('Informe o nome do produto.')).toBeVisible();
  await expect(page.getByText('Selecione a categoria.')).toBeVisible();
  await expect(page.getByText('Informe o valor.')).toBeVisible();

  await page.getByLabel(/^Nome/).fill(nome);
  await page.getByRole('combobox', { name: 'Categoria' }).selectOption(categoria);
  await page.getByLabel('Fornecedor').selectOption({ label: fornecedor });
  await page.getByLabel('Valor (R$/m²)').fill('1.389,90');
  await page.getByLabel('Estoque', { exact: true }).fill('2,5');
  await page.getByLabel('Descrição').fill('Mármore italiano');
  await page.getByRole('button', { name: 'Salvar Produto' }).click();
  await expect(toast(page, 'Produto salvo com sucesso!')).toContainText(
    'O produto foi adicionado ao sistema.',
  );

  // back on the list; search by the category finds it
  await expect(page.getByRole('tab', { name: 'Lista' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('searchbox', { name: 'Buscar produtos' }).fill(categoria);
  const tabela = page.getByRole('table', { name: 'Produtos' });
  const linha = tabela.getByRole('row').filter({ hasText: nome });
  await expect(tabela.getByRole('row')).toHaveCount(2);
  await expect(linha).toContainText(fornecedor);
  await expect(linha).toContainText('R$ 1.389,90/m²');
  // 2,5 < 5: red, and said in words for those who do not see the colour
  const estoque = linha.getByTestId('produto-estoque');
  await expect(estoque).toContainText('2,5');
  await expect(estoque).toContainText('abaixo do mínimo');
  await expect(estoque).toHaveCSS('color', 'rgb(185, 28, 28)');
  await page.getByLabel('Somente estoque abaixo do mínimo').check();
  await expect(linha).toBeVisible();

  // edit: the form comes back filled; raise the stock and make it a unit product
  await linha.getByRole('button', { name: `Editar ${nome}` }).click();
  await expect(page.getByRole('heading', { name: 'Editar Produto' })).toBeVisible();
  await expect(page.getByLabel(/^Nome/)).toHaveValue(nome);
  await expect(page.getByLabel('Fornecedor')).toHaveValue((await f.json()).id);
  await expect(page.getByLabel('Valor (R$/m²)')).toHaveValue('1389,9');
  await page.getByLabel('Tipo de unidade').selectOption('unitário');
  await expect(page.getByLabel('Unidade', { exact: true })).toHaveValue('un');
  await page.getByLabel('Valor (R$/un)').fill('450');
  await page.getByLabel('Estoque', { exact: true }).fill('8');
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(toast(page, 'Produto atualizado com sucesso!')).toBeVisible();

  // no longer below the minimum: out of the filtered list, and plain in the full one
  await expect(tabela.getByRole('row').filter({ hasText: nome })).toHaveCount(0);
  await page.getByLabel('Somente estoque abaixo do mínimo').uncheck();
  await page.getByRole('searchbox', { name: 'Buscar produtos' }).fill(nome);
  // the search is applied (it is in the address) before the next tab is opened
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(linha).toContainText('R$ 450,00/un');
  await expect(linha.getByTestId('produto-estoque')).toHaveText('8');
  await expect(linha.getByTestId('produto-estoque')).not.toHaveCSS('color', 'rgb(185, 28, 28)');
  await expect(linha).toContainText(fornecedor);

  // the category now counts the product and cannot be deleted
  await page.getByRole('tab', { name: 'Categorias' }).click();
  await page.getByRole('searchbox', { name: 'Buscar categorias' }).fill(categoria);
  await expect(page.getByRole('button', { name: `Excluir ${categoria}` })).toBeDisabled();

  // delete, with confirmation
  await page.getByRole('tab', { name: 'Lista' }).click();
  await linha.getByRole('button', { name: `Excluir ${nome}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    `Tem certeza que deseja excluir o produto "${nome}"? Esta ação não pode ser desfeita.`,
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Produto removido com sucesso!')).toBeVisible();
  await expect(page.getByText('Nenhum produto encontrado para esse filtro.')).toBeVisible();

  await page.getByRole('tab', { name: 'Categorias' }).click();
  await page.getByRole('searchbox', { name: 'Buscar categorias' }).fill(categoria);
  await expect(page.getByRole('button', { name: `Excluir ${categoria}` })).toBeEnabled();
});
