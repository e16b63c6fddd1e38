import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recebimentos, vendas } from '../../db/schema';
import { addMonthsClamped, todayIso } from '../../domain/datas';
import { type Client, createTestDeps, loginAdmin, okBody, type TestEnv, userWith } from '../testing/harness';
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
const pagar = (parcelaId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  admin.request('POST', `/api/recebiveis/${parcelaId}/recebimentos`, body, headers);

type Item = {
  id: string;
  venda_id: string;
  parcela: number;
  valor: number;
  data_vencimento: string;
  valor_recebido: number;
  status: string;
};
const ids = (body: { items: Item[] }) => body.items.map((r) => r.id);

describe('GET /api/recebiveis and /api/recebiveis/:id', () => {
  it('a sale of R$ 1.000,00 in 3x lists 333,33 + 333,33 + 333,34 with the contract fields', async () => {
    const v = await novaVenda({ tipo_venda: 'parcelado', valor_total: '1000.00', numero_parcelas: 3 });
    // another sale, so the venda_id filter has something to leave out
    await novaVenda({ tipo_venda: 'avista', valor_total: '50.00' });

    const r = await admin.get(`/api/recebiveis?venda_id=${v.id}`);
    expect(okBody(r)).toMatchObject({ total: 3, page: 1, limit: 50 });
    // 1000 ÷ 3 = 333,333… → 333,33 (half-up); the last takes 1000 − 2 × 333,33 = 333,34. Monthly from
    // the sale date (today), nothing received yet: all "aberta".
    expect(
      r.body.items.map((p: Item) => ({
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
    expect(r.body.items.every((p: Item) => typeof p.id === 'string')).toBe(true);

    const one = await admin.get(`/api/recebiveis/${r.body.items[2].id}`);
    expect(okBody(one)).toMatchObject({ id: r.body.items[2].id, venda_id: v.id, parcela: 3, valor: 333.34 });
    expect(one.body.recebimentos).toEqual([]);

    const missing = await admin.get(`/api/recebiveis/${NINGUEM}`);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Parcela não encontrada.');
    expect((await admin.get('/api/recebiveis/nao-e-id')).status).toBe(400);
    // a page of one: the total stays the filter's
    const page = await admin.get(`/api/recebiveis?venda_id=${v.id}&limit=1&page=3`);
    expect(page.body).toMatchObject({ total: 3, page: 3, limit: 1 });
    expect(page.body.items.map((p: Item) => p.parcela)).toEqual([3]);
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

    const doCliente = await admin.get(`/api/recebiveis?cliente_id=${cliente.id}`);
    expect(doCliente.body.items.map((p: Item) => [p.parcela, p.status, p.valor_recebido])).toEqual([
      [1, 'atrasada', 150],
      [2, 'parcial', 10],
      [3, 'aberta', 0],
    ]);
    const porStatus = async (status: string) =>
      ids((await admin.get(`/api/recebiveis?cliente_id=${cliente.id}&status=${status}`)).body);
    expect(await porStatus('atrasada')).toEqual([p1!.id]);
    expect(await porStatus('parcial')).toEqual([p2!.id]);
    expect(await porStatus('aberta')).toEqual([p3!.id]);
    expect(await porStatus('paga')).toEqual([]);
    // the existing list's "pendente" (anything still owed) is still accepted
    expect(await porStatus('pendente')).toEqual([p1!.id, p2!.id, p3!.id]);

    const periodo = await admin.get(
      `/api/recebiveis?cliente_id=${cliente.id}&inicio=${hoje()}&fim=${hoje()}`,
    );
    expect(ids(periodo.body)).toEqual([p2!.id]);
    const desde = await admin.get(`/api/recebiveis?cliente_id=${cliente.id}&inicio=${hoje()}`);
    expect(ids(desde.body)).toEqual([p2!.id, p3!.id]);
    const ate = await admin.get(`/api/recebiveis?cliente_id=${cliente.id}&fim=${back}&inicio=`);
    expect(ids(ate.body)).toEqual([]);

    const invertido = await admin.get(`/api/recebiveis?inicio=${hoje()}&fim=${back}`);
    expect(invertido.status).toBe(400);
    expect(invertido.body.errors[0]).toMatchObject({
      path: 'fim',
      message: 'A Data Início deve ser anterior ou igual à Data Fim.',
    });
    const status = await admin.get('/api/recebiveis?status=vencida');
    expect(status.status).toBe(400);
    expect(status.body.errors[0]).toMatchObject({ path: 'status', message: 'Status inválido.' });
    expect((await admin.get('/api/recebiveis?venda_id=123')).status).toBe(400);
    expect((await admin.get('/api/recebiveis?inicio=31/12/2025')).status).toBe(400);
    expect((await admin.get('/api/recebiveis?limit=201')).status).toBe(400);

    const csv = await admin.get(
      `/api/recebiveis/exportar?formato=csv&cliente_id=${cliente.id}&status=atrasada`,
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
    const listed = await admin.get(`/api/recebiveis?venda_id=${v.id}&status=parcial`);
    expect(listed.body.items.map((p: Item) => [p.id, p.valor_recebido])).toEqual([[p1!.id, 100]]);

    const mov = await admin.get(`/api/caixa/movimentacoes/${r.body.movimentacao_id}`);
    expect(okBody(mov)).toMatchObject({
      tipo: 'entrada',
      valor: 100,
      data: hoje(),
      recebimento_id: r.body.id,
    });
    expect(mov.body.nome).toContain(`venda nº ${v.numero}, parcela 1/3`);
    const one = await admin.get(`/api/recebiveis/${p1!.id}`);
    expect(one.body.recebimentos).toEqual([
      expect.objectContaining({ id: r.body.id, valor: 100, forma_pagamento: 'Dinheiro' }),
    ]);
    // one payment and one Caixa movement more, R$ 100,00 more received
    const after = await contagensRecebimentos(env);
    expect([
      after.rec - before.rec,
      after.mov - before.mov,
      Number(after.recebido) - Number(before.recebido),
    ]).toEqual([1, 1, 100]);

    const undo = await admin.delete(`/api/recebimentos/${r.body.id}`);
    expect(undo.status).toBe(204);
    expect(undo.body).toBeNull();
    const again = await admin.delete(`/api/recebimentos/${r.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe('Este recebimento já foi desfeito ou não existe.');
    expect(await contagensRecebimentos(env)).toEqual(before);
    expect((await admin.get(`/api/caixa/movimentacoes/${r.body.movimentacao_id}`)).status).toBe(404);
    expect((await admin.get(`/api/recebiveis/${p1!.id}`)).body).toMatchObject({
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
    const one = await admin.get(`/api/recebiveis/${p!.id}`);
    expect(one.body.recebimentos[0]).toMatchObject({ cartao_id: null, forma_pagamento: null });
    expect((await admin.get(`/api/caixa/movimentacoes/${r.body.movimentacao_id}`)).body).toMatchObject({
      tipo: 'entrada',
      valor: 30,
    });
    // "" from a form is "not informed" too; the rest, R$ 50,00, pays it off.
    const resto = await pagar(p!.id, { valor: 50, data: hoje(), cartao_id: '' });
    expect(resto.status).toBe(201);
    expect(resto.body.parcela).toMatchObject({ valor_recebido: 80, saldo: 0, status: 'paga' });
    expect(ids((await admin.get(`/api/recebiveis?venda_id=${v.id}&status=paga`)).body)).toEqual([p!.id]);
  });

  it('bad input → 400 in pt-BR, overpayment and a paid instalment → 409, unknown → 404; nothing changes', async () => {
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '250.00' });
    const [p] = await parcelasDa(env, v.id);
    expect((await pagar(p!.id, { valor: 50, data: hoje() })).status).toBe(201);
    const before = await contagensRecebimentos(env);
    const ok = { valor: 10, data: hoje(), cartao_id: cartaoId };

    const erro = async (body: unknown, status: number) => {
      const r = await admin.request('POST', `/api/recebiveis/${p!.id}/recebimentos`, body);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.headers.get('content-type')).toContain('application/problem+json');
      return r.body;
    };
    expect((await erro({ ...ok, valor: 0 }, 400)).errors[0]).toMatchObject({
      path: 'valor',
      message: 'O valor recebido deve ser maior que zero.',
    });
    await erro({ ...ok, valor: -10 }, 400);
    await erro({ ...ok, valor: 'dez reais' }, 400);
    await erro({ ...ok, valor: '10.001' }, 400);
    expect((await erro({ valor: 10 }, 400)).errors[0]).toMatchObject({
      path: 'data',
      message: 'Informe a data do recebimento.',
    });
    await erro({ ...ok, data: '2025-02-30' }, 400);
    expect((await erro({ ...ok, data: addMonthsClamped(hoje(), 1) }, 400)).detail).toBe(
      'A data do recebimento não pode ser no futuro.',
    );
    expect((await erro({ ...ok, cartao_id: 'pix' }, 400)).errors[0]).toMatchObject({
      path: 'cartao_id',
      message: 'Forma de pagamento inválida.',
    });
    expect((await erro({ ...ok, cartao_id: NINGUEM }, 400)).detail).toBe(
      'Forma de pagamento não encontrada.',
    );
    await erro('não é json', 400);
    // 250 − 50 = 200 owed: 200,01 is over it.
    expect((await erro({ ...ok, valor: '200.01' }, 409)).detail).toBe(
      'O valor (R$ 200,01) é maior que o saldo da parcela (R$ 200,00).',
    );
    const semParcela = await admin.post(`/api/recebiveis/${NINGUEM}/recebimentos`, ok);
    expect(semParcela.status).toBe(404);
    expect(semParcela.body.detail).toBe('Parcela não encontrada.');
    expect((await admin.post('/api/recebiveis/xyz/recebimentos', ok)).status).toBe(400);
    expect((await admin.delete(`/api/recebimentos/${NINGUEM}`)).status).toBe(404);
    expect((await admin.delete('/api/recebimentos/xyz')).status).toBe(400);
    expect(await contagensRecebimentos(env)).toEqual(before);

    expect((await pagar(p!.id, { ...ok, valor: 200 })).status).toBe(201);
    expect((await erro({ ...ok, valor: '0.01' }, 409)).detail).toBe('Esta parcela já está paga.');
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
    expect(r.body.detail).toBe('Esta venda está cancelada: não recebe pagamentos.');
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
    expect((await admin.get(`/api/recebiveis/${p!.id}`)).body).toMatchObject({
      valor_recebido: 40,
      saldo: 50,
    });
  });

  it('needs the financeiro permission; financeiro alone is enough', async () => {
    const v = await novaVenda({ tipo_venda: 'avista', valor_total: '60.00' });
    const [p] = await parcelasDa(env, v.id);
    const sem = (await userWith(env, ['vendas', 'dashboard'])).client;
    expect((await sem.get('/api/recebiveis')).status).toBe(403);
    expect((await sem.get(`/api/recebiveis/${p!.id}`)).status).toBe(403);
    expect((await sem.get('/api/recebiveis/exportar?formato=csv')).status).toBe(403);
    const negado = await sem.post(`/api/recebiveis/${p!.id}/recebimentos`, { valor: 10, data: hoje() });
    expect(negado.status).toBe(403);
    expect((await parcelasDa(env, v.id))[0]!.valor_recebido).toBe('0.00');

    const fin = (await userWith(env, ['financeiro'])).client;
    expect((await fin.get(`/api/recebiveis?venda_id=${v.id}`)).body.total).toBe(1);
    const pago = await fin.create(`/api/recebiveis/${p!.id}/recebimentos`, { valor: 10, data: hoje() });
    expect((await sem.delete(`/api/recebimentos/${pago.id}`)).status).toBe(403);
    expect((await fin.delete(`/api/recebimentos/${pago.id}`)).status).toBe(204);
  });
});
