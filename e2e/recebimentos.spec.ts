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

    // back to the first tab, in front: a hidden tab draws no frames, and each click there waits ~2 s
    await page.bringToFront();
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
      (r) => /\/api\/recebiveis\/[^/]+\/recebimentos$/.test(r.url()) && r.request().method() === 'POST',
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

/*
 * Commissions released as the customer pays (issue 16): a commission marked paid when half the sale
 * was received, then the customer pays more — the report offers "Pagar liberado (R$ X)" with the
 * figure the server computed, follows a further payment live, and pays it from a confirmation.
 */
test('the commission released after it was marked paid is paid from the report', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Vendedor Liberado');
  const v = await admin.post('/api/vendedores', { data: { nome, percentual_comissao: 10, status: 'ativo' } });
  expect(v.status(), await v.text()).toBe(201);
  const vendedorId = ((await v.json()) as { id: string }).id;
  const obs = unique('Pix comissão');
  const c = await admin.post('/api/cartoes', {
    data: { bandeira: 'Pix', tipo: 'Débito', taxa: 0, observacoes: obs },
  });
  expect(c.status(), await c.text()).toBe(201);
  const cartaoId = ((await c.json()) as { id: string }).id;

  const { cliente, venda } = await vendaViaOrcamento(admin, {
    vendedor_id: vendedorId,
    pagamento: { tipo_venda: 'parcelado', numero_parcelas: 2 },
  });
  // Quote: materials R$ 1.000,00 + the seller's 10 % (R$ 100,00) → gross R$ 1.100,00, in 2x of
  // R$ 550,00. Commission: 1.100,00 × 10 % = R$ 110,00.
  expect(venda.valor_bruto).toBe(1100);
  const lista = await admin.get(`/api/recebiveis?cliente_id=${cliente.id}`);
  const [p1, p2] = ((await lista.json()) as { items: { id: string; parcela: number }[] }).items.sort(
    (a, b) => a.parcela - b.parcela,
  );
  const receber = async (parcelaId: string, valor: number) => {
    const r = await admin.post(`/api/recebiveis/${parcelaId}/recebimentos`, {
      data: { valor, data: venda.data_venda, cartao_id: cartaoId },
    });
    expect(r.status(), await r.text()).toBe(201);
  };

  const { id: _id, ...cfg } = await (await admin.get('/api/recebimentos/config')).json();
  const on = await admin.patch('/api/recebimentos/config', {
    data: { ...cfg, comissao_por_recebimento: true },
  });
  expect(on.status(), await on.text()).toBe(200);
  try {
    // First instalment received (R$ 550,00): released 110,00 × 550 ÷ 1.100 = R$ 55,00, marked paid → paid 55,00.
    await receber(p1!.id, 550);
    const paga = await admin.patch(`/api/vendas/${venda.id}/comissao`, { data: { comissao_paga: true } });
    expect(paga.status(), await paga.text()).toBe(200);
    // Then R$ 275,00 of the second: received 825,00 → released 110 × 825 ÷ 1.100 = R$ 82,50;
    // a pagar 82,50 − 55,00 = R$ 27,50.
    await receber(p2!.id, 275);

    await page.goto('/vendedores');
    await page.getByRole('tab', { name: 'Relatório de Comissão' }).click();
    await page.getByLabel('Vendedor', { exact: true }).selectOption({ label: nome });
    const linha = page
      .getByRole('table', { name: 'Detalhamento das Vendas' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: `#${venda.numero}`, exact: true }) });
    await expect(linha.getByRole('button', { name: 'Pagar liberado (R$ 27,50)' })).toBeVisible();
    await expect(linha).toContainText('Paga em parte');
    await expect(page.getByTestId('resumo-a-pagar')).toHaveText('R$ 27,50');

    // The rest arrives while the report is open (R$ 275,00): released 110,00, a pagar 110 − 55 = R$ 55,00.
    await receber(p2!.id, 275);
    const botao = linha.getByRole('button', { name: 'Pagar liberado (R$ 55,00)' });
    await expect(botao).toBeVisible();
    await expect(page.getByTestId('resumo-a-pagar')).toHaveText('R$ 55,00');

    await botao.click();
    const dialog = page.getByRole('alertdialog', { name: 'Pagar comissão liberada' });
    await expect(dialog.getByTestId('pagar-liberado-total')).toHaveText('R$ 55,00');
    // the seller's report pays the seller; the architect's RT is paid from the architect's report
    await expect(dialog).toContainText('A RT do arquiteto é paga no relatório de arquitetos.');
    const pago = page.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/vendas/${venda.id}/comissao/pagar-liberado`) &&
        r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Pagar R$ 55,00' }).click();
    const resposta = await pago;
    expect(resposta.status()).toBe(200);
    expect(((await resposta.json()) as { valor_pago: number }).valor_pago).toBe(55);
    await expect(dialog).toBeHidden();

    // Paid 55,00 + 55,00 = R$ 110,00, the whole commission: nothing a pagar, the mark reads "Paga".
    await expect(linha.getByRole('button', { name: /Pagar liberado/ })).toHaveCount(0);
    await expect(page.getByTestId('resumo-a-pagar')).toHaveText('R$ 0,00');
    await expect(linha).toContainText('Paga');
    await expect(linha).not.toContainText('Paga em parte');
    const pessoa = page
      .getByRole('table', { name: 'Comissões por vendedor' })
      .getByRole('row', { name: new RegExp(nome) });
    await expect(pessoa.getByRole('cell')).toHaveText([
      nome,
      /^10/,
      '1',
      'R$ 110,00',
      'R$ 110,00',
      'R$ 110,00',
      'R$ 0,00',
      'R$ 0,00',
    ]);
  } finally {
    const { id: _i, ...now } = await (await admin.get('/api/recebimentos/config')).json();
    await admin.patch('/api/recebimentos/config', { data: { ...now, comissao_por_recebimento: false } });
  }
});
