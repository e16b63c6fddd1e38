import { eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recebimentos, vendas } from '../../db/schema';
import { addMonthsClamped, todayIso } from '../../domain/datas';
import {
  answer,
  type Client,
  createTestDeps,
  loginAdmin,
  ok,
  type Problem,
  refused,
  type TestEnv,
  userWith,
} from '../testing/harness';
import {
  contagensRecebimentos,
  type Pagamento,
  parcelasDa,
  seedCartao,
  vendaAtrasada,
  vendaComParcelas,
} from './vendas.test-helpers';

// The HTTP contract's receivables paths (shared/api.md): /api/recebiveis, POST
// /api/recebiveis/:id/recebimentos, DELETE /api/recebimentos/:id.

let env: TestEnv;
let admin: Client;
let cartaoId: string;
const hoje = () => todayIso('America/Sao_Paulo');
const NINGUEM = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  env = await createTestDeps();
  admin = await loginAdmin(env);
  cartaoId = (await seedCartao(env, { bandeira: 'Dinheiro', tipo: 'Débito' })).id;
});
afterAll(() => env.close());

const novaVenda = (p: Pagamento, clienteId?: string) => vendaComParcelas(env, admin, p, clienteId);
type NovoPagamento = InferRequestType<Client['api']['recebiveis'][':id']['recebimentos']['$post']>['json'];
type Filtros = InferRequestType<Client['api']['recebiveis']['$get']>['query'];
/** A payment of instalment `parcelaId` sent by `c`: its answer, whatever the status. */
const pagar = (parcelaId: string, json: NovoPagamento, headers: Record<string, string> = {}, c = admin) =>
  answer(c.api.recebiveis[':id'].recebimentos.$post({ param: { id: parcelaId }, json }, { headers }));
const lista = (query: Filtros, c = admin) => ok(c.api.recebiveis.$get({ query }));
const parcela = (id: string) => admin.api.recebiveis[':id'].$get({ param: { id } });
const movimentacao = (id: string) => admin.api.caixa.movimentacoes[':id'].$get({ param: { id } });
const desfazer = (id: string, c = admin) => c.api.recebimentos[':id'].$delete({ param: { id } });
const ids = (body: { items: { id: string }[] }) => body.items.map((r) => r.id);

describe('GET /api/recebiveis and /api/recebiveis/:id', () => {
  it('a sale of R$ 1.000,00 in 3x lists 333,33 + 333,33 + 333,34 with the contract fields', async () => {
    const v = await novaVenda({ tipo_venda: 'parcelado', valor_total: '1000.00', numero_parcelas: 3 });
    // another sale, so the venda_id filter has something to leave out
    await novaVenda({ tipo_venda: 'avista', valor_total: '50.00' });

    const r = await lista({ venda_id: v.id });
    expect(r).toMatchObject({ total: 3, page: 1, limit: 50 });
    // 1000 ÷ 3 = 333,333… → 333,33 (half-up); the last takes 1000 − 2 × 333,33 = 333,34. Monthly from
    // the sale date (today), nothing received yet: all "aberta".
    expect(
      r.items.map((p) => ({
        venda_id: p.venda_id,
        parcela: p.parcela,
        valor: p.valor,
        data_vencimento: p.data_vencimento,
        valor_recebido: p.valor_recebido,
        status: p.status,
      })),
    ).toEqual(
      [1, 2, 3].map((n, i) => ({
        venda_id: v.id,
        parcela: n,
        valor: [333.33, 333.33, 333.34][i],
        data_vencimento: addMonthsClamped(hoje(), n),
        valor_recebido: 0,
        status: 'aberta',
      })),
    );
    expect(r.items.every((p) => typeof p.id === 'string')).toBe(true);

    const one = await ok(parcela(r.items[2]!.id));
    expect(one).toMatchObject({ id: r.items[2]!.id, venda_id: v.id, parcela: 3, valor: 333.34 });
    expect(one.recebimentos).toEqual([]);

    const missing = await refused(parcela(NINGUEM), 404);
    expect(missing.detail).toBe('Parcela não encontrada.');
    await refused(parcela('nao-e-id'), 400);
    // a page of one: the total stays the filter's
    const page = await lista({ venda_id: v.id, limit: 1, page: 3 });
    expect(page).toMatchObject({ total: 3, page: 3, limit: 1 });
    expect(page.items.map((p) => p.parcela)).toEqual([3]);
  });

  it('filters by cliente_id, status and the due-date period inicio–fim; refuses bad filters in pt-BR', async () => {
    // Parcela 1 was due last month (late), 2 is due today, 3 next month.
    const {
      cliente,
      parcelas,
      dataVenda: back,
    } = await vendaAtrasada(env, admin, 'Cliente Recebíveis Contrato');
    const [p1, p2, p3] = parcelas;
    // 1200 ÷ 3 = 400 each; R$ 150,00 of the late one received: 250,00 still owed, still "atrasada".
    expect((await pagar(p1!.id, { valor: 150, data: hoje(), cartao_id: cartaoId })).status).toBe(201);
    // R$ 10,00 of the one due today: "parcial" (due today is not late).
    expect((await pagar(p2!.id, { valor: '10,00', data: hoje() })).status).toBe(201);

    const doCliente = await lista({ cliente_id: cliente.id });
    expect(doCliente.items.map((p) => [p.parcela, p.status, p.valor_recebido])).toEqual([
      [1, 'atrasada', 150],
      [2, 'parcial', 10],
      [3, 'aberta', 0],
    ]);
    const porStatus = async (status: string) => ids(await lista({ cliente_id: cliente.id, status }));
    expect(await porStatus('atrasada')).toEqual([p1!.id]);
    expect(await porStatus('parcial')).toEqual([p2!.id]);
    expect(await porStatus('aberta')).toEqual([p3!.id]);
    expect(await porStatus('paga')).toEqual([]);
    // the existing list's "pendente" (anything still owed) is still accepted
    expect(await porStatus('pendente')).toEqual([p1!.id, p2!.id, p3!.id]);

    const periodo = await lista({ cliente_id: cliente.id, inicio: hoje(), fim: hoje() });
    expect(ids(periodo)).toEqual([p2!.id]);
    const desde = await lista({ cliente_id: cliente.id, inicio: hoje() });
    expect(ids(desde)).toEqual([p2!.id, p3!.id]);
    const ate = await lista({ cliente_id: cliente.id, fim: back, inicio: '' });
    expect(ids(ate)).toEqual([]);

    const recusada = (query: Filtros) => refused(admin.api.recebiveis.$get({ query }), 400);
    const invertido = await recusada({ inicio: hoje(), fim: back });
    expect(invertido.errors?.[0]).toMatchObject({
      path: 'fim',
      message: 'A Data Início deve ser anterior ou igual à Data Fim.',
    });
    const status = await recusada({ status: 'vencida' });
    expect(status.errors?.[0]).toMatchObject({ path: 'status', message: 'Status inválido.' });
    await recusada({ venda_id: '123' });
    await recusada({ inicio: '31/12/2025' });
    await recusada({ limit: 201 });

    const csv = await answer(
      admin.api.recebiveis.exportar.$get({
        query: { formato: 'csv', cliente_id: cliente.id, status: 'atrasada' },
      }),
    );
    expect(csv.status).toBe(200);
    // the late one only: 400,00, received 150,00, 250,00 owed
    const linhas = String(csv.body).trim().split('\r\n');
    expect(linhas).toHaveLength(2);
    expect(linhas[1]).toContain('Cliente Recebíveis Contrato');
    expect(linhas[1]).toContain('250,00');
  });
});

describe('POST /api/recebiveis/:id/recebimentos and DELETE /api/recebimentos/:id', () => {
  it('R$ 100,00 of the first instalment → 201, parcial, its Caixa entrada; undo → 204, again → 404', async () => {
    const v = await novaVenda({ tipo_venda: 'parcelado', valor_total: '1000.00', numero_parcelas: 3 });
    const [p1] = await parcelasDa(env, v.id);
    const before = await contagensRecebimentos(env);

    const r = await pagar(p1!.id, { valor: 100, data: hoje(), cartao_id: cartaoId });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ parcela_id: p1!.id, valor: 100, data: hoje(), cartao_id: cartaoId });
    // 333,33 − 100,00 = 233,33 still owed; due next month, so "parcial".
    expect(r.body.parcela).toMatchObject({
      id: p1!.id,
      venda_id: v.id,
      parcela: 1,
      valor: 333.33,
      valor_recebido: 100,
      saldo: 233.33,
      status: 'parcial',
    });
    const listed = await lista({ venda_id: v.id, status: 'parcial' });
    expect(listed.items.map((p) => [p.id, p.valor_recebido])).toEqual([[p1!.id, 100]]);

    const mov = await ok(movimentacao(r.body.movimentacao_id));
    expect(mov).toMatchObject({
      tipo: 'entrada',
      valor: 100,
      data: hoje(),
      recebimento_id: r.body.id,
    });
    expect(mov.nome).toContain(`venda nº ${v.numero}, parcela 1/3`);
    const one = await ok(parcela(p1!.id));
    expect(one.recebimentos).toEqual([
      expect.objectContaining({ id: r.body.id, valor: 100, forma_pagamento: 'Dinheiro' }),
    ]);
    // one payment and one Caixa movement more, R$ 100,00 more received
    const after = await contagensRecebimentos(env);
    expect([
      after.rec - before.rec,
      after.mov - before.mov,
      Number(after.recebido) - Number(before.recebido),
    ]).toEqual([1, 1, 100]);

    expect(await ok(desfazer(r.body.id), 204)).toBeNull();
    const again = await refused(desfazer(r.body.id), 404);
    expect(again.detail).toBe('Este recebimento já foi desfeito ou não existe.');
    expect(await contagensRecebimentos(env)).toEqual(before);
    await refused(movimentacao(r.body.movimentacao_id), 404);
    expect(await ok(parcela(p1!.id))).toMatchObject({
      valor_recebido: 0,
      status: 'aberta',
    });
  });

  it('without cartao_id the payment is recorded with its method "não informada", and its Caixa entrada', async () => {
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '80.00' });
    const [p] = await parcelasDa(env, v.id);
    const r = await pagar(p!.id, { valor: '30,00', data: hoje() });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // 80,00 − 30,00 = 50,00 owed, due today: "parcial".
    expect(r.body).toMatchObject({ valor: 30, cartao_id: null, parcela: { saldo: 50, status: 'parcial' } });
    const one = await ok(parcela(p!.id));
    expect(one.recebimentos[0]).toMatchObject({ cartao_id: null, forma_pagamento: null });
    expect(await ok(movimentacao(r.body.movimentacao_id))).toMatchObject({
      tipo: 'entrada',
      valor: 30,
    });
    // "" from a form is "not informed" too; the rest, R$ 50,00, pays it off.
    const resto = await pagar(p!.id, { valor: 50, data: hoje(), cartao_id: '' });
    expect(resto.status).toBe(201);
    expect(resto.body.parcela).toMatchObject({ valor_recebido: 80, saldo: 0, status: 'paga' });
    expect(ids(await lista({ venda_id: v.id, status: 'paga' }))).toEqual([p!.id]);
  });

  it('bad input → 400 in pt-BR, overpayment and a paid instalment → 409, unknown → 404; nothing changes', async () => {
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '250.00' });
    const [p] = await parcelasDa(env, v.id);
    expect((await pagar(p!.id, { valor: 50, data: hoje() })).status).toBe(201);
    const before = await contagensRecebimentos(env);
    const valido = { valor: 10, data: hoje(), cartao_id: cartaoId };

    const erro = async (json: NovoPagamento, status: number) => {
      const r = await pagar(p!.id, json);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.headers.get('content-type')).toContain('application/problem+json');
      return r.body as unknown as Problem;
    };
    // on purpose: a body the types refuse (no date; not JSON at all)
    const malformado = async (body: unknown) => {
      const r = await admin.request('POST', `/api/recebiveis/${p!.id}/recebimentos`, body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.headers.get('content-type')).toContain('application/problem+json');
      return r.body;
    };
    expect((await erro({ ...valido, valor: 0 }, 400)).errors?.[0]).toMatchObject({
      path: 'valor',
      message: 'O valor recebido deve ser maior que zero.',
    });
    await erro({ ...valido, valor: -10 }, 400);
    await erro({ ...valido, valor: 'dez reais' }, 400);
    await erro({ ...valido, valor: '10.001' }, 400);
    expect((await malformado({ valor: 10 })).errors[0]).toMatchObject({
      path: 'data',
      message: 'Informe a data do recebimento.',
    });
    await erro({ ...valido, data: '2025-02-30' }, 400);
    expect((await erro({ ...valido, data: addMonthsClamped(hoje(), 1) }, 400)).detail).toBe(
      'A data do recebimento não pode ser no futuro.',
    );
    expect((await erro({ ...valido, cartao_id: 'pix' }, 400)).errors?.[0]).toMatchObject({
      path: 'cartao_id',
      message: 'Forma de pagamento inválida.',
    });
    expect((await erro({ ...valido, cartao_id: NINGUEM }, 400)).detail).toBe(
      'Forma de pagamento não encontrada.',
    );
    await malformado('não é json');
    // 250 − 50 = 200 owed: 200,01 is over it.
    expect((await erro({ ...valido, valor: '200.01' }, 409)).detail).toBe(
      'O valor (R$ 200,01) é maior que o saldo da parcela (R$ 200,00).',
    );
    const semParcela = await pagar(NINGUEM, valido);
    expect(semParcela.status).toBe(404);
    expect((semParcela.body as unknown as Problem).detail).toBe('Parcela não encontrada.');
    expect((await pagar('xyz', valido)).status).toBe(400);
    await refused(desfazer(NINGUEM), 404);
    await refused(desfazer('xyz'), 400);
    expect(await contagensRecebimentos(env)).toEqual(before);

    expect((await pagar(p!.id, { ...valido, valor: 200 })).status).toBe(201);
    expect((await erro({ ...valido, valor: '0.01' }, 409)).detail).toBe('Esta parcela já está paga.');
  });

  it('a cancelled sale takes no payment (409), even if its instalment is still there', async () => {
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '120.00' });
    const [p] = await parcelasDa(env, v.id);
    // The sale routes remove a cancelled sale's unpaid instalments; a status written straight to the
    // table (an import, a hand fix) leaves one behind: the payment rule refuses it on its own.
    await env.db.update(vendas).set({ status: 'cancelada' }).where(eq(vendas.id, v.id));
    const before = await contagensRecebimentos(env);
    const r = await pagar(p!.id, { valor: 10, data: hoje() });
    expect(r.status).toBe(409);
    expect((r.body as unknown as Problem).detail).toBe('Esta venda está cancelada: não recebe pagamentos.');
    expect(await contagensRecebimentos(env)).toEqual(before);
  });

  it('two payments of the last R$ 100,00 at once: one 201, one 409', async () => {
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '300.00' });
    const [p] = await parcelasDa(env, v.id);
    // 300 − 200 = 100 left; both ask for it.
    expect((await pagar(p!.id, { valor: 200, data: hoje() })).status).toBe(201);
    const both = await Promise.all([
      pagar(p!.id, { valor: 100, data: hoje() }),
      pagar(p!.id, { valor: 100, data: hoje(), cartao_id: cartaoId }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const recs = await env.db.select().from(recebimentos).where(eq(recebimentos.parcela_id, p!.id));
    expect(recs.map((r) => r.valor).sort()).toEqual(['100.00', '200.00']);
    expect((await parcelasDa(env, v.id))[0]!.valor_recebido).toBe('300.00');
  });

  it('honours Idempotency-Key: the same key answers the first payment again, another body gets 422', async () => {
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '90.00' });
    const [p] = await parcelasDa(env, v.id);
    const key = { 'idempotency-key': crypto.randomUUID() };
    const body = { valor: 40, data: hoje(), cartao_id: cartaoId };
    const first = await pagar(p!.id, body, key);
    expect(first.status).toBe(201);
    const retry = await pagar(p!.id, body, key);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await pagar(p!.id, { ...body, valor: 41 }, key)).status).toBe(422);
    // one payment of R$ 40,00: 90 − 40 = 50 owed
    const recs = await env.db.select().from(recebimentos).where(eq(recebimentos.parcela_id, p!.id));
    expect(recs.map((r) => r.valor)).toEqual(['40.00']);
    expect(await ok(parcela(p!.id))).toMatchObject({
      valor_recebido: 40,
      saldo: 50,
    });
  });

  it('needs the financeiro permission; financeiro alone is enough', async () => {
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '60.00' });
    const [p] = await parcelasDa(env, v.id);
    const sem = (await userWith(env, ['vendas', 'dashboard'])).client;
    await refused(sem.api.recebiveis.$get({ query: {} }), 403);
    await refused(sem.api.recebiveis[':id'].$get({ param: { id: p!.id } }), 403);
    await refused(sem.api.recebiveis.exportar.$get({ query: { formato: 'csv' } }), 403);
    const negado = await pagar(p!.id, { valor: 10, data: hoje() }, {}, sem);
    expect(negado.status).toBe(403);
    expect((await parcelasDa(env, v.id))[0]!.valor_recebido).toBe('0.00');

    const fin = (await userWith(env, ['financeiro'])).client;
    expect((await lista({ venda_id: v.id }, fin)).total).toBe(1);
    const pago = await pagar(p!.id, { valor: 10, data: hoje() }, {}, fin);
    expect(pago.status, JSON.stringify(pago.body)).toBe(201);
    await refused(desfazer(pago.body.id, sem), 403);
    await ok(desfazer(pago.body.id, fin), 204);
  });
});
