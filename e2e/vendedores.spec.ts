import { expect, test, unique } from './fixtures';
import { vendaViaOrcamento } from './vendas-helpers';

/** The day before an ISO date, as an ISO date. */
function diaAnterior(iso: string): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

test('registers a seller whose commission from a converted quote is in that period’s report and not an earlier one', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Vendedor E2E');
  await page.goto('/vendedores');
  await expect(page.getByRole('heading', { name: 'Vendedores', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Vendedores Cadastrados' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.getByRole('button', { name: 'Novo Vendedor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Vendedor' });
  // the form's defaults, masks and messages: vendedores/comissionado-form.test.tsx
  await dialog.getByLabel('Nome').fill(nome);
  await dialog.getByLabel('Telefone').fill('11987654321');
  await dialog.getByLabel('E-mail').fill('vendedor.e2e@exemplo.com.br');
  await dialog.getByLabel('UF').fill('sp');
  await dialog.getByLabel('Comissão (%)').fill('12.5');
  await dialog.getByRole('button', { name: 'Cadastrar Vendedor' }).click();
  await expect(page.getByText('Vendedor criado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(nome) });
  await expect(row).toContainText('Pessoa Física');
  await expect(row).toContainText('(11) 98765-4321');
  await expect(row).toContainText('vendedor.e2e@exemplo.com.br');
  await expect(row).toContainText('12,5%');
  await expect(row).toContainText('ativo');

  const found = await (await admin.get(`/api/vendedores?q=${encodeURIComponent(nome)}`)).json();
  const vendedorId = found.items[0].id as string;
  const { venda } = await vendaViaOrcamento(admin, { vendedor_id: vendedorId });
  // Quote: materials 10 × R$ 100,00 = 1000.00, no margin, no card; the seller's 12.5 % of 1000.00 =
  // 125.00 is added → total 1125.00 = the sale's gross value, no fee.
  expect(venda.valor_bruto).toBe(1125);
  // Report: (1125.00 − 0) × 12.5 / 100 = 140.625 → R$ 140,63 (half-up).

  await page.getByRole('tab', { name: 'Relatório de Comissão' }).click();
  await page.getByLabel('Vendedor', { exact: true }).selectOption({ label: nome });
  await page.getByLabel('Data Início').fill(venda.data_venda);
  await page.getByLabel('Data Fim').fill(venda.data_venda);
  const resumo = page.getByRole('definition');
  await expect(resumo).toHaveText(['1', '1', 'R$ 140,63']);
  await expect(
    page.getByRole('table', { name: 'Comissões por vendedor' }).getByRole('row', { name: new RegExp(nome) }),
  ).toContainText('R$ 140,63');
  const linha = page
    .getByRole('table', { name: 'Detalhamento das Vendas' })
    .getByRole('row', { name: new RegExp(`#${venda.numero}`) });
  await expect(linha).toContainText(nome);
  await expect(linha).toContainText('R$ 1.125,00');
  await expect(linha).toContainText('12,5%');
  await expect(linha).toContainText('R$ 140,63');
  await expect(linha).toContainText('Pendente');

  // An earlier period ending the day before the sale has no commission for this seller.
  await page.getByLabel('Data Início').fill('2000-01-01');
  await page.getByLabel('Data Fim').fill(diaAnterior(venda.data_venda));
  await expect(
    page.getByText('Nenhum vendedor com comissão encontrado no período selecionado'),
  ).toBeVisible();
  await expect(page.getByText('Nenhuma venda com comissão encontrada no período selecionado')).toBeVisible();
  await expect(resumo).toHaveText(['0', '0', 'R$ 0,00']);
});

test('the Novo Vendedor tab saves and returns to the list; edit and delete', async ({ adminPage: page }) => {
  const nome = unique('Vendedora Aba');
  await page.goto('/vendedores');
  await page.getByRole('tab', { name: 'Novo Vendedor' }).click();
  const form = page.getByRole('tabpanel', { name: 'Novo Vendedor' });
  // the required name, the 0–100 commission, PF → PJ: vendedores/comissionado-form.test.tsx
  await form.getByLabel('Nome').fill(nome);
  await form.getByLabel('Tipo').selectOption('Pessoa Jurídica');
  await form.getByLabel('Comissão (%)').fill('');
  await form.getByRole('button', { name: 'Cadastrar Vendedor' }).click();
  await expect(page.getByText('Vendedor criado com sucesso!')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Vendedores Cadastrados' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const row = page.getByRole('row', { name: new RegExp(nome) });
  // an empty commission is saved as 0 (spec)
  await expect(row).toContainText('0%');
  await expect(row).toContainText('Pessoa Jurídica');

  // A stale edit (409): vendedores/comissionado-form.test.tsx; the 409 itself: routes/vendedores.test.ts
  await row.getByRole('button', { name: `Editar ${nome}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Vendedor' });
  await expect(dialog.getByLabel('Nome')).toHaveValue(nome);
  await dialog.getByLabel('Comissão (%)').fill('7');
  await dialog.getByLabel('Status').selectOption('inativo');
  await dialog.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Vendedor atualizado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(nome) })).toContainText('7%');
  await expect(page.getByRole('row', { name: new RegExp(nome) })).toContainText('inativo');

  await page
    .getByRole('row', { name: new RegExp(nome) })
    .getByRole('button', { name: `Excluir ${nome}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirmar exclusão' });
  await expect(confirm).toContainText(
    'Tem certeza que deseja excluir este vendedor? Esta ação não pode ser desfeita.',
  );
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Vendedor removido com sucesso!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(nome) })).toHaveCount(0);
});

test('a seller named on a quote cannot be deleted, and the toast says why', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Vendedor Em Uso');
  const v = await (await admin.post('/api/vendedores', { data: { nome } })).json();
  await vendaViaOrcamento(admin, { vendedor_id: v.id });
  await page.goto('/vendedores');
  await page.getByLabel('Buscar vendedores').fill(nome);
  await page
    .getByRole('row', { name: new RegExp(nome) })
    .getByRole('button', { name: `Excluir ${nome}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Erro ao remover vendedor')).toBeVisible();
  await expect(
    page.getByText('Este vendedor está vinculado a 1 orçamento e 1 venda e não pode ser removido.'),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(nome) })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the sellers screen fits 390 px', async ({ adminPage: page, admin }, testInfo) => {
    await admin.post('/api/vendedores', {
      data: { nome: unique('Vendedor Celular'), telefone: '(11) 3333-4444' },
    });
    await page.goto('/vendedores');
    await expect(page.getByRole('list', { name: 'Vendedores' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('vendedores-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Novo Vendedor' }).click();
    await page.screenshot({ path: testInfo.outputPath('vendedores-dialog-390.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Relatório de Comissão' }).click();
    await expect(page.getByText('Detalhamento das Vendas')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('vendedores-relatorio-390.png'), fullPage: true });
  });
});

test('the report pages its detail 50 sales at a time while the summary counts the whole period', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Vendedor Paginado');
  const vendedor = await (
    await admin.post('/api/vendedores', { data: { nome, percentual_comissao: 10 } })
  ).json();
  // 51 sales through quotes: the first with its own client and product, the rest on the same ones
  const { cliente, venda: primeira } = await vendaViaOrcamento(admin, { vendedor_id: vendedor.id });
  const orc = await (
    await admin.get(
      `/api/orcamentos/${(await (await admin.get(`/api/vendas/${primeira.id}`)).json()).orcamento_id}`,
    )
  ).json();
  const produtoId = orc.itens[0].produto_id as string;
  for (let i = 1; i < 51; i++) {
    const o = await admin.post('/api/orcamentos', {
      data: {
        cliente_id: cliente.id,
        vendedor_id: vendedor.id,
        itens: [{ produto_id: produtoId, quantidade: 1 }],
        margem_lucro: 0,
        horas_trabalho: 0,
        tipo_venda: 'avista',
      },
    });
    expect(o.status()).toBe(201);
    expect((await admin.post(`/api/orcamentos/${(await o.json()).id}/venda`, { data: {} })).status()).toBe(
      201,
    );
  }

  await page.goto('/vendedores');
  await page.getByRole('tab', { name: 'Relatório de Comissão' }).click();
  await page.getByLabel('Vendedor', { exact: true }).selectOption({ label: nome });
  await expect(page.getByRole('definition').nth(1)).toHaveText('51');
  const detalhe = page.getByRole('table', { name: 'Detalhamento das Vendas' });
  await expect(detalhe.getByRole('row')).toHaveCount(51); // header + 50
  const paginacao = page.getByRole('navigation', { name: 'Paginação' });
  await expect(paginacao).toContainText('1–50 de 51');
  await paginacao.getByRole('button', { name: 'Próxima' }).click();
  await expect(paginacao).toContainText('51–51 de 51');
  // the oldest sale is on the last page
  await expect(detalhe.getByRole('row', { name: new RegExp(`#${primeira.numero}\\b`) })).toBeVisible();
  await expect(detalhe.getByRole('row')).toHaveCount(2);
  // a new filter starts again from the first page
  await page.getByLabel('Data Fim').fill(primeira.data_venda);
  await expect(paginacao).toContainText('1–50 de 51');
});
