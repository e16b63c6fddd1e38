import { createUser, expect, signInPage, test, unique } from './fixtures';
import { statusOrcamento, vendaViaOrcamento } from './vendas-helpers';

test('marks a commission paid, edits, views, and deletes a sale, whose quote goes back to Pendente', async ({
  adminPage: page,
  admin,
}) => {
  const cliente = unique('Cliente Vendas');
  const arq = await (
    await admin.post('/api/arquitetos', { data: { nome: unique('Arq Vendas'), percentual_comissao: 5 } })
  ).json();
  const { venda, orcamento } = await vendaViaOrcamento(admin, { arquiteto_id: arq.id, cliente });
  // gross 1000.00 materials + architect 5 % of 1000.00 = 1050.00
  expect(venda.valor_bruto).toBe(1050);
  expect(await statusOrcamento(admin, orcamento.id)).toBe('venda_realizada');
  const cartao = await (
    await admin.post('/api/cartoes', {
      data: { bandeira: 'Cartão', tipo: 'Crédito', taxa_1x: 3, taxa_3x: 5.5 },
    })
  ).json();
  expect(cartao.id).toBeTruthy();

  await page.goto('/vendas');
  await expect(page.getByRole('heading', { name: 'Vendas', level: 1 })).toBeVisible();
  for (const kpi of ['Vendas do Mês', 'Vendas Hoje', 'Total Cartão', 'Total Parcelado']) {
    await expect(page.getByText(kpi, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: 'Histórico de Vendas' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByLabel('Buscar vendas').fill(cliente);
  const row = page.getByRole('row', { name: new RegExp(cliente) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`#${venda.numero}`);
  await expect(row).toContainText(arq.nome);
  await expect(row).toContainText('R$ 1.050,00');
  await expect(row).toContainText('À Vista');
  await expect(row).toContainText('Confirmada');
  // architect 5 % of the net 1050.00 = 52.50
  await expect(row).toContainText('Arq. R$ 52,50');

  // commission paid ↔ pending
  const toggle = row.getByRole('switch', { name: `Comissão paga da venda #${venda.numero}` });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText('Comissão marcada como paga')).toBeVisible();
  await expect(toggle).toBeChecked();
  expect((await (await admin.get(`/api/vendas/${venda.id}`)).json()).comissao_paga).toBe(true);

  // edit: parcelado 3x on the credit card at 5.5 % → fee 1050.00 × 5.5 % = 57.75; net 992.25;
  // architect 5 % of 992.25 = 49.6125 → 49.61
  await row.getByRole('button', { name: `Editar venda #${venda.numero}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar Venda #${venda.numero}` });
  await edit.getByLabel('Tipo de Venda').selectOption('parcelado');
  await edit.getByLabel('Número de Parcelas').selectOption('3');
  // by id: other specs create credit cards with the same label on the shared server
  await edit.getByLabel('Tipo de Pagamento').selectOption(cartao.id);
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Venda atualizada com sucesso!')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Parcelado');
  await expect(row).toContainText('Arq. R$ 49,61');

  await row.getByRole('button', { name: `Ver venda #${venda.numero}` }).click();
  const det = page.getByRole('dialog', { name: `Detalhes da Venda #${venda.numero}` });
  await expect(det).toContainText(cliente);
  await expect(det).toContainText('R$ 1.050,00');
  await expect(det).toContainText('R$ 57,75 (5,5%)');
  await expect(det).toContainText('R$ 992,25');
  await expect(det).toContainText('Parcelado em 3x');
  await expect(det).toContainText(`orçamento #${orcamento.numero}`);
  const popupPromise = page.waitForEvent('popup');
  await det.getByRole('button', { name: 'Imprimir' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: `Venda #${venda.numero}` })).toBeVisible();
  await expect(popup.getByText(cliente)).toBeVisible();
  await popup.close();
  await det.getByRole('button', { name: 'Fechar' }).first().click();

  await row.getByRole('button', { name: `Excluir venda #${venda.numero}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirmar exclusão' });
  await expect(confirm).toContainText(
    `Tem certeza que deseja excluir a venda #${venda.numero}? Esta ação não pode ser desfeita.`,
  );
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Venda removida com sucesso!')).toBeVisible();
  await expect(page.getByText('O orçamento relacionado voltou para o status Pendente.')).toBeVisible();
  await expect(page.getByText('Nenhuma venda encontrada.')).toBeVisible();
  expect(await statusOrcamento(admin, orcamento.id)).toBe('pendente');

  // The Orçamentos screen shows the quote as Pendente again.
  await page.goto('/orcamentos');
  await page.getByRole('tab', { name: 'Histórico' }).click();
  const quoteRow = page.getByRole('row', { name: new RegExp(cliente) });
  await expect(quoteRow).toContainText('Pendente');
});

test('a user holding only vendas can work a sale, with the card list the edit needs', async ({
  page,
  admin,
}) => {
  const cliente = unique('Cliente Só Vendas');
  const { venda } = await vendaViaOrcamento(admin, { cliente });
  await admin.post('/api/cartoes', { data: { bandeira: 'Dinheiro', tipo: 'Débito', taxa: 0 } });
  const u = await createUser(admin, ['vendas']);
  await signInPage(page, u.email, u.senha);
  await page.goto('/vendas');
  await page.getByLabel('Buscar vendas').fill(String(venda.numero));
  const row = page.getByRole('row', { name: new RegExp(cliente) });
  await row.getByRole('button', { name: `Editar venda #${venda.numero}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar Venda #${venda.numero}` });
  await expect(
    edit.getByLabel('Tipo de Pagamento').locator('option', { hasText: 'Dinheiro - Débito' }),
  ).not.toHaveCount(0);
  await edit.getByLabel('Status').selectOption('paga');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Venda atualizada com sucesso!')).toBeVisible();
  await expect(row).toContainText('Paga');
});

test("the details' Imprimir stays where it is while the note region loads below the figures", async ({
  adminPage: page,
  admin,
}) => {
  const cliente = unique('Cliente Detalhe');
  const { venda } = await vendaViaOrcamento(admin, { cliente });
  // The note's preview is held until the button has been measured: the moment a user reaches for it.
  let soltar = () => {};
  const segura = new Promise<void>((r) => {
    soltar = r;
  });
  await page.route('**/api/vendas/*/nota-fiscal/previa', async (route) => {
    await segura;
    await route.continue();
  });
  await page.goto('/vendas');
  await page.getByLabel('Buscar vendas').fill(cliente);
  await page.getByRole('button', { name: `Ver venda #${venda.numero}` }).click();
  const det = page.getByRole('dialog', { name: `Detalhes da Venda #${venda.numero}` });
  await expect(det).toContainText('Carregando a nota fiscal…');
  const imprimir = det.getByRole('button', { name: 'Imprimir' });
  const antes = await imprimir.boundingBox();
  soltar();
  await expect(det.getByRole('heading', { name: 'Nota fiscal' })).toBeVisible();
  await expect(det).not.toContainText(/Carregando a (nota fiscal|NFS-e)/);
  expect(await imprimir.boundingBox()).toEqual(antes);
  // The region is still there to read, in the dialog's own scroll.
  await det.getByRole('heading', { name: 'Nota fiscal' }).scrollIntoViewIfNeeded();
  await expect(det.getByText('Antes de emitir, complete:')).toBeVisible();
  expect(await imprimir.boundingBox()).toEqual(antes);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the sales screen fits 390 px', async ({ adminPage: page, admin }, testInfo) => {
    await vendaViaOrcamento(admin, {});
    await page.goto('/vendas');
    await expect(page.getByRole('list', { name: 'Vendas' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('vendas-390.png'), fullPage: true });
    await page
      .getByRole('button', { name: /Ver venda/ })
      .first()
      .click();
    await page.screenshot({ path: testInfo.outputPath('vendas-detalhe-390.png') });
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /Editar venda/ })
      .first()
      .click();
    await expect(page.getByLabel('Valor Bruto')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('vendas-editar-390.png') });
  });
});
