import { expect, test, unique } from './fixtures';
import { vendaViaOrcamento } from './vendas-helpers';

/*
 * Contas a receber (issue 16), end to end: a sale in 3x creates its instalments; the first one is
 * paid partially from the Recebimentos screen; the Caixa and the commission report, open in other
 * tabs, follow live (server events), with no reload.
 *
 * Note: this spec turns the "comissão liberada conforme recebimento" setting on for its duration
 * (restored in `finally`); the commission report's columns depend on it.
 */
test('a sale in 3x, the first instalment paid partially: Caixa and the commission report follow', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Vendedor Receb');
  const v = await admin.post('/api/vendedores', { data: { nome, percentual_comissao: 10, status: 'ativo' } });
  expect(v.status(), await v.text()).toBe(201);
  const vendedorId = ((await v.json()) as { id: string }).id;
  const obs = unique('Pix loja');
  const c = await admin.post('/api/cartoes', {
    data: { bandeira: 'Pix', tipo: 'Débito', taxa: 0, observacoes: obs },
  });
  expect(c.status(), await c.text()).toBe(201);

  const { cliente, venda } = await vendaViaOrcamento(admin, {
    vendedor_id: vendedorId,
    pagamento: { tipo_venda: 'parcelado', numero_parcelas: 3 },
  });
  // Quote: materials 10 × R$ 100,00 = 1.000,00, no margin, no card; the seller's 10 % of 1.000,00 =
  // 100,00 is added → the sale's gross value is R$ 1.100,00. Instalments: 1.100 ÷ 3 = 366,666… →
  // 366,67 + 366,67 + 366,66 (the last takes the rest). Commission: 1.100,00 × 10 % = R$ 110,00.
  expect(venda.valor_bruto).toBe(1100);

  const { id: _id, ...cfg } = await (await admin.get('/api/recebimentos/config')).json();
  const on = await admin.patch('/api/recebimentos/config', {
    data: { ...cfg, comissao_por_recebimento: true },
  });
  expect(on.status(), await on.text()).toBe(200);
  try {
    // Other tabs, opened before the payment: Caixa and the seller's commission report.
    const caixa = await page.context().newPage();
    await caixa.goto('/caixa');
    await expect(caixa.getByRole('heading', { name: 'Fluxo de Caixa' })).toBeVisible();
    const relatorio = await page.context().newPage();
    await relatorio.goto('/vendedores');
    await relatorio.getByRole('tab', { name: 'Relatório de Comissão' }).click();
    await relatorio.getByLabel('Vendedor', { exact: true }).selectOption({ label: nome });
    const pessoa = relatorio
      .getByRole('table', { name: 'Comissões por vendedor' })
      .getByRole('row', { name: new RegExp(nome) });
    // Nothing received yet: R$ 110,00 of commission, R$ 0,00 released, R$ 110,00 to be released.
    await expect(pessoa).toContainText('R$ 110,00');
    await expect(relatorio.getByTestId('resumo-liberada')).toHaveText('R$ 0,00');

    await page.goto(`/recebimentos?cliente_id=${cliente.id}`);
    await expect(page.getByRole('heading', { name: 'Recebimentos' })).toBeVisible();
    const tabela = page.getByRole('table', { name: 'Parcelas a receber' });
    await expect(tabela.getByRole('row')).toHaveCount(4); // header + 3 instalments
    await expect(tabela).toContainText('R$ 366,67');
    await expect(tabela).toContainText('R$ 366,66');

    await page
      .getByRole('button', { name: `Registrar recebimento da venda #${venda.numero}, parcela 1` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Registrar recebimento' });
    await expect(dialog.getByTestId('parcela-saldo')).toHaveText('R$ 366,67');
    await dialog.getByLabel('Valor recebido').fill('100');
    await dialog.getByLabel('Forma de pagamento').selectOption({ label: `Pix - Débito (${obs})` });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/recebimentos') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Registrar recebimento' }).click();
    expect((await saved).status()).toBe(201);
    await expect(dialog).toBeHidden();

    // 366,67 − 100,00 = 266,67 still owed on the first instalment, now "Parcial".
    const primeira = tabela.getByRole('row', { name: new RegExp(`#${venda.numero} · 1/3`) });
    await expect(primeira).toContainText('R$ 266,67');
    await expect(primeira).toContainText('Parcial');

    // Caixa, without reload: the entrada of R$ 100,00, linked to the payment (no Editar/Excluir).
    const mov = caixa.getByRole('row', { name: new RegExp(`Recebimento venda nº ${venda.numero}`) });
    await expect(mov).toContainText('R$ 100,00');
    await expect(mov.getByRole('link', { name: /Recebimento/ })).toBeVisible();
    await expect(mov.getByRole('button', { name: /Editar/ })).toHaveCount(0);

    // Commission report, without reload: released 110,00 × 100,00 ÷ 1.100,00 = R$ 10,00;
    // to be released 110,00 − 10,00 = R$ 100,00.
    await expect(relatorio.getByTestId('resumo-liberada')).toHaveText('R$ 10,00');
    await expect(pessoa).toContainText('R$ 10,00');
    await expect(pessoa).toContainText('R$ 100,00');

    // The statement shows the payment; undoing it there takes the entrada out of the Caixa.
    await page
      .getByRole('button', { name: `Extrato de ${cliente.nome}` })
      .first()
      .click();
    const extrato = page.getByRole('dialog', { name: 'Extrato do cliente' });
    // 1.100,00 − 100,00 = 1.000,00 still owed by this customer.
    await expect(extrato.getByTestId('extrato-saldo')).toHaveText('R$ 1.000,00');
    await extrato.getByRole('button', { name: /Desfazer recebimento de R\$ 100,00/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Desfazer' }).click();
    await expect(extrato.getByTestId('extrato-saldo')).toHaveText('R$ 1.100,00');
    await expect(mov).toHaveCount(0);
    await expect(relatorio.getByTestId('resumo-liberada')).toHaveText('R$ 0,00');
  } finally {
    const { id: _i, ...now } = await (await admin.get('/api/recebimentos/config')).json();
    await admin.patch('/api/recebimentos/config', { data: { ...now, comissao_por_recebimento: false } });
  }
});
