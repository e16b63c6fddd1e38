import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDespesaFixa } from '../domain/pricing';
import { seedArquiteto, seedCartao, seedCliente, seedVendedor } from '../server/routes/vendas.test-helpers';
import { createTestDeps, type TestEnv } from '../server/testing/harness';
import { queryRows } from './queries/common';

/*
 * The summaries of migration 0001_agregados (contagens, vendas_mensal, despesas_mensal,
 * comissoes_mensal) are kept by statement triggers. Whatever sequence of writes happens — bulk or
 * single, inserts, edits that move a sale to another month or person or cancel it, deletions, a
 * change of a seller's percentage — they must equal a rebuild from the tables themselves.
 */

let env: TestEnv;
const pessoas: { vendedores: string[]; arquitetos: string[]; clientes: string[]; cartoes: string[] } = {
  vendedores: [],
  arquitetos: [],
  clientes: [],
  cartoes: [],
};

beforeAll(async () => {
  env = await createTestDeps();
  for (const p of ['10', '2.5', '7.33']) pessoas.vendedores.push((await seedVendedor(env, p)).id);
  for (const p of ['3', '5.5']) pessoas.arquitetos.push((await seedArquiteto(env, p)).id);
  for (let i = 0; i < 3; i++) pessoas.clientes.push((await seedCliente(env)).id);
  pessoas.cartoes.push((await seedCartao(env)).id);
});
afterAll(() => env.close());

/** Every summary, slots added up, zero rows left out: what a reader of the summaries sees. */
async function summaries() {
  const q = (text: string) => queryRows<Record<string, unknown>>(env.db, sql.raw(text));
  return {
    contagens: await q(`select tabela, status, sum(n)::int as n from contagens group by 1, 2
                         having sum(n) <> 0 order by 1, 2`),
    vendas: await q(`select mes::text, sum(n)::int as n, sum(liquido)::text as liquido,
                            sum(liquido_cartao)::text as cartao, sum(liquido_parcelado)::text as parcelado
                       from vendas_mensal group by 1
                      having sum(n) <> 0 or sum(liquido) <> 0 or sum(liquido_cartao) <> 0 or sum(liquido_parcelado) <> 0
                      order by 1`),
    despesas: await q(`select mes::text, sum(n)::int as n, sum(valor)::text as valor,
                              sum(valor_fixas)::text as fixas from despesas_mensal
                        group by 1 having sum(n) <> 0 or sum(valor) <> 0 or sum(valor_fixas) <> 0 order by 1`),
    comissoes: await q(`select tipo, pessoa_id, mes::text, sum(n)::int as n, sum(total)::text as total
                          from comissoes_mensal group by 1, 2, 3
                         having sum(n) <> 0 or sum(total) <> 0 order by 1, 2, 3`),
  };
}

/** Numeric text as the database prints it can differ in trailing zeros ("10.00" vs "10.0"). */
function canonical(s: Awaited<ReturnType<typeof summaries>>) {
  return JSON.parse(
    JSON.stringify(s, (_k, v) => (typeof v === 'string' && /^-?\d+\.\d+$/.test(v) ? String(Number(v)) : v)),
  );
}

async function expectSummariesMatchRebuild() {
  const kept = canonical(await summaries());
  await env.db.execute(sql`select lavra_recalcular_agregados()`);
  const rebuilt = canonical(await summaries());
  expect(kept).toEqual(rebuilt);
  return rebuilt;
}

const dia = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2024-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const dinheiro = fc.integer({ min: 1, max: 5_000_000 }).map((c) => (c / 100).toFixed(2));

const novaVenda = fc.record({
  data_venda: dia,
  valor_bruto: dinheiro,
  valor_taxa: fc.constantFrom('0', '0.01', '12.35'),
  vendedor: fc.option(fc.nat(2), { nil: null }),
  arquiteto: fc.option(fc.nat(1), { nil: null }),
  comissao: fc.constantFrom('0', '1.00', '37.51'),
  cartao: fc.boolean(),
  tipo_venda: fc.constantFrom('avista', 'parcelado', 'entrada'),
  status: fc.constantFrom('confirmada', 'cancelada', 'paga'),
});

const operacao = fc.oneof(
  fc.record({
    op: fc.constant('vendas' as const),
    linhas: fc.array(novaVenda, { minLength: 1, maxLength: 6 }),
  }),
  fc.record({ op: fc.constant('mover' as const), alvo: fc.nat(), data_venda: dia, vendedor: fc.nat(2) }),
  fc.record({
    op: fc.constant('status' as const),
    alvo: fc.nat(),
    status: fc.constantFrom('confirmada', 'cancelada'),
  }),
  fc.record({ op: fc.constant('valor' as const), alvo: fc.nat(), valor: dinheiro }),
  fc.record({ op: fc.constant('apagar' as const), alvo: fc.nat() }),
  fc.record({
    op: fc.constant('percentual' as const),
    vendedor: fc.nat(2),
    percentual: fc.constantFrom('0', '1.5', '12.25'),
  }),
  fc.record({
    op: fc.constant('despesas' as const),
    dias: fc.array(dia, { minLength: 1, maxLength: 4 }),
    valor: dinheiro,
    descricao: fc.constantFrom('Conta de luz', 'Aluguel do galpão', 'Manutenção da serra'),
  }),
  fc.record({
    op: fc.constant('despesa-mover' as const),
    alvo: fc.nat(),
    data: dia,
    valor: dinheiro,
    descricao: fc.constantFrom('Água e esgoto', 'Material de escritório'),
  }),
  fc.record({ op: fc.constant('despesa-apagar' as const), alvo: fc.nat() }),
  fc.record({ op: fc.constant('orcamentos' as const), n: fc.integer({ min: 1, max: 4 }) }),
  fc.record({
    op: fc.constant('orcamento-status' as const),
    alvo: fc.nat(),
    status: fc.constantFrom('pendente', 'aprovado', 'rejeitado'),
  }),
);
type Operacao = typeof operacao extends fc.Arbitrary<infer T> ? T : never;

/** The id of the (alvo mod n)-th row of a table, or undefined when it is empty. */
async function pick(tabela: string, alvo: number): Promise<string | undefined> {
  const rows = await queryRows<{ id: string }>(
    env.db,
    sql`select id from ${sql.raw(tabela)} order by id offset ${sql`(${alvo} % greatest((select count(*) from ${sql.raw(tabela)}), 1))`} limit 1`,
  );
  return rows[0]?.id;
}

async function apply(o: Operacao) {
  const db = env.db;
  switch (o.op) {
    case 'vendas': {
      // one multi-row statement, as a bulk load writes
      const values = o.linhas.map(
        (v, i) => sql`(${pessoas.clientes[i % 3]}::uuid, ${v.data_venda}::date, ${v.valor_bruto}::numeric,
          ${v.valor_taxa}::numeric, ${v.valor_bruto}::numeric - ${v.valor_taxa}::numeric,
          ${v.vendedor === null ? null : pessoas.vendedores[v.vendedor]}::uuid,
          ${v.arquiteto === null ? null : pessoas.arquitetos[v.arquiteto]}::uuid, ${v.comissao}::numeric,
          ${v.comissao}::numeric, ${v.cartao ? pessoas.cartoes[0] : null}::uuid, ${v.tipo_venda}, ${v.status})`,
      );
      await db.execute(sql`insert into vendas (cliente_id, data_venda, valor_bruto, valor_taxa, valor_liquido,
        vendedor_id, arquiteto_id, comissao_vendedor, comissao_arquiteto, cartao_id, tipo_venda, status)
        values ${sql.join(values, sql`, `)}`);
      return;
    }
    case 'mover': {
      const id = await pick('vendas', o.alvo);
      if (id)
        await db.execute(
          sql`update vendas set data_venda = ${o.data_venda}::date, vendedor_id = ${pessoas.vendedores[o.vendedor]}::uuid where id = ${id}`,
        );
      return;
    }
    case 'status': {
      const id = await pick('vendas', o.alvo);
      if (id) await db.execute(sql`update vendas set status = ${o.status} where id = ${id}`);
      return;
    }
    case 'valor': {
      const id = await pick('vendas', o.alvo);
      if (id)
        await db.execute(
          sql`update vendas set valor_bruto = ${o.valor}::numeric, valor_liquido = ${o.valor}::numeric - valor_taxa where id = ${id}`,
        );
      return;
    }
    case 'apagar': {
      const id = await pick('vendas', o.alvo);
      if (id) await db.execute(sql`delete from vendas where id = ${id}`);
      return;
    }
    case 'percentual':
      await db.execute(
        sql`update vendedores set percentual_comissao = ${o.percentual}::numeric where id = ${pessoas.vendedores[o.vendedor]}`,
      );
      return;
    case 'despesas': {
      const values = o.dias.map((d) => sql`(${o.descricao}, ${o.valor}::numeric, ${d}::date)`);
      await db.execute(
        sql`insert into despesas (descricao, valor, data_vencimento) values ${sql.join(values, sql`, `)}`,
      );
      return;
    }
    case 'despesa-mover': {
      const id = await pick('despesas', o.alvo);
      if (id)
        await db.execute(
          sql`update despesas set data_vencimento = ${o.data}::date, valor = ${o.valor}::numeric, descricao = ${o.descricao} where id = ${id}`,
        );
      return;
    }
    case 'despesa-apagar': {
      const id = await pick('despesas', o.alvo);
      if (id) await db.execute(sql`delete from despesas where id = ${id}`);
      return;
    }
    case 'orcamentos': {
      const values = Array.from({ length: o.n }, (_, i) => sql`(${pessoas.clientes[i % 3]}::uuid, 100)`);
      await db.execute(
        sql`insert into orcamentos (cliente_id, valor_total) values ${sql.join(values, sql`, `)}`,
      );
      return;
    }
    case 'orcamento-status': {
      const id = await pick('orcamentos', o.alvo);
      if (id) await db.execute(sql`update orcamentos set status = ${o.status} where id = ${id}`);
      return;
    }
  }
}

describe('lavra_despesa_fixa', () => {
  it('agrees with the domain rule isDespesaFixa on any description', async () => {
    const pedaco = fc.oneof(
      fc.constantFrom(
        'Aluguel',
        'ALUGUÉL',
        'luz',
        'Lúz',
        'água',
        'ÁGUA',
        'A\u0301gua',
        'agua',
        'Luzia',
        'lu z',
        'agu a',
      ),
      fc.string({ unit: 'grapheme', maxLength: 6 }),
    );
    const descricoes = fc.array(pedaco, { minLength: 1, maxLength: 4 }).map((p) => p.join(' '));
    await fc.assert(
      fc.asyncProperty(fc.array(descricoes, { minLength: 1, maxLength: 20 }), async (ds) => {
        const rows = await queryRows<{ fixa: boolean }>(
          env.db,
          sql`select lavra_despesa_fixa(d) as fixa
                from jsonb_array_elements_text(${JSON.stringify(ds)}::jsonb) with ordinality as t(d, i) order by i`,
        );
        expect(rows.map((r) => r.fixa)).toEqual(ds.map(isDespesaFixa));
      }),
      { numRuns: 30, seed: 20261123 },
    );
  });
});

describe('summaries kept by the database', () => {
  it('equal a rebuild from the tables after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operacao, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) await apply(o);
        await expectSummariesMatchRebuild();
      }),
      { numRuns: 25, seed: 20261123 },
    );
    // the property ran over real data, not an empty database
    const s = await summaries();
    expect(s.vendas.length).toBeGreaterThan(3);
    expect(s.comissoes.length).toBeGreaterThan(3);
    expect(s.despesas.length).toBeGreaterThan(1);
  });

  it('a hand-checked month: totals, card and installment sums, and a cancelled sale left out', async () => {
    const c = pessoas.clientes[0];
    await env.db.execute(sql`insert into vendas (cliente_id, data_venda, valor_bruto, valor_liquido, cartao_id, tipo_venda, status)
      values (${c}, '2031-03-01', 100.00, 100.00, ${pessoas.cartoes[0]}, 'parcelado', 'confirmada'),
             (${c}, '2031-03-31', 50.25, 50.25, null, 'avista', 'confirmada'),
             (${c}, '2031-03-15', 999.99, 999.99, null, 'parcelado', 'cancelada')`);
    const [m] = await queryRows<Record<string, string | number>>(
      env.db,
      sql`select sum(n)::int as n, sum(liquido)::text as liquido, sum(liquido_cartao)::text as cartao,
                 sum(liquido_parcelado)::text as parcelado from vendas_mensal where mes = '2031-03-01'`,
    );
    // 100.00 + 50.25 = 150.25 over 2 sales; card 100.00; installments 100.00 (the cancelled 999.99 never counts)
    expect(m).toEqual({ n: 2, liquido: '150.25', cartao: '100.00', parcelado: '100.00' });
    await env.db.execute(sql`update vendas set status = 'cancelada' where data_venda = '2031-03-01'`);
    const [after] = await queryRows<{ liquido: string }>(
      env.db,
      sql`select sum(liquido)::text as liquido from vendas_mensal where mes = '2031-03-01'`,
    );
    expect(after!.liquido).toBe('50.25');
  });

  it('concurrent writers on separate connections keep them exact', async () => {
    const c = pessoas.clientes[1];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        env.db.transaction(async (tx) => {
          await tx.execute(sql`insert into vendas (cliente_id, data_venda, valor_bruto, valor_liquido, vendedor_id, comissao_vendedor)
            values (${c}, ${`2032-0${(i % 3) + 1}-10`}::date, 10.00, 10.00, ${pessoas.vendedores[i % 3]}, 1.00)`);
          await tx.execute(sql`insert into orcamentos (cliente_id, valor_total) values (${c}, 10)`);
        }),
      ),
    );
    const s = await expectSummariesMatchRebuild();
    const [n] = await queryRows<{ n: number }>(
      env.db,
      sql`select sum(n)::int as n from vendas_mensal where mes between '2032-01-01' and '2032-03-01'`,
    );
    expect(n!.n).toBe(20);
    expect(s.contagens.length).toBeGreaterThan(0);
  });
});
