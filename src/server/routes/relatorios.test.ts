import type { InferRequestType } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comissaoVenda } from '../../domain/comissoes';
import {
  answer,
  type Client,
  createTestDeps,
  loginAdmin,
  ok,
  refused,
  type TestEnv,
  userWith,
  versionOf,
} from '../testing/harness';
import { seedArquiteto, seedVenda, seedVendedor, type VendaSeed } from './vendas.test-helpers';

let env: TestEnv;
let admin: Client;
const ids: Record<string, string> = {};
const numeros: Record<string, number> = {};

/*
 * Sellers A (10 %) and B (2.5 %); architects X (7 %) and Y (3 %).
 *   s1 2024-05-01 A, X   gross 1000.00 fee 30.00 → base 970.00 → A 97.00, X 67.90
 *   s2 2024-05-31 B, Y   gross  333.40 fee  0    → base 333.40 → B 8.335 → 8.34 (half-up), Y 10.002 → 10.00
 *   s3 2024-04-30 A, X*  gross  500.00           → A 50.00 (X: stored architect commission 0 → not counted)
 *   s4 2024-06-01 A      gross  200.00           → A 20.00
 *   s5 2024-05-15 A*     gross  900.00           → stored seller commission 0 → not counted
 *   s6 2024-05-15 —      gross  800.00           → no seller → not counted
 *   s7 2024-05-10 B      gross  100.10 fee 0.10  → base 100.00 → B 2.50, commission already paid
 */
beforeAll(async () => {
  env = await createTestDeps();
  admin = await loginAdmin(env);
  const A = await seedVendedor(env, '10', 'Alice Vendas');
  const B = await seedVendedor(env, '2.5', 'Bruno Vendas');
  const X = await seedArquiteto(env, '7', 'Xavier Arq');
  const Y = await seedArquiteto(env, '3', 'Yara Arq');
  Object.assign(ids, { A: A.id, B: B.id, X: X.id, Y: Y.id });
  const sales: Record<string, VendaSeed> = {
    s1: {
      data_venda: '2024-05-01',
      valor_bruto: '1000.00',
      valor_taxa: '30.00',
      valor_liquido: '970.00',
      vendedor_id: A.id,
      comissao_vendedor: '97.00',
      arquiteto_id: X.id,
      comissao_arquiteto: '67.90',
    },
    s2: {
      data_venda: '2024-05-31',
      valor_bruto: '333.40',
      vendedor_id: B.id,
      comissao_vendedor: '8.34',
      arquiteto_id: Y.id,
      comissao_arquiteto: '10.00',
    },
    s3: {
      data_venda: '2024-04-30',
      valor_bruto: '500.00',
      vendedor_id: A.id,
      comissao_vendedor: '50.00',
      arquiteto_id: X.id,
      comissao_arquiteto: '0',
    },
    s4: { data_venda: '2024-06-01', valor_bruto: '200.00', vendedor_id: A.id, comissao_vendedor: '20.00' },
    s5: { data_venda: '2024-05-15', valor_bruto: '900.00', vendedor_id: A.id, comissao_vendedor: '0' },
    s6: { data_venda: '2024-05-15', valor_bruto: '800.00' },
    // cancelled: earns no commission, though it has a seller, an architect and stored commissions
    s8: {
      data_venda: '2024-05-20',
      valor_bruto: '4000.00',
      vendedor_id: A.id,
      comissao_vendedor: '400.00',
      arquiteto_id: X.id,
      comissao_arquiteto: '400.00',
      status: 'cancelada',
    },
    s7: {
      data_venda: '2024-05-10',
      valor_bruto: '100.10',
      valor_taxa: '0.10',
      valor_liquido: '100.00',
      vendedor_id: B.id,
      comissao_vendedor: '2.50',
      comissao_paga: true,
    },
  };
  for (const [k, v] of Object.entries(sales)) {
    const row = await seedVenda(env, v);
    ids[k] = row.id;
    numeros[k] = row.numero;
  }
});
afterAll(() => env.close());

type Filtros<R extends 'comissoes-vendedores' | 'comissoes-arquitetos'> = InferRequestType<
  Client['api']['relatorios'][R]['$get']
>['query'];
/** A report's answer (status, typed body), whatever the status. */
const vendedoresReport = (query: Filtros<'comissoes-vendedores'>) =>
  answer(admin.api.relatorios['comissoes-vendedores'].$get({ query }));
const arquitetosReport = (query: Filtros<'comissoes-arquitetos'>) =>
  answer(admin.api.relatorios['comissoes-arquitetos'].$get({ query }));

describe('GET /api/relatorios/comissoes-vendedores', () => {
  it('a month with both edges inclusive: A 97.00 (1 sale), B 8.34 + 2.50 = 10.84 (2 sales), total 107.84', async () => {
    const res = await vendedoresReport({ inicio: '2024-05-01', fim: '2024-05-31' });
    expect(res.status).toBe(200);
    expect(res.body.resumo).toEqual({
      vendedores_ativos: 2,
      vendas_com_comissao: 3,
      total_comissoes: 107.84,
    });
    expect(res.body.por_vendedor).toEqual([
      { vendedor_id: ids.A, nome: 'Alice Vendas', percentual_comissao: 10, vendas: 1, total_comissao: 97 },
      {
        vendedor_id: ids.B,
        nome: 'Bruno Vendas',
        percentual_comissao: 2.5,
        vendas: 2,
        total_comissao: 10.84,
      },
    ]);
    expect(res.body.vendas_total).toBe(3);
    // newest first
    expect(res.body.vendas.map((v: { id: string }) => v.id)).toEqual([ids.s2, ids.s7, ids.s1]);
    expect(res.body.vendas[0]).toEqual({
      id: ids.s2,
      numero: numeros.s2,
      data_venda: '2024-05-31',
      vendedor_id: ids.B,
      vendedor_nome: 'Bruno Vendas',
      valor_bruto: 333.4,
      valor_taxa: 0,
      valor_base: 333.4,
      percentual_comissao: 2.5,
      valor_comissao: 8.34,
      comissao_paga: false,
    });
    expect(res.body.vendas[1]).toMatchObject({
      valor_taxa: 0.1,
      valor_base: 100,
      valor_comissao: 2.5,
      comissao_paga: true,
    });
    // the SQL agrees with the domain's reference rule, sale by sale
    for (const v of res.body.vendas) {
      expect(v.valor_comissao).toBe(comissaoVenda(v.valor_bruto, v.valor_taxa, v.percentual_comissao));
    }
  });

  it('one day inside each edge leaves out the sales on the edges', async () => {
    const res = await vendedoresReport({ inicio: '2024-05-02', fim: '2024-05-30' });
    expect(res.body.resumo).toEqual({ vendedores_ativos: 1, vendas_com_comissao: 1, total_comissoes: 2.5 });
    expect(res.body.vendas.map((v: { id: string }) => v.id)).toEqual([ids.s7]);
  });

  it('only a start, only an end, or one seller', async () => {
    // from 31 May on: s2 (B 8.34) and s4 (A 20.00)
    expect((await vendedoresReport({ inicio: '2024-05-31' })).body.resumo).toEqual({
      vendedores_ativos: 2,
      vendas_com_comissao: 2,
      total_comissoes: 28.34,
    });
    // up to 30 April: s3 (A 50.00)
    expect((await vendedoresReport({ fim: '2024-04-30', inicio: '' })).body.resumo).toEqual({
      vendedores_ativos: 1,
      vendas_com_comissao: 1,
      total_comissoes: 50,
    });
    // all of A: 97.00 + 50.00 + 20.00 = 167.00 over 3 sales (s5 has no stored commission)
    const a = await vendedoresReport({ vendedor_id: ids.A });
    expect(a.body.resumo).toEqual({ vendedores_ativos: 1, vendas_com_comissao: 3, total_comissoes: 167 });
    expect(a.body.vendas.map((v: { id: string }) => v.id)).not.toContain(ids.s5);
    // everything: 167.00 + 10.84 = 177.84
    expect((await vendedoresReport({})).body.resumo.total_comissoes).toBe(177.84);
  });

  it('an empty period answers zeros and empty lists', async () => {
    const res = await vendedoresReport({ inicio: '2023-01-01', fim: '2023-12-31' });
    expect(res.body).toEqual({
      resumo: { vendedores_ativos: 0, vendas_com_comissao: 0, total_comissoes: 0 },
      por_vendedor: [],
      vendas: [],
      vendas_total: 0,
      page: 1,
      limit: 50,
    });
  });

  it('a period of whole months and odd days adds the kept month totals and the days at its ends', async () => {
    // 15 Apr – 1 Jun: s3 (30 Apr, A 50.00) on the odd days of April, all of May (A 97.00; B 8.34 + 2.50),
    // s4 (1 Jun, A 20.00) on the odd day of June → A 167.00 over 3 sales, B 10.84 over 2, total 177.84
    const res = await vendedoresReport({ inicio: '2024-04-15', fim: '2024-06-01' });
    expect(res.body.resumo).toEqual({
      vendedores_ativos: 2,
      vendas_com_comissao: 5,
      total_comissoes: 177.84,
    });
    expect(res.body.por_vendedor.map((p: { total_comissao: number }) => p.total_comissao)).toEqual([
      167, 10.84,
    ]);
    // whole months only (1 Apr – 30 Jun): the same sales
    expect(
      (await vendedoresReport({ inicio: '2024-04-01', fim: '2024-06-30' })).body.resumo.total_comissoes,
    ).toBe(177.84);
    // from 2 Apr to 31 May: April's odd days (s3) and May: 50.00 + 97.00 + 10.84 = 157.84
    expect(
      (await vendedoresReport({ inicio: '2024-04-02', fim: '2024-05-31' })).body.resumo.total_comissoes,
    ).toBe(157.84);
    // 15 Apr – 10 Jun: April has no sale before the 15th and June none after the 10th, so both ends
    // come from the month summaries — the same 177.84
    expect((await vendedoresReport({ inicio: '2024-04-15', fim: '2024-06-10' })).body.resumo).toEqual({
      vendedores_ativos: 2,
      vendas_com_comissao: 5,
      total_comissoes: 177.84,
    });
    // 31 May – 1 Jun (the ends of two months, none whole): s2 B 8.34 + s4 A 20.00
    expect(
      (await vendedoresReport({ inicio: '2024-05-31', fim: '2024-06-01' })).body.resumo.total_comissoes,
    ).toBe(28.34);
    // from 1 May to 30 Jun, one seller: A 97.00 + 20.00 = 117.00
    const a = await vendedoresReport({ vendedor_id: ids.A, inicio: '2024-05-01', fim: '2024-06-30' });
    expect(a.body.resumo).toEqual({ vendedores_ativos: 1, vendas_com_comissao: 2, total_comissoes: 117 });
  });

  it('pages the detail newest first, while the summary covers the whole period', async () => {
    const p1 = await vendedoresReport({ inicio: '2024-05-01', fim: '2024-05-31', limit: 2, page: 1 });
    expect(p1.body.vendas.map((v: { id: string }) => v.id)).toEqual([ids.s2, ids.s7]);
    expect(p1.body).toMatchObject({ vendas_total: 3, page: 1, limit: 2 });
    expect(p1.body.resumo.vendas_com_comissao).toBe(3);
    const p2 = await vendedoresReport({ inicio: '2024-05-01', fim: '2024-05-31', limit: 2, page: 2 });
    expect(p2.body.vendas.map((v: { id: string }) => v.id)).toEqual([ids.s1]);
    expect((await vendedoresReport({ limit: 201 })).status).toBe(400);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [
      { inicio: '2024-02-30' },
      { fim: 'ontem' },
      { vendedor_id: 'abc' },
      { inicio: '2024-06-01', fim: '2024-05-01' },
    ]) {
      const res = await vendedoresReport(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('GET /api/relatorios/comissoes-arquitetos', () => {
  it('RT = (gross − card fee) × architect % / 100, only sales with an architect and a stored commission', async () => {
    // May: X on s1 = 970.00 × 7 % = 67.90; Y on s2 = 333.40 × 3 % = 10.002 → 10.00. s3 (X, stored 0) left out.
    const res = await arquitetosReport({ inicio: '2024-05-01', fim: '2024-05-31' });
    expect(res.status).toBe(200);
    expect(res.body.resumo).toEqual({ arquitetos_ativos: 2, vendas_com_comissao: 2, total_comissoes: 77.9 });
    expect(res.body.por_arquiteto).toEqual([
      { arquiteto_id: ids.X, nome: 'Xavier Arq', percentual_comissao: 7, vendas: 1, total_comissao: 67.9 },
      { arquiteto_id: ids.Y, nome: 'Yara Arq', percentual_comissao: 3, vendas: 1, total_comissao: 10 },
    ]);
    expect(res.body.vendas[1]).toMatchObject({
      id: ids.s1,
      arquiteto_nome: 'Xavier Arq',
      valor_base: 970,
      valor_comissao: 67.9,
    });
    // the whole history: s3 still left out (no stored architect commission)
    expect((await arquitetosReport({})).body.vendas_total).toBe(2);
  });

  it('start and end on the same day keep that day', async () => {
    const res = await arquitetosReport({ inicio: '2024-05-31', fim: '2024-05-31' });
    expect(res.body.vendas.map((v: { id: string }) => v.id)).toEqual([ids.s2]);
    const only = await arquitetosReport({ arquiteto_id: ids.X, inicio: '2024-05-31', fim: '2024-05-31' });
    expect(only.body.resumo.vendas_com_comissao).toBe(0);
  });
});

describe('a change of percentage', () => {
  it('recomputes every sale of that person at the new rate, in whole months and odd days alike', async () => {
    const vendedorB = admin.api.vendedores[':id'];
    const param = { id: ids.B! };
    const percentual = async (percentual_comissao: number) =>
      ok(
        vendedorB.$patch({
          param,
          json: { percentual_comissao, updated_at: await versionOf(vendedorB.$get({ param })) },
        }),
      );
    await percentual(4);
    // B at 4 %: s2 333.40 × 4 % = 13.336 → 13.34; s7 100.00 × 4 % = 4.00 → 17.34 over May
    const may = await vendedoresReport({ inicio: '2024-05-01', fim: '2024-05-31' });
    expect(may.body.por_vendedor.find((p: { vendedor_id: string }) => p.vendedor_id === ids.B)).toMatchObject(
      {
        percentual_comissao: 4,
        vendas: 2,
        total_comissao: 17.34,
      },
    );
    // A unchanged (97.00): 97.00 + 17.34 = 114.34
    expect(may.body.resumo.total_comissoes).toBe(114.34);
    // odd days only (2–31 May): s2 13.34 + s7 4.00
    expect(
      (await vendedoresReport({ inicio: '2024-05-02', fim: '2024-05-31' })).body.resumo.total_comissoes,
    ).toBe(17.34);
    await percentual(2.5);
    expect(
      (await vendedoresReport({ inicio: '2024-05-01', fim: '2024-05-31' })).body.resumo.total_comissoes,
    ).toBe(107.84);
  });
});

describe('permissions', () => {
  it('each report needs its own screen permission', async () => {
    const vend = (await userWith(env, ['vendedores'])).client.api.relatorios;
    await ok(vend['comissoes-vendedores'].$get({ query: {} }));
    await refused(vend['comissoes-arquitetos'].$get({ query: {} }), 403);
    const arq = (await userWith(env, ['arquitetos'])).client.api.relatorios;
    await ok(arq['comissoes-arquitetos'].$get({ query: {} }));
    await refused(arq['comissoes-vendedores'].$get({ query: {} }), 403);
    const vendas = (await userWith(env, ['vendas'])).client.api.relatorios;
    await refused(vendas['comissoes-vendedores'].$get({ query: {} }), 403);
  });
});
