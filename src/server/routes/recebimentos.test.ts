import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { movimentacoesCaixa, parcelas, recebimentos } from '../../db/schema';
import { addMonthsClamped, todayIso } from '../../domain/datas';
import { apiSuite, userWith } from '../testing/harness';
import { seedCartao, seedCliente, seedOrcamento, seedVendedor } from './vendas.test-helpers';

const { env, admin } = apiSuite();
let cartaoId: string;
const TZ = 'America/Sao_Paulo';
const hoje = () => todayIso(TZ);

beforeAll(async () => {
  cartaoId = (await seedCartao(env, { bandeira: 'Pix', tipo: 'Débito' })).id;
});

type Pagamento = {
  tipo_venda: 'avista' | 'parcelado' | 'entrada';
  valor_total: string;
  valor_entrada?: string;
  numero_parcelas?: number;
  vendedor_id?: string;
};

/** A sale through the quote → sale route (the path that creates its instalments), dated today. */
async function novaVenda(p: Pagamento, clienteId?: string) {
  const o = await seedOrcamento(env, {
    status: 'aprovado',
    tipo_venda: p.tipo_venda,
    valor_total: p.valor_total,
    valor_entrada: p.valor_entrada ?? '0',
    numero_parcelas: p.numero_parcelas ?? 1,
    vendedor_id: p.vendedor_id ?? null,
    ...(clienteId ? { cliente_id: clienteId } : {}),
  });
  const r = await admin.post(`/api/orcamentos/${o.id}/venda`);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; numero: number; cliente_id: string; updated_at: string };
}

async function parcelasDa(vendaId: string) {
  return env.db
    .select({
      id: parcelas.id,
      parcela: parcelas.parcela,
      valor: parcelas.valor,
      valor_recebido: parcelas.valor_recebido,
      data_vencimento: parcelas.data_vencimento,
    })
    .from(parcelas)
    .where(eq(parcelas.venda_id, vendaId))
    .orderBy(parcelas.parcela);
}

const pagar = (parcelaId: string, valor: unknown, data = hoje(), cartao = cartaoId) =>
  admin.post('/api/recebimentos', { parcela_id: parcelaId, valor, data, cartao_id: cartao });

async function contagens() {
  const [r] = await queryRows<{ rec: number; mov: number; recebido: string }>(
    env.db,
    sql`select (select count(*)::int from recebimentos) as rec, (select count(*)::int from movimentacoes_caixa) as mov,
               (select coalesce(sum(valor_recebido), 0)::text from parcelas) as recebido`,
  );
  return r!;
}

describe('instalments created with the sale', () => {
  it('R$ 1.000,00 in 3x → 333,33 + 333,33 + 333,34, monthly from the sale date', async () => {
    // 1000 ÷ 3 = 333,333… → 333,33 (half-up); the last takes 1000 − 2 × 333,33 = 333,34.
    const v = await novaVenda({ tipo_venda: 'parcelado', valor_total: '1000.00', numero_parcelas: 3 });
    const rows = await parcelasDa(v.id);
    expect(rows.map((r) => [r.parcela, r.valor, r.data_vencimento])).toEqual([
      [1, '333.33', addMonthsClamped(hoje(), 1)],
      [2, '333.33', addMonthsClamped(hoje(), 2)],
      [3, '333.34', addMonthsClamped(hoje(), 3)],
    ]);
  });

  it('entrada R$ 300 of R$ 1.000 in 3x → 300 today, then 233,33 + 233,33 + 233,34', async () => {
    // rest 700 ÷ 3 = 233,333… → 233,33; last 700 − 466,66 = 233,34; 300 + 700 = 1000.
    const v = await novaVenda({
      tipo_venda: 'entrada',
      valor_total: '1000.00',
      valor_entrada: '300.00',
      numero_parcelas: 3,
    });
    const rows = await parcelasDa(v.id);
    expect(rows.map((r) => [r.parcela, r.valor])).toEqual([
      [0, '300.00'],
      [1, '233.33'],
      [2, '233.33'],
      [3, '233.34'],
    ]);
    expect(rows[0]!.data_vencimento).toBe(hoje());
  });

  it('editing the sale regenerates: a sale on 31 January in 2x falls on 28/02 and 31/03', async () => {
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '1000.00' });
    expect((await parcelasDa(v.id)).map((r) => [r.parcela, r.valor, r.data_vencimento])).toEqual([
      [1, '1000.00', hoje()],
    ]);
    const r = await admin.patchCurrent(`/api/vendas/${v.id}`, {
      data_venda: '2025-01-31',
      tipo_venda: 'parcelado',
      numero_parcelas: 2,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // 1000 ÷ 2 = 500 each; 2025 is not a leap year: 28/02, then 31/03 again (from the sale date).
    expect((await parcelasDa(v.id)).map((x) => [x.parcela, x.valor, x.data_vencimento])).toEqual([
      [1, '500.00', '2025-02-28'],
      [2, '500.00', '2025-03-31'],
    ]);
  });

  it('cancelling removes the unpaid instalments and restoring brings them back', async () => {
    const v = await novaVenda({ tipo_venda: 'parcelado', valor_total: '600.00', numero_parcelas: 2 });
    expect(await parcelasDa(v.id)).toHaveLength(2);
    expect((await admin.patchCurrent(`/api/vendas/${v.id}`, { status: 'cancelada' })).status).toBe(200);
    expect(await parcelasDa(v.id)).toHaveLength(0);
    expect((await admin.patchCurrent(`/api/vendas/${v.id}`, { status: 'confirmada' })).status).toBe(200);
    expect((await parcelasDa(v.id)).map((x) => x.valor)).toEqual(['300.00', '300.00']);
  });
});

describe('payments', () => {
  it('a partial payment creates its Caixa entrada; the movement cannot be changed in Caixa; undo removes both', async () => {
    const v = await novaVenda({ tipo_venda: 'parcelado', valor_total: '1000.00', numero_parcelas: 3 });
    const [p1] = await parcelasDa(v.id);
    const before = await contagens();

    const r = await pagar(p1!.id, '100.00');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // 333,33 − 100,00 = 233,33 still owed; due next month, so "parcial".
    expect(r.body.parcela).toMatchObject({ valor_recebido: 100, saldo: 233.33, status: 'parcial' });
    const [mov] = await env.db
      .select()
      .from(movimentacoesCaixa)
      .where(eq(movimentacoesCaixa.id, r.body.movimentacao_id));
    expect(mov).toMatchObject({ tipo: 'entrada', valor: '100.00', data: hoje() });
    expect(mov!.nome).toContain(`venda nº ${v.numero}`);

    const caixa = await admin.get(`/api/caixa/movimentacoes/${mov!.id}`);
    expect(caixa.body.recebimento_id).toBe(r.body.id);
    const edit = await admin.patchCurrent(`/api/caixa/movimentacoes/${mov!.id}`, { valor: 5 });
    expect(edit.status).toBe(409);
    expect(edit.body.detail).toBe('Esta movimentação é um recebimento: desfaça-o em Recebimentos.');
    expect((await admin.delete(`/api/caixa/movimentacoes/${mov!.id}`)).status).toBe(409);

    const undo = await admin.delete(`/api/recebimentos/${r.body.id}`);
    expect(undo.status).toBe(204);
    const again = await admin.delete(`/api/recebimentos/${r.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe('Este recebimento já foi desfeito ou não existe.');
    expect(await contagens()).toEqual(before);
    expect((await parcelasDa(v.id))[0]!.valor_recebido).toBe('0.00');
  });

  it('refuses zero, negative, above the balance, future dates, unknown payment methods — and changes nothing', async () => {
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '250.00' });
    const [p] = await parcelasDa(v.id);
    expect((await pagar(p!.id, '50.00')).status).toBe(201);
    const before = await contagens();

    const zero = await pagar(p!.id, 0);
    expect(zero.status).toBe(400);
    expect(zero.body.errors[0]).toMatchObject({
      path: 'valor',
      message: 'O valor recebido deve ser maior que zero.',
    });
    expect((await pagar(p!.id, -10)).status).toBe(400);
    // 250 − 50 = 200 owed: 200,01 is over it.
    const over = await pagar(p!.id, '200.01');
    expect(over.status).toBe(409);
    expect(over.body.detail).toBe('O valor (R$ 200,01) é maior que o saldo da parcela (R$ 200,00).');
    const futuro = await pagar(p!.id, '10.00', addMonthsClamped(hoje(), 1));
    expect(futuro.status).toBe(400);
    expect(futuro.body.detail).toBe('A data do recebimento não pode ser no futuro.');
    const semForma = await pagar(p!.id, '10.00', hoje(), '00000000-0000-4000-8000-000000000000');
    expect(semForma.status).toBe(400);
    expect(semForma.body.detail).toBe('Forma de pagamento não encontrada.');
    const semParcela = await pagar('00000000-0000-4000-8000-000000000000', '10.00');
    expect(semParcela.status).toBe(404);
    expect(await contagens()).toEqual(before);

    // The rest pays it off; one more cent is refused as already paid.
    const resto = await pagar(p!.id, '200.00');
    expect(resto.body.parcela).toMatchObject({ status: 'paga', saldo: 0 });
    const extra = await pagar(p!.id, '0.01');
    expect(extra.status).toBe(409);
    expect(extra.body.detail).toBe('Esta parcela já está paga.');
  });

  it('a sale with received money cannot change its payment, be cancelled or deleted until the payments are undone', async () => {
    const v = await novaVenda({ tipo_venda: 'parcelado', valor_total: '900.00', numero_parcelas: 3 });
    const [p1] = await parcelasDa(v.id);
    const pago = await pagar(p1!.id, '100.00');
    const before = await parcelasDa(v.id);

    const edit = await admin.patchCurrent(`/api/vendas/${v.id}`, { numero_parcelas: 2 });
    expect(edit.status).toBe(409);
    // 900 in 2x would make parcela 1 R$ 450,00 instead of R$ 300,00.
    expect(edit.body.detail).toBe(
      'A parcela 1 já tem R$ 100,00 recebidos e o valor mudaria de R$ 300,00 para R$ 450,00. Desfaça os recebimentos antes de alterar o pagamento da venda.',
    );
    const cancel = await admin.patchCurrent(`/api/vendas/${v.id}`, { status: 'cancelada' });
    expect(cancel.status).toBe(409);
    expect(cancel.body.detail).toBe(
      'Esta venda tem recebimentos registrados. Desfaça-os em Recebimentos antes de cancelá-la.',
    );
    const del = await admin.delete(`/api/vendas/${v.id}`);
    expect(del.status).toBe(409);
    expect(del.body.detail).toBe(
      'Esta venda tem recebimentos registrados. Desfaça-os em Recebimentos antes de excluí-la.',
    );
    expect(await parcelasDa(v.id)).toEqual(before);
    expect((await admin.get(`/api/vendas/${v.id}`)).body.status).toBe('confirmada');

    // An edit that leaves the received instalment as it is goes through: parcela 1 stays 300 on its date.
    const same = await admin.patchCurrent(`/api/vendas/${v.id}`, { status: 'paga' });
    expect(same.status).toBe(200);

    expect((await admin.delete(`/api/recebimentos/${pago.body.id}`)).status).toBe(204);
    expect((await admin.patchCurrent(`/api/vendas/${v.id}`, { numero_parcelas: 2 })).status).toBe(200);
    expect((await parcelasDa(v.id)).map((x) => x.valor)).toEqual(['450.00', '450.00']);
    expect((await admin.delete(`/api/vendas/${v.id}`)).status).toBe(204);
    expect(await parcelasDa(v.id)).toEqual([]);
  });

  it('two payments of the last R$ 100 at once: one is recorded, the other gets 409', async () => {
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '300.00' });
    const [p] = await parcelasDa(v.id);
    expect((await pagar(p!.id, '200.00')).status).toBe(201);
    const results = await Promise.all([pagar(p!.id, '100.00'), pagar(p!.id, '100.00')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const [after] = await parcelasDa(v.id);
    expect(after!.valor_recebido).toBe('300.00');
    const recs = await env.db.select().from(recebimentos).where(eq(recebimentos.parcela_id, p!.id));
    expect(recs.map((r) => r.valor).sort()).toEqual(['100.00', '200.00']);
  });

  it('needs the financeiro permission', async () => {
    const { client } = await userWith(env, ['vendas', 'dashboard']);
    expect((await client.get('/api/recebimentos')).status).toBe(403);
    expect((await client.get('/api/recebimentos/kpis')).status).toBe(403);
  });
});

describe('list, KPIs, statement, cobrança', () => {
  it('lists by due date with status and client filters; a statement lists every instalment and payment', async () => {
    const cliente = await seedCliente(env, 'Cliente Extrato Único');
    const v = await novaVenda(
      { tipo_venda: 'parcelado', valor_total: '1200.00', numero_parcelas: 3 },
      cliente.id,
    );
    // Back-date the sale two months: parcela 1 was due last month (late), 2 is due today, 3 next month.
    const back = addMonthsClamped(hoje(), -2);
    expect((await admin.patchCurrent(`/api/vendas/${v.id}`, { data_venda: back })).status).toBe(200);
    const [p1, p2] = await parcelasDa(v.id);
    expect((await pagar(p1!.id, '150.00')).status).toBe(201);

    const list = await admin.get(`/api/recebimentos?cliente_id=${cliente.id}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(
      list.body.items.map((r: { parcela: number; status: string; saldo: number }) => [
        r.parcela,
        r.status,
        r.saldo,
      ]),
    ).toEqual([
      [1, 'atrasada', 250], // 400 − 150
      [2, 'aberta', 400], // due today is not late
      [3, 'aberta', 400],
    ]);
    expect(list.body.items[0]).toMatchObject({
      cliente_nome: 'Cliente Extrato Único',
      venda_numero: v.numero,
      numero_parcelas: 3,
    });
    const atrasadas = await admin.get(`/api/recebimentos?cliente_id=${cliente.id}&status=atrasada`);
    expect(atrasadas.body.items.map((r: { id: string }) => r.id)).toEqual([p1!.id]);
    const periodo = await admin.get(`/api/recebimentos?cliente_id=${cliente.id}&de=${hoje()}&ate=${hoje()}`);
    expect(periodo.body.items.map((r: { id: string }) => r.id)).toEqual([p2!.id]);
    expect((await admin.get('/api/recebimentos?status=nada')).status).toBe(400);

    const extrato = await admin.get(`/api/recebimentos/extrato/${cliente.id}`);
    expect(extrato.status).toBe(200);
    // 1200 owed in all, 150 received, 1050 left.
    expect(extrato.body.totais).toEqual({ valor: 1200, recebido: 150, saldo: 1050 });
    expect(extrato.body.parcelas[0].recebimentos).toHaveLength(1);
    expect(extrato.body.parcelas[0].recebimentos[0]).toMatchObject({ valor: 150, forma_pagamento: 'Pix' });
    expect((await admin.get('/api/recebimentos/extrato/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );

    const csv = await admin.get(`/api/recebimentos/exportar?formato=csv&cliente_id=${cliente.id}`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Cliente Extrato Único');
    expect(String(csv.body)).toContain('250,00');
  });

  it('KPIs follow payments (differences, since other tests share the database)', async () => {
    const k0 = (await admin.get('/api/recebimentos/kpis')).body;
    const d0 = (await admin.get('/api/dashboard')).body;
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '80.00' });
    const [p] = await parcelasDa(v.id);
    const k1 = (await admin.get('/api/recebimentos/kpis')).body;
    // An à vista sale is due today: + R$ 80 to receive this month and in total.
    expect(k1.a_receber_mes - k0.a_receber_mes).toBeCloseTo(80, 2);
    expect(k1.total_aberto - k0.total_aberto).toBeCloseTo(80, 2);
    await pagar(p!.id, '30.00');
    const k2 = (await admin.get('/api/recebimentos/kpis')).body;
    expect(k2.recebido_mes - k1.recebido_mes).toBeCloseTo(30, 2);
    expect(k1.a_receber_mes - k2.a_receber_mes).toBeCloseTo(30, 2);
    // The dashboard's cards read the same figures, and its chart shows the R$ 30 received this month.
    const d2 = (await admin.get('/api/dashboard')).body;
    expect(d2.a_receber_mes).toBeCloseTo(k2.a_receber_mes, 2);
    expect(d2.em_atraso).toBeCloseTo(k2.em_atraso, 2);
    expect(d2.serie_12_meses.at(-1).recebido - d0.serie_12_meses.at(-1).recebido).toBeCloseTo(30, 2);
  });

  it('Cobrar por WhatsApp: message with amount and due date, and a Pix code for that amount once a key is set', async () => {
    const cliente = await seedCliente(env, 'Maria Cobrança');
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '123.45' }, cliente.id);
    const [p] = await parcelasDa(v.id);
    const sem = await admin.get(`/api/recebimentos/parcelas/${p!.id}/cobranca`);
    expect(sem.status).toBe(200);
    expect(sem.body.pix).toBeNull();
    expect(sem.body.mensagem).toContain('Olá, Maria Cobrança!');
    expect(sem.body.mensagem).toContain('R$ 123,45');

    // The Empresa screen's Pix key serves while Recebimentos has none of its own.
    expect((await admin.get('/api/empresa')).status).toBe(200); // creates the company's row
    await env.db.execute(sql`update empresa set chave_pix = '+5541999998888', cidade = 'Curitiba'`);
    const daEmpresa = await admin.get(`/api/recebimentos/parcelas/${p!.id}/cobranca`);
    expect(daEmpresa.body.pix).toContain('5406123.45');
    expect(daEmpresa.body.pix).toContain('+5541999998888');

    const cfg = (await admin.get('/api/recebimentos/config')).body;
    expect(cfg.comissao_por_recebimento).toBe(false);
    const put = await admin.patch('/api/recebimentos/config', {
      pix_chave: 'financeiro@marmoraria.com.br',
      pix_nome: 'Marmoraria Lavra',
      pix_cidade: 'Curitiba',
      comissao_por_recebimento: false,
      updated_at: cfg.updated_at,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const { id: _id, ...semId } = put.body;
    const stale = await admin.patch('/api/recebimentos/config', { ...semId, updated_at: cfg.updated_at });
    expect(stale.body.title).toBe('Conflito de edição');
    expect(stale.status).toBe(409);

    const com = await admin.get(`/api/recebimentos/parcelas/${p!.id}/cobranca`);
    // EMV: the amount field 54 carries "123.45" (length 06), the key sits in the merchant account.
    expect(com.body.pix).toContain('5406123.45');
    expect(com.body.pix).toContain('financeiro@marmoraria.com.br');
    expect(com.body.pix).not.toContain('+5541999998888');
    expect(com.body.mensagem).toContain(com.body.pix);
    expect(com.body.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(com.body.whatsapp_url).toMatch(/^https:\/\/wa\.me\/\?text=/);
  });
});

describe('commissions released as the customer pays', () => {
  async function setLiberacao(on: boolean) {
    const { id: _id, ...cfg } = (await admin.get('/api/recebimentos/config')).body;
    const r = await admin.patch('/api/recebimentos/config', { ...cfg, comissao_por_recebimento: on });
    expect(r.status).toBe(200);
  }
  const relatorio = async (vendedorId: string) => {
    const r = await admin.get(`/api/relatorios/comissoes-vendedores?vendedor_id=${vendedorId}`);
    expect(r.status).toBe(200);
    return r.body;
  };

  it('off: the seed columns; on: commission, released, paid and to be released, per person and per sale', async () => {
    const vendedor = await seedVendedor(env, '10');
    // R$ 1.000,00 in 2x, no card fee: commission 10 % × 1.000,00 = R$ 100,00; instalments 500 + 500.
    const v = await novaVenda({
      tipo_venda: 'parcelado',
      valor_total: '1000.00',
      numero_parcelas: 2,
      vendedor_id: vendedor.id,
    });
    const [p1] = await parcelasDa(v.id);

    const off = await relatorio(vendedor.id);
    expect(off).not.toHaveProperty('liberacao');
    expect(off.vendas[0]).not.toHaveProperty('comissao_liberada');
    expect(off.por_vendedor[0]).toMatchObject({ total_comissao: 100 });

    await setLiberacao(true);
    try {
      // Nothing received yet: nothing released, R$ 100,00 to be released.
      let on = await relatorio(vendedor.id);
      expect(on.liberacao).toBe(true);
      expect(on.vendas[0]).toMatchObject({
        valor_comissao: 100,
        valor_recebido: 0,
        comissao_liberada: 0,
        comissao_paga_valor: 0,
        comissao_a_liberar: 100,
      });

      // R$ 0,05 received: 100 × 0,05 ÷ 1.000 = 0,005 → R$ 0,01 (half-up).
      const cinco = await pagar(p1!.id, '0.05');
      on = await relatorio(vendedor.id);
      expect(on.vendas[0].comissao_liberada).toBe(0.01);
      await admin.delete(`/api/recebimentos/${cinco.body.id}`);

      // R$ 123,45 received: 100 × 123,45 ÷ 1.000 = 12,345 → R$ 12,35; to be released 100 − 12,35 = 87,65.
      await pagar(p1!.id, '123.45');
      on = await relatorio(vendedor.id);
      expect(on.vendas[0]).toMatchObject({
        valor_recebido: 123.45,
        comissao_liberada: 12.35,
        comissao_paga_valor: 0,
        comissao_a_liberar: 87.65,
      });
      expect(on.por_vendedor[0]).toMatchObject({
        total_comissao: 100,
        comissao_liberada: 12.35,
        comissao_paga_valor: 0,
        comissao_a_liberar: 87.65,
      });
      expect(on.resumo).toMatchObject({
        total_comissoes: 100,
        total_liberada: 12.35,
        total_paga: 0,
        total_a_liberar: 87.65,
      });

      // Marking the commission paid pays what is released: R$ 12,35.
      expect((await admin.patch(`/api/vendas/${v.id}/comissao`, { comissao_paga: true })).status).toBe(200);
      // Then R$ 376,55 more arrives (500 in all): released 100 × 500 ÷ 1.000 = 50,00; paid stays 12,35.
      await pagar(p1!.id, '376.55');
      on = await relatorio(vendedor.id);
      expect(on.vendas[0]).toMatchObject({
        valor_recebido: 500,
        comissao_liberada: 50,
        comissao_paga_valor: 12.35,
        comissao_a_liberar: 50,
      });
      expect(on.resumo).toMatchObject({ total_liberada: 50, total_paga: 12.35, total_a_liberar: 50 });
    } finally {
      await setLiberacao(false);
    }
    // Off again: a commission marked paid is paid in full, as before (the report keeps its columns).
    const depois = await relatorio(vendedor.id);
    expect(depois).not.toHaveProperty('liberacao');
    expect(depois.vendas[0].comissao_paga).toBe(true);
  });
});
