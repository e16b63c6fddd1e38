import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoriasProdutos, clientes, despesas, orcamentos, produtos, vendas } from '../../db/schema';
import { addMonthsClamped, monthRange } from '../../domain/datas';
import { Client as Anon, apiSuite, type Client, ok, refused, userWith } from '../testing/harness';

const { env, admin } = apiSuite();
let clienteA: string;
let clienteB: string;
afterEach(() => {
  vi.useRealTimers();
});

const dash = (c: Client = admin) => ok(c.api.dashboard.$get());
const dayBefore = (iso: string) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
const dayAfter = (iso: string) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
const venda = (data_venda: string, valor_liquido: string, valor_bruto = valor_liquido) =>
  env.db.insert(vendas).values({ cliente_id: clienteA, data_venda, valor_bruto, valor_liquido });
const despesa = (data_vencimento: string, valor: string, status = 'pendente') =>
  env.db.insert(despesas).values({ descricao: 'Despesa', valor, data_vencimento, status });

describe('GET /api/dashboard', () => {
  it('on an empty database: zeros, no quotes, 12 empty months', async () => {
    const d = await dash();
    expect(d).toMatchObject({
      faturamento_mensal: 0,
      orcamentos_pendentes: 0,
      clientes_ativos: 0,
      produtos_cadastrados: 0,
      despesas_mes: 0,
      lucro_mensal: 0,
      orcamentos_recentes: [],
    });
    expect(d.serie_12_meses).toHaveLength(12);
    expect(d.serie_12_meses.every((m) => m.faturamento === 0 && m.despesas === 0 && m.recebido === 0)).toBe(
      true,
    );
  });

  it('sums this month (business time zone) from its 1st to its last day, and nothing around it', async () => {
    const { inicio, fim } = monthRange('America/Sao_Paulo');
    const anterior = dayBefore(inicio); // last day of the previous month
    const seguinte = dayAfter(fim); // 1st of the next month

    const [a, b] = await env.db
      .insert(clientes)
      .values([{ nome: 'Marina Duarte' }, { nome: 'Construtora Pedra Alta' }])
      .returning({ id: clientes.id });
    clienteA = a!.id;
    clienteB = b!.id;
    await env.db.insert(categoriasProdutos).values({ nome: 'granito' });
    await env.db.insert(produtos).values([
      { nome: 'Preto São Gabriel', categoria: 'granito', valor_m2: '450' },
      { nome: 'Branco Itaúnas', categoria: 'granito', valor_m2: '520' },
      { nome: 'Verde Ubatuba', categoria: 'granito', valor_m2: '380' },
    ]);

    // sales: the month's figure is the NET value (valor_liquido), not the gross
    await venda(inicio, '1000.10', '1035.00');
    await venda(fim, '2000.20', '2070.00');
    await venda(anterior, '5000.00');
    await venda(seguinte, '7000.00');
    // a cancelled sale of this month brought no money in
    await env.db.insert(vendas).values({
      cliente_id: clienteA,
      data_venda: inicio,
      valor_bruto: '444.00',
      valor_liquido: '444.00',
      status: 'cancelada',
    });
    // expenses due this month count whether paid or not
    await despesa(inicio, '300.30', 'paga');
    await despesa(fim, '200.00');
    await despesa(anterior, '999.00');
    await despesa(seguinte, '888.00');

    // quotes: 3 pendente, 1 aprovado, 1 venda_realizada; created one minute apart, newest last
    const base = Date.now() - 10 * 60_000;
    const statuses = ['pendente', 'aprovado', 'pendente', 'venda_realizada', 'pendente'] as const;
    const quotes: (typeof orcamentos.$inferSelect)[] = [];
    for (const [i, status] of statuses.entries()) {
      const [q] = await env.db
        .insert(orcamentos)
        .values({
          cliente_id: i % 2 ? clienteB : clienteA,
          valor_total: `${1000 + i}.50`,
          status,
          created_at: new Date(base + i * 60_000),
        })
        .returning();
      quotes.push(q!);
    }

    const d = await dash();
    // faturamento = 1000.10 + 2000.20 = 3000.30; despesas = 300.30 + 200.00 = 500.30
    // lucro = 3000.30 − 500.30 = 2500.00
    expect(d).toMatchObject({
      faturamento_mensal: 3000.3,
      despesas_mes: 500.3,
      lucro_mensal: 2500,
      orcamentos_pendentes: 3,
      clientes_ativos: 2,
      produtos_cadastrados: 3,
    });
    // the latest 4, newest first, with the client's name
    expect(d.orcamentos_recentes).toEqual(
      [4, 3, 2, 1].map((i) => ({
        id: quotes[i]!.id,
        numero: quotes[i]!.numero,
        cliente_nome: i % 2 ? 'Construtora Pedra Alta' : 'Marina Duarte',
        valor_total: 1000 + i + 0.5,
        status: statuses[i],
        created_at: quotes[i]!.created_at.toISOString(),
      })),
    );
    // 12 months ending with this one; the previous month holds the rows of its last day
    const mes = inicio.slice(0, 7);
    const mesAnterior = anterior.slice(0, 7);
    expect(d.serie_12_meses.map((m) => m.mes)).toEqual(
      Array.from({ length: 12 }, (_, i) => addMonthsClamped(inicio, i - 11).slice(0, 7)),
    );
    expect(d.serie_12_meses.at(-1)).toEqual({ mes, faturamento: 3000.3, despesas: 500.3, recebido: 0 });
    expect(d.serie_12_meses.at(-2)).toEqual({
      mes: mesAnterior,
      faturamento: 5000,
      despesas: 999,
      recebido: 0,
    });
    expect(
      d.serie_12_meses.slice(0, 10).every((m) => m.faturamento === 0 && m.despesas === 0 && m.recebido === 0),
    ).toBe(true);
  });

  it('"this month" is São Paulo\'s: at 23:30 on 29 Feb 2020 there (02:30 UTC on 1 March) it is still February', async () => {
    // Rows of another era, so the rows above do not interfere.
    await venda('2020-02-01', '100.00');
    await venda('2020-02-29', '50.25');
    await venda('2020-03-01', '4000.00'); // March already in UTC, not yet in São Paulo
    await venda('2020-01-31', '3000.00');
    await despesa('2020-02-01', '80.00');
    await despesa('2020-02-29', '100.50');
    await despesa('2020-03-01', '6000.00');
    await despesa('2020-01-31', '7000.00');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2020-03-01T02:30:00Z'));
    const d = await dash();
    // faturamento = 100.00 + 50.25 = 150.25; despesas = 80.00 + 100.50 = 180.50
    // lucro = 150.25 − 180.50 = −30.25 (the screen's down arrow, in red)
    expect(d).toMatchObject({ faturamento_mensal: 150.25, despesas_mes: 180.5, lucro_mensal: -30.25 });
    expect(d.serie_12_meses[0]!.mes).toBe('2019-03');
    expect(d.serie_12_meses.at(-2)).toEqual({
      mes: '2020-01',
      faturamento: 3000,
      despesas: 7000,
      recebido: 0,
    });
    expect(d.serie_12_meses.at(-1)).toEqual({
      mes: '2020-02',
      faturamento: 150.25,
      despesas: 180.5,
      recebido: 0,
    });

    // three hours later it is March in São Paulo too
    vi.setSystemTime(new Date('2020-03-01T03:00:00Z'));
    expect(await dash()).toMatchObject({ faturamento_mensal: 4000, despesas_mes: 6000, lucro_mensal: -2000 });
  });

  it('is behind the dashboard permission', async () => {
    await refused(new Anon(env).api.dashboard.$get(), 401);
    const sem = await userWith(env, ['orcamentos', 'vendas', 'despesas']);
    await refused(sem.client.api.dashboard.$get(), 403);
    const com = await userWith(env, ['dashboard']);
    expect((await dash(com.client)).clientes_ativos).toBe(2);
  });
});
