import { eq, sql } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { movimentacoesCaixa, recebimentos } from '../../db/schema';
import { addMonthsClamped, todayIso } from '../../domain/datas';
import { answer, apiSuite, ok, type Problem, refused, userWith, versionOf } from '../testing/harness';
import {
  contagensRecebimentos,
  type Pagamento,
  parcelasDa as parcelasDaVenda,
  seedArquiteto,
  seedCartao,
  seedCliente,
  seedVendedor,
  vendaAtrasada,
  vendaComParcelas,
} from './vendas.test-helpers';

const { env, admin } = apiSuite();
let cartaoId: string;
const TZ = 'America/Sao_Paulo';
const hoje = () => todayIso(TZ);

beforeAll(async () => {
  cartaoId = (await seedCartao(env, { bandeira: 'Pix', tipo: 'Débito' })).id;
});

const novaVenda = (p: Pagamento, clienteId?: string) => vendaComParcelas(env, admin, p, clienteId);
const parcelasDa = (vendaId: string) => parcelasDaVenda(env, vendaId);
const contagens = () => contagensRecebimentos(env);

type NovoPagamento = InferRequestType<(typeof admin.api.recebiveis)[':id']['recebimentos']['$post']>['json'];
type AlteracaoVenda = Omit<
  InferRequestType<(typeof admin.api.vendas)[':id']['$patch']>['json'],
  'updated_at'
>;
type PagarLiberado = InferRequestType<
  (typeof admin.api.vendas)[':id']['comissao']['pagar-liberado']['$post']
>['json'];

/** The request paying `valor` of an instalment; `pagar` reads its answer whatever the status. */
const pagamento = (parcelaId: string, valor: NovoPagamento['valor'], data = hoje(), cartao = cartaoId) =>
  admin.api.recebiveis[':id'].recebimentos.$post({
    param: { id: parcelaId },
    json: { valor, data, cartao_id: cartao },
  });
const pagar = (...args: Parameters<typeof pagamento>) => answer(pagamento(...args));
const desfazer = (id: string) => admin.api.recebimentos[':id'].$delete({ param: { id } });
const venda = (id: string) => admin.api.vendas[':id'].$get({ param: { id } });
/** A change to a sale sent with its current version (read first, as the screen does). */
const alterarVenda = async (id: string, json: AlteracaoVenda) =>
  admin.api.vendas[':id'].$patch({
    param: { id },
    json: { ...json, updated_at: await versionOf(venda(id)) },
  });
const recebiveis = (query: InferRequestType<typeof admin.api.recebiveis.$get>['query']) =>
  ok(admin.api.recebiveis.$get({ query }));
const kpis = () => ok(admin.api.recebimentos.kpis.$get());
const cobranca = (id: string) => admin.api.recebiveis[':id'].cobranca.$get({ param: { id } });
const configuracao = () => ok(admin.api.recebimentos.config.$get());
/** A refused answer's problem (the typed body is the success's). */
const problema = (res: { body: unknown }) => res.body as Problem;

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
    await ok(alterarVenda(v.id, { data_venda: '2025-01-31', tipo_venda: 'parcelado', numero_parcelas: 2 }));
    // 1000 ÷ 2 = 500 each; 2025 is not a leap year: 28/02, then 31/03 again (from the sale date).
    expect((await parcelasDa(v.id)).map((x) => [x.parcela, x.valor, x.data_vencimento])).toEqual([
      [1, '500.00', '2025-02-28'],
      [2, '500.00', '2025-03-31'],
    ]);
  });

  it('cancelling removes the unpaid instalments and restoring brings them back', async () => {
    const v = await novaVenda({ tipo_venda: 'parcelado', valor_total: '600.00', numero_parcelas: 2 });
    expect(await parcelasDa(v.id)).toHaveLength(2);
    await ok(alterarVenda(v.id, { status: 'cancelada' }));
    expect(await parcelasDa(v.id)).toHaveLength(0);
    await ok(alterarVenda(v.id, { status: 'confirmada' }));
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

    const movimento = admin.api.caixa.movimentacoes[':id'];
    const param = { id: mov!.id };
    const caixa = await ok(movimento.$get({ param }));
    expect(caixa.recebimento_id).toBe(r.body.id);
    const edit = await refused(
      movimento.$patch({ param, json: { valor: 5, updated_at: await versionOf(movimento.$get({ param })) } }),
      409,
    );
    expect(edit.detail).toBe('Esta movimentação é um recebimento: desfaça-o em Recebimentos.');
    await refused(movimento.$delete({ param }), 409);

    await ok(desfazer(r.body.id), 204);
    const again = await refused(desfazer(r.body.id), 404);
    expect(again.detail).toBe('Este recebimento já foi desfeito ou não existe.');
    expect(await contagens()).toEqual(before);
    expect((await parcelasDa(v.id))[0]!.valor_recebido).toBe('0.00');
  });

  it('refuses zero, negative, above the balance, future dates, unknown payment methods — and changes nothing', async () => {
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '250.00' });
    const [p] = await parcelasDa(v.id);
    expect((await pagar(p!.id, '50.00')).status).toBe(201);
    const before = await contagens();

    const zero = await refused(pagamento(p!.id, 0), 400);
    expect(zero.errors?.[0]).toMatchObject({
      path: 'valor',
      message: 'O valor recebido deve ser maior que zero.',
    });
    expect((await pagar(p!.id, -10)).status).toBe(400);
    // 250 − 50 = 200 owed: 200,01 is over it.
    const over = await refused(pagamento(p!.id, '200.01'), 409);
    expect(over.detail).toBe('O valor (R$ 200,01) é maior que o saldo da parcela (R$ 200,00).');
    const futuro = await refused(pagamento(p!.id, '10.00', addMonthsClamped(hoje(), 1)), 400);
    expect(futuro.detail).toBe('A data do recebimento não pode ser no futuro.');
    const semForma = await refused(
      pagamento(p!.id, '10.00', hoje(), '00000000-0000-4000-8000-000000000000'),
      400,
    );
    expect(semForma.detail).toBe('Forma de pagamento não encontrada.');
    const semParcela = await pagar('00000000-0000-4000-8000-000000000000', '10.00');
    expect(semParcela.status).toBe(404);
    expect(await contagens()).toEqual(before);

    // The rest pays it off; one more cent is refused as already paid.
    const resto = await pagar(p!.id, '200.00');
    expect(resto.body.parcela).toMatchObject({ status: 'paga', saldo: 0 });
    const extra = await refused(pagamento(p!.id, '0.01'), 409);
    expect(extra.detail).toBe('Esta parcela já está paga.');
  });

  it('a sale with received money cannot change its payment, be cancelled or deleted until the payments are undone', async () => {
    const v = await novaVenda({ tipo_venda: 'parcelado', valor_total: '900.00', numero_parcelas: 3 });
    const [p1] = await parcelasDa(v.id);
    const pago = await pagar(p1!.id, '100.00');
    const before = await parcelasDa(v.id);

    const edit = await refused(alterarVenda(v.id, { numero_parcelas: 2 }), 409);
    // 900 in 2x would make parcela 1 R$ 450,00 instead of R$ 300,00.
    expect(edit.detail).toBe(
      'A parcela 1 já tem R$ 100,00 recebidos e o valor mudaria de R$ 300,00 para R$ 450,00. Desfaça os recebimentos antes de alterar o pagamento da venda.',
    );
    const cancel = await refused(alterarVenda(v.id, { status: 'cancelada' }), 409);
    expect(cancel.detail).toBe(
      'Esta venda tem recebimentos registrados. Desfaça-os em Recebimentos antes de cancelá-la.',
    );
    const del = await refused(admin.api.vendas[':id'].$delete({ param: { id: v.id } }), 409);
    expect(del.detail).toBe(
      'Esta venda tem recebimentos registrados. Desfaça-os em Recebimentos antes de excluí-la.',
    );
    expect(await parcelasDa(v.id)).toEqual(before);
    expect((await ok(venda(v.id))).status).toBe('confirmada');

    // An edit that leaves the received instalment as it is goes through: parcela 1 stays 300 on its date.
    await ok(alterarVenda(v.id, { status: 'paga' }));

    await ok(desfazer(pago.body.id), 204);
    await ok(alterarVenda(v.id, { numero_parcelas: 2 }));
    expect((await parcelasDa(v.id)).map((x) => x.valor)).toEqual(['450.00', '450.00']);
    await ok(admin.api.vendas[':id'].$delete({ param: { id: v.id } }), 204);
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
    await refused(client.api.recebiveis.$get({ query: {} }), 403);
    await refused(client.api.recebimentos.kpis.$get(), 403);
  });
});

describe('list, KPIs, statement, cobrança', () => {
  it('lists by due date with status and client filters; a statement lists every instalment and payment', async () => {
    // Parcela 1 was due last month (late), 2 is due today, 3 next month.
    const { cliente, v, parcelas } = await vendaAtrasada(env, admin, 'Cliente Extrato Único');
    const [p1, p2] = parcelas;
    expect((await pagar(p1!.id, '150.00')).status).toBe(201);

    const list = await recebiveis({ cliente_id: cliente.id });
    expect(list.total).toBe(3);
    expect(list.items.map((r) => [r.parcela, r.status, r.saldo])).toEqual([
      [1, 'atrasada', 250], // 400 − 150
      [2, 'aberta', 400], // due today is not late
      [3, 'aberta', 400],
    ]);
    expect(list.items[0]).toMatchObject({
      cliente_nome: 'Cliente Extrato Único',
      venda_numero: v.numero,
      numero_parcelas: 3,
    });
    const atrasadas = await recebiveis({ cliente_id: cliente.id, status: 'atrasada' });
    expect(atrasadas.items.map((r) => r.id)).toEqual([p1!.id]);
    const periodo = await recebiveis({ cliente_id: cliente.id, inicio: hoje(), fim: hoje() });
    expect(periodo.items.map((r) => r.id)).toEqual([p2!.id]);
    await refused(admin.api.recebiveis.$get({ query: { status: 'nada' } }), 400);

    const extratoDe = (id: string) => admin.api.recebimentos.extrato[':id'].$get({ param: { id } });
    const extrato = await ok(extratoDe(cliente.id));
    // 1200 owed in all, 150 received, 1050 left.
    expect(extrato.totais).toEqual({ valor: 1200, recebido: 150, saldo: 1050 });
    expect(extrato.parcelas[0]!.recebimentos).toHaveLength(1);
    expect(extrato.parcelas[0]!.recebimentos[0]).toMatchObject({ valor: 150, forma_pagamento: 'Pix' });
    await refused(extratoDe('00000000-0000-4000-8000-000000000000'), 404);

    const csv = await answer(
      admin.api.recebiveis.exportar.$get({ query: { formato: 'csv', cliente_id: cliente.id } }),
    );
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Cliente Extrato Único');
    expect(String(csv.body)).toContain('250,00');
  });

  it('KPIs follow payments (differences, since other tests share the database)', async () => {
    const painel = () => ok(admin.api.dashboard.$get());
    const k0 = await kpis();
    const d0 = await painel();
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '80.00' });
    const [p] = await parcelasDa(v.id);
    const k1 = await kpis();
    // An à vista sale is due today: + R$ 80 to receive this month and in total.
    expect(k1.a_receber_mes - k0.a_receber_mes).toBeCloseTo(80, 2);
    expect(k1.total_aberto - k0.total_aberto).toBeCloseTo(80, 2);
    await pagar(p!.id, '30.00');
    const k2 = await kpis();
    expect(k2.recebido_mes - k1.recebido_mes).toBeCloseTo(30, 2);
    expect(k1.a_receber_mes - k2.a_receber_mes).toBeCloseTo(30, 2);
    // The dashboard's cards read the same figures, and its chart shows the R$ 30 received this month.
    const d2 = await painel();
    expect(d2.a_receber_mes).toBeCloseTo(k2.a_receber_mes, 2);
    expect(d2.em_atraso).toBeCloseTo(k2.em_atraso, 2);
    expect(d2.serie_12_meses.at(-1)!.recebido - d0.serie_12_meses.at(-1)!.recebido).toBeCloseTo(30, 2);
  });

  it('Cobrar por WhatsApp: message with amount and due date, and a Pix code for that amount once a key is set', async () => {
    const cliente = await seedCliente(env, 'Maria Cobrança');
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '123.45' }, cliente.id);
    const [p] = await parcelasDa(v.id);
    const sem = await ok(cobranca(p!.id));
    expect(sem.pix).toBeNull();
    expect(sem.mensagem).toContain('Olá, Maria Cobrança!');
    expect(sem.mensagem).toContain('R$ 123,45');

    // The Empresa screen's Pix key, typed once there (in its DICT form), name and city in ASCII
    await ok(admin.api.empresa.$get()); // creates the company's row
    await env.db.execute(
      sql`update empresa set chave_pix = '+5541999998888', nome = 'Marmoraria Nº 1 – Pedras™ 🪨', cidade = 'Curitiba'`,
    );
    const com = await ok(cobranca(p!.id));
    // EMV: the amount field 54 carries "123.45" (length 06), the key sits in the merchant account,
    // the name (59) is printable ASCII with its length in bytes: "MARMORARIA N 1 PEDRAS" is 21 bytes
    expect(com.pix).toContain('5406123.45');
    expect(com.pix).toContain('0114+5541999998888');
    expect(com.pix).toContain('5921MARMORARIA N 1 PEDRAS');
    expect(com.pix).toMatch(/^[\x20-\x7e]+$/);
    expect(com.mensagem).toContain(com.pix);
    expect(com.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(com.whatsapp_url).toMatch(/^https:\/\/wa\.me\/\?text=/);

    // Recebimentos has no key of its own any more: the settings refuse one
    const cfg = await configuracao();
    expect(cfg.comissao_por_recebimento).toBe(false);
    expect(cfg).not.toHaveProperty('pix_chave');
    // on purpose: a field the settings no longer have
    const outra = await admin.patch('/api/recebimentos/config', {
      pix_chave: 'financeiro@marmoraria.com.br',
      comissao_por_recebimento: false,
      updated_at: cfg.updated_at,
    });
    expect(outra.status).toBe(400);
    const config = admin.api.recebimentos.config;
    const put = await ok(
      config.$patch({ json: { comissao_por_recebimento: false, updated_at: cfg.updated_at } }),
    );
    const { id: _id, ...semId } = put;
    const stale = await refused(config.$patch({ json: { ...semId, updated_at: cfg.updated_at } }), 409);
    expect(stale.title).toBe('Conflito de edição');

    // Paid in full: nothing to charge ("no valor de R$ 0,00" was offered)
    expect((await pagar(p!.id, 123.45)).status).toBe(201);
    const paga = await refused(cobranca(p!.id), 409);
    expect(paga.detail).toBe('Esta parcela já está paga: não há o que cobrar.');
  });
});

describe('commissions released as the customer pays', () => {
  async function setLiberacao(on: boolean) {
    const { id: _id, ...cfg } = await configuracao();
    await ok(admin.api.recebimentos.config.$patch({ json: { ...cfg, comissao_por_recebimento: on } }));
  }
  /** Runs `fn` with commissions released as the customer pays; off again afterwards, even when it fails. */
  async function comLiberacao(fn: () => Promise<void>) {
    await setLiberacao(true);
    try {
      await fn();
    } finally {
      await setLiberacao(false);
    }
  }
  /** A sale of R$ 1.000,00 in `numero_parcelas`x, no card fee, by a new seller at `percentual` %. */
  const vendaDoVendedor = async (
    percentual: string,
    numero_parcelas: number,
    extra: Partial<Pagamento> = {},
  ) => {
    const vendedor = await seedVendedor(env, percentual);
    const v = await novaVenda({
      tipo_venda: 'parcelado',
      valor_total: '1000.00',
      numero_parcelas,
      vendedor_id: vendedor.id,
      ...extra,
    });
    return { vendedor, v, parcelas: await parcelasDa(v.id) };
  };
  const relatorio = (vendedorId: string) =>
    ok(admin.api.relatorios['comissoes-vendedores'].$get({ query: { vendedor_id: vendedorId } }));

  it('off: the seed columns; on: commission, released, paid and to be released, per person and per sale', async () => {
    // R$ 1.000,00 in 2x, no card fee: commission 10 % × 1.000,00 = R$ 100,00; instalments 500 + 500.
    const { vendedor, v, parcelas } = await vendaDoVendedor('10', 2);
    const [p1] = parcelas;

    const off = await relatorio(vendedor.id);
    expect(off).not.toHaveProperty('liberacao');
    expect(off.vendas[0]!).not.toHaveProperty('comissao_liberada');
    expect(off.por_vendedor[0]).toMatchObject({ total_comissao: 100 });

    await comLiberacao(async () => {
      // Nothing received yet: nothing released, R$ 100,00 to be released.
      let on = await relatorio(vendedor.id);
      expect(on.liberacao).toBe(true);
      expect(on.vendas[0]!).toMatchObject({
        valor_comissao: 100,
        valor_recebido: 0,
        comissao_liberada: 0,
        comissao_paga_valor: 0,
        comissao_a_liberar: 100,
      });

      // R$ 0,05 received: 100 × 0,05 ÷ 1.000 = 0,005 → R$ 0,01 (half-up).
      const cinco = await pagar(p1!.id, '0.05');
      on = await relatorio(vendedor.id);
      expect(on.vendas[0]!.comissao_liberada).toBe(0.01);
      await ok(desfazer(cinco.body.id), 204);

      // R$ 123,45 received: 100 × 123,45 ÷ 1.000 = 12,345 → R$ 12,35; to be released 100 − 12,35 = 87,65.
      await pagar(p1!.id, '123.45');
      on = await relatorio(vendedor.id);
      expect(on.vendas[0]!).toMatchObject({
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
      await ok(
        admin.api.vendas[':id'].comissao.$patch({ param: { id: v.id }, json: { comissao_paga: true } }),
      );
      // Then R$ 376,55 more arrives (500 in all): released 100 × 500 ÷ 1.000 = 50,00; paid stays 12,35.
      await pagar(p1!.id, '376.55');
      on = await relatorio(vendedor.id);
      expect(on.vendas[0]!).toMatchObject({
        valor_recebido: 500,
        comissao_liberada: 50,
        comissao_paga_valor: 12.35,
        comissao_a_liberar: 50,
      });
      expect(on.resumo).toMatchObject({ total_liberada: 50, total_paga: 12.35, total_a_liberar: 50 });
    });
    // Off again: a commission marked paid is paid in full, as before (the report keeps its columns).
    const depois = await relatorio(vendedor.id);
    expect(depois).not.toHaveProperty('liberacao');
    expect(depois.vendas[0]!.comissao_paga).toBe(true);
  });

  /** The report's row of a sale: what "Pagar liberado" sends back (amount and version) comes from it. */
  const linha = async (vendedorId: string, vendaId: string) => {
    const row = (await relatorio(vendedorId)).vendas.find((x) => x.id === vendaId);
    expect(row).toBeDefined();
    return row!;
  };
  /** "Pagar liberado" sent by `c`: its answer, whatever the status. */
  const pagarLiberado = (vendaId: string, json: PagarLiberado, c = admin) =>
    answer(c.api.vendas[':id'].comissao['pagar-liberado'].$post({ param: { id: vendaId }, json }));
  /** Pays `valor` of an instalment (201), then the sale's report row. */
  const receberELer = async (parcelaId: string, valor: string, vendedorId: string, vendaId: string) => {
    expect((await pagar(parcelaId, valor)).status).toBe(201);
    return linha(vendedorId, vendaId);
  };

  it('"Pagar liberado" pays what the customer released since the last payment, once', async () => {
    // R$ 1.000,00 in 2x (500,00 + 500,00), no card fee, seller at 5 %: commission 5 % × 1.000,00 = R$ 50,00.
    const { vendedor, v, parcelas } = await vendaDoVendedor('5', 2);
    const [p1, p2] = parcelas;
    await comLiberacao(async () => {
      // First instalment paid: released 50,00 × 500,00 ÷ 1.000,00 = R$ 25,00, nothing paid → 25,00 a pagar.
      let row = await receberELer(p1!.id, '500.00', vendedor.id, v.id);
      expect(row).toMatchObject({
        valor_comissao: 50,
        comissao_liberada: 25,
        comissao_paga_valor: 0,
        comissao_a_pagar: 25,
        venda_a_pagar: 25,
      });

      // Marked paid: paid = what is released now, R$ 25,00; nothing left a pagar.
      await ok(
        admin.api.vendas[':id'].comissao.$patch({ param: { id: v.id }, json: { comissao_paga: true } }),
      );
      row = await linha(vendedor.id, v.id);
      expect(row).toMatchObject({ comissao_liberada: 25, comissao_paga_valor: 25, comissao_a_pagar: 0 });
      const nada = await pagarLiberado(v.id, { valor: 0, updated_at: row.updated_at! });
      expect(nada.status).toBe(409);
      expect(problema(nada).title).toBe('Nada liberado a pagar');

      // Second instalment paid: released 50,00 × 1.000,00 ÷ 1.000,00 = R$ 50,00; paid 25,00 → a pagar
      // 50,00 − 25,00 = R$ 25,00, also the seller's total and the summary's.
      expect((await pagar(p2!.id, '500.00')).status).toBe(201);
      const rel = await relatorio(vendedor.id);
      row = rel.vendas.find((x) => x.id === v.id)!;
      expect(row).toMatchObject({
        valor_recebido: 1000,
        comissao_liberada: 50,
        comissao_paga_valor: 25,
        comissao_a_liberar: 0,
        comissao_a_pagar: 25,
        venda_a_pagar: 25,
      });
      expect(rel.por_vendedor[0]).toMatchObject({
        comissao_liberada: 50,
        comissao_paga_valor: 25,
        comissao_a_pagar: 25,
      });
      expect(rel.resumo).toMatchObject({ total_liberada: 50, total_paga: 25, total_a_pagar: 25 });
      // The report's file has the same release columns: received 1.000,00, released 50,00, paid 25,00,
      // to be released 0,00, a pagar 25,00.
      const csv = await answer(
        admin.api.relatorios['comissoes-vendedores'].exportar.$get({
          query: { formato: 'csv', vendedor_id: vendedor.id },
        }),
      );
      expect(csv.status).toBe(200);
      const [cab, dados] = String(csv.body)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(cab!.split(';').slice(-5)).toEqual([
        'Recebido',
        'Comissão liberada',
        'Comissão paga (R$)',
        'A liberar',
        'A pagar',
      ]);
      expect(dados!.split(';').slice(-5)).toEqual(['1000,00', '50,00', '25,00', '0,00', '25,00']);

      // Refused, and nothing changes: a stale version, an amount other than the server's, bad input.
      const stale = await pagarLiberado(v.id, { valor: 25, updated_at: '2020-01-01T00:00:00.000Z' });
      expect(stale.status).toBe(409);
      expect(problema(stale).detail).toBe('Este registro foi alterado por outra pessoa. Recarregue.');
      const outro = await pagarLiberado(v.id, { valor: 20, updated_at: row.updated_at! });
      expect(outro.status).toBe(409);
      expect(problema(outro).detail).toBe(
        'A comissão liberada a pagar desta venda agora é R$ 25,00, não R$ 20,00. Recarregue e confirme de novo.',
      );
      expect((await pagarLiberado(v.id, { valor: 'muito', updated_at: row.updated_at! })).status).toBe(400);
      // on purpose: without the version, and not JSON at all
      const liberado = `/api/vendas/${v.id}/comissao/pagar-liberado`;
      expect((await admin.post(liberado, { valor: 25 })).status).toBe(400);
      expect((await admin.post(liberado, 'não é json')).status).toBe(400);
      const semVendas = await userWith(env, ['vendedores', 'financeiro']);
      const proibido = await pagarLiberado(
        v.id,
        { valor: 25, updated_at: row.updated_at! },
        semVendas.client,
      );
      expect(proibido.status).toBe(403);
      const desconhecida = await pagarLiberado('00000000-0000-4000-8000-000000000000', {
        valor: 25,
        updated_at: row.updated_at!,
      });
      expect(desconhecida.status).toBe(404);
      expect(await linha(vendedor.id, v.id)).toMatchObject({ comissao_paga_valor: 25, comissao_a_pagar: 25 });

      // Paid: R$ 25,00 now (the seller's; no architect) → paid 50,00, a pagar 0.
      const pago = await pagarLiberado(v.id, { valor: 25, updated_at: row.updated_at! });
      expect(pago.status, JSON.stringify(pago.body)).toBe(200);
      expect(pago.body).toMatchObject({ valor_pago: 25, valor_pago_vendedor: 25, valor_pago_arquiteto: 0 });
      expect(pago.body.venda).toMatchObject({ id: v.id, comissao_paga: true });
      row = await linha(vendedor.id, v.id);
      expect(row).toMatchObject({
        comissao_liberada: 50,
        comissao_paga_valor: 50,
        comissao_a_pagar: 0,
        venda_a_pagar: 0,
      });
      // the row carries the sale's new version, the one a next payment must send
      expect(new Date(row.updated_at!).getTime()).toBe(new Date(pago.body.venda.updated_at).getTime());

      // Again, with the new version: nothing new released.
      const denovo = await pagarLiberado(v.id, { valor: 25, updated_at: pago.body.venda.updated_at });
      expect(denovo.status).toBe(409);
      expect(problema(denovo).detail).toBe(
        'Toda a comissão liberada desta venda já foi paga. Mais comissão é liberada quando o cliente pagar.',
      );

      // Audited as the sale's change, by the admin: the base paid on moved from R$ 500,00 to R$ 1.000,00.
      const h = await ok(
        admin.api.auditoria.historico.$get({ query: { recurso: 'vendas', registro: v.id } }),
      );
      expect(h.items[0]!.acao).toBe('atualizado');
      expect(h.items[0]!.usuario_nome).toBe('Administrador');
      expect(h.items[0]!.alteracoes.comissao_paga_base).toEqual([500, 1000]);
    });
  });

  it('two "Pagar liberado" at once pay once; a customer payment before the confirmation gets 409, nothing paid', async () => {
    const vendedor = await seedVendedor(env, '10');
    // R$ 400,00 à vista, seller at 10 %: commission R$ 40,00.
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '400.00', vendedor_id: vendedor.id });
    const [p] = await parcelasDa(v.id);
    await comLiberacao(async () => {
      // R$ 100,00 received: released 40 × 100 ÷ 400 = R$ 10,00.
      let row = await receberELer(p!.id, '100.00', vendedor.id, v.id);
      expect(row.venda_a_pagar).toBe(10);
      const both = await Promise.all([
        pagarLiberado(v.id, { valor: 10, updated_at: row.updated_at! }),
        pagarLiberado(v.id, { valor: 10, updated_at: row.updated_at! }),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      row = await linha(vendedor.id, v.id);
      expect(row).toMatchObject({ comissao_paga_valor: 10, comissao_a_pagar: 0 });

      // R$ 100,00 more (200 in all): released 40 × 200 ÷ 400 = 20,00, a pagar 10,00. The report row read
      // then; R$ 50,00 more arrives before the confirmation (released 40 × 250 ÷ 400 = 25,00, a pagar 15,00):
      // the confirmed R$ 10,00 is refused, nothing paid; the new figure is paid in full.
      row = await receberELer(p!.id, '100.00', vendedor.id, v.id);
      expect(row.venda_a_pagar).toBe(10);
      expect((await pagar(p!.id, '50.00')).status).toBe(201);
      const antigo = await pagarLiberado(v.id, { valor: 10, updated_at: row.updated_at! });
      expect(antigo.status).toBe(409);
      expect(problema(antigo).title).toBe('O valor liberado mudou');
      row = await linha(vendedor.id, v.id);
      expect(row).toMatchObject({ comissao_paga_valor: 10, venda_a_pagar: 15 });
      const pago = await pagarLiberado(v.id, { valor: 15, updated_at: row.updated_at! });
      expect(pago.body).toMatchObject({ valor_pago: 15 });
      expect(await linha(vendedor.id, v.id)).toMatchObject({
        comissao_paga_valor: 25,
        comissao_a_liberar: 15,
      });
    });
    // Off, everything is released: the rest of the commission, 40,00 − 25,00 = R$ 15,00, is what paying pays.
    const sale = await ok(venda(v.id));
    const resto = await pagarLiberado(v.id, { valor: 15, updated_at: sale.updated_at });
    expect(resto.status, JSON.stringify(resto.body)).toBe(200);
    expect(resto.body).toMatchObject({ valor_pago: 15, valor_pago_vendedor: 15 });
  });

  it("each report pays its own person: the seller's pays the seller, the architect's the RT (issue 26 §2); half-up; refuses a cancelled sale", async () => {
    const arquiteto = await seedArquiteto(env, '2');
    // R$ 1.000,00 in 3x (333,33 + 333,33 + 333,34), no fee: seller 5 % = R$ 50,00, architect 2 % = R$ 20,00.
    const { vendedor, v, parcelas } = await vendaDoVendedor('5', 3, { arquiteto_id: arquiteto.id });
    const [p1] = parcelas;
    const rtLinha = () =>
      ok(admin.api.relatorios['comissoes-arquitetos'].$get({ query: { arquiteto_id: arquiteto.id } }));
    await comLiberacao(async () => {
      // R$ 333,33 received: seller 50 × 333,33 ÷ 1.000 = 16,6665 → R$ 16,67 (half-up); architect
      // 20 × 333,33 ÷ 1.000 = 6,6666 → R$ 6,67. The seller's report pays the seller's R$ 16,67 only.
      const row = await receberELer(p1!.id, '333.33', vendedor.id, v.id);
      expect(row).toMatchObject({ comissao_liberada: 16.67, comissao_a_pagar: 16.67, venda_a_pagar: 16.67 });
      const rt = await rtLinha();
      expect(rt.vendas[0]!).toMatchObject({
        comissao_liberada: 6.67,
        comissao_a_pagar: 6.67,
        venda_a_pagar: 6.67,
      });

      // The old sum (seller + RT, 23,34) is not what the seller's report pays: 409, nothing paid.
      const soma = await pagarLiberado(v.id, { valor: '23,34', updated_at: row.updated_at! });
      expect(soma.status).toBe(409);
      const pago = await pagarLiberado(v.id, { valor: '16,67', updated_at: row.updated_at! });
      expect(pago.status, JSON.stringify(pago.body)).toBe(200);
      expect(pago.body).toMatchObject({
        valor_pago: 16.67,
        valor_pago_vendedor: 16.67,
        valor_pago_arquiteto: 0,
      });
      expect(await linha(vendedor.id, v.id)).toMatchObject({ comissao_paga_valor: 16.67, venda_a_pagar: 0 });
      // The architect's RT is still to be paid, from the architect's report.
      const rt2 = await rtLinha();
      expect(rt2.vendas[0]!).toMatchObject({
        comissao_paga: false,
        comissao_paga_valor: 0,
        venda_a_pagar: 6.67,
      });
      expect(rt2.por_arquiteto[0]!).toMatchObject({ comissao_a_pagar: 6.67 });
      const pagoRt = await pagarLiberado(v.id, {
        valor: 6.67,
        pessoa: 'arquiteto',
        updated_at: rt2.vendas[0]!.updated_at!,
      });
      expect(pagoRt.status, JSON.stringify(pagoRt.body)).toBe(200);
      expect(pagoRt.body).toMatchObject({
        valor_pago: 6.67,
        valor_pago_vendedor: 0,
        valor_pago_arquiteto: 6.67,
      });
      const rt3 = await rtLinha();
      expect(rt3.vendas[0]!).toMatchObject({
        comissao_paga: true,
        comissao_paga_valor: 6.67,
        comissao_a_pagar: 0,
      });
      expect(rt3.por_arquiteto[0]!).toMatchObject({ comissao_a_pagar: 0 });
      // Paying the RT left the seller's figures as they were.
      expect(await linha(vendedor.id, v.id)).toMatchObject({ comissao_paga_valor: 16.67, venda_a_pagar: 0 });

      // A cancelled sale (no money received, so it may be cancelled) pays no commission.
      const c = await novaVenda({ tipo_venda: 'avista', valor_total: '200.00', vendedor_id: vendedor.id });
      const cancelada = await ok(alterarVenda(c.id, { status: 'cancelada' }));
      const r = await pagarLiberado(c.id, { valor: 0, updated_at: cancelada.updated_at });
      expect(r.status).toBe(409);
      expect(problema(r).detail).toBe('Esta venda está cancelada: não há comissão a pagar.');
    });
  });
});
