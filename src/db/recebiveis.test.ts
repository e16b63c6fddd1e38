import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../domain/datas';
import { gerarParcelas, problemaParcelamento } from '../domain/recebiveis';
import {
  parcelasDa,
  seedCartao,
  seedCliente,
  seedOrcamento,
  seedVenda,
} from '../server/routes/vendas.test-helpers';
import { apiSuite } from '../server/testing/harness';
import { queryRows } from './queries/common';
import { parcelas, vendas } from './schema';

/*
 * Contas a receber at the database level:
 * 1. the migration's SQL schedule (lavra_gerar_parcelas_existentes, run once by 0009_recebiveis_sql
 *    for the sales that existed) gives exactly what the domain's gerarParcelas gives, for any sale;
 * 2. after any sequence of writes through the API (payments, undos, edits of the sale's payment,
 *    cancelling, restoring), every live sale's instalments add up to it, each instalment's received
 *    value is the sum of its payments, the Caixa entradas of the payments equal the payments, and the
 *    kept month sums (recebiveis_mensal) equal a rebuild.
 */

const { env, admin } = apiSuite();

/** The kept month sums (0017), slots added up, zero rows left out: what the KPIs read. */
const recebiveisMensal = () =>
  queryRows<{ mes: string; aberto: string; n: number; recebido: string }>(
    env.db,
    sql`select mes::text, sum(aberto)::numeric(14, 2)::text as aberto, sum(parcelas_abertas)::int as n,
               sum(recebido)::numeric(14, 2)::text as recebido
          from recebiveis_mensal group by 1
         having sum(aberto) <> 0 or sum(parcelas_abertas) <> 0 or sum(recebido) <> 0 order by 1`,
  );
const cents = (n: number) => (n / 100).toFixed(2); // test input only: integers of cents to a string

describe('migration: instalments for the sales that existed', () => {
  it('the SQL schedule equals gerarParcelas for any sale (and skips what the domain refuses)', async () => {
    const cliente = (await seedCliente(env)).id;
    const venda = fc.record({
      tipo_venda: fc.constantFrom('avista', 'parcelado', 'entrada'),
      bruto: fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 50_000_000 })),
      entradaFrac: fc.double({ min: 0, max: 1.2, noNaN: true }),
      n: fc.integer({ min: 1, max: 12 }),
      // Month ends and leap years are the interesting dates.
      data: fc.constantFrom(
        '2024-01-31',
        '2024-02-29',
        '2023-12-31',
        '2025-01-30',
        '2025-05-31',
        '2026-11-15',
      ),
      cancelada: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(venda, { minLength: 1, maxLength: 8 }), async (lista) => {
        const ids: { id: string; input: Parameters<typeof gerarParcelas>[0]; cancelada: boolean }[] = [];
        for (const v of lista) {
          const entrada = v.tipo_venda === 'entrada' ? Math.floor(v.bruto * v.entradaFrac) : 0;
          const input = {
            tipo_venda: v.tipo_venda as 'avista' | 'parcelado' | 'entrada',
            valor_bruto: cents(v.bruto),
            valor_entrada: cents(entrada),
            numero_parcelas: v.tipo_venda === 'avista' ? 1 : v.n,
            data_venda: v.data,
          };
          // Written straight to the table, as the sales were before the migration (no instalments).
          const row = await seedVenda(env, {
            cliente_id: cliente,
            ...input,
            status: v.cancelada ? 'cancelada' : 'confirmada',
          });
          ids.push({ id: row.id, input, cancelada: v.cancelada });
        }
        await env.db.execute(sql`select lavra_gerar_parcelas_existentes()`);
        for (const { id, input, cancelada } of ids) {
          const rows = (await parcelasDa(env, id)).map(({ parcela, valor, data_vencimento }) => ({
            parcela,
            valor,
            data_vencimento,
          }));
          const esperado = cancelada || problemaParcelamento(input) ? [] : gerarParcelas(input);
          expect(rows).toEqual(esperado);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('a second run adds nothing', async () => {
    const [r] = await queryRows<{ n: number }>(env.db, sql`select lavra_gerar_parcelas_existentes() as n`);
    expect(r!.n).toBe(0);
  });
});

describe('any sequence of writes', () => {
  it('keeps instalments = sale, received = payments, Caixa entradas = payments', async () => {
    const cartao = (await seedCartao(env, { bandeira: 'Dinheiro', tipo: 'Débito' })).id;
    const vendaIds: string[] = [];
    for (const [tipo, total, n, entrada] of [
      ['parcelado', '1000.00', 3, '0'],
      ['entrada', '777.77', 4, '100.01'],
      ['avista', '300.00', 1, '0'],
    ] as const) {
      const o = await seedOrcamento(env, {
        status: 'aprovado',
        tipo_venda: tipo,
        valor_total: total,
        numero_parcelas: n,
        valor_entrada: entrada,
      });
      const r = await admin.post(`/api/orcamentos/${o.id}/venda`);
      expect(r.status).toBe(201);
      vendaIds.push(r.body.id);
    }
    const hoje = todayIso(env.deps.config.tzNegocio);
    const pagos: string[] = [];
    const feitos = { pagamentos: 0, desfeitos: 0, edicoes: 0 };

    const op = fc.oneof(
      fc.record({
        k: fc.constant('pagar' as const),
        venda: fc.nat(2),
        parcela: fc.nat(12),
        centavos: fc.integer({ min: -100, max: 60_000 }),
        // through the HTTP contract's path (POST /api/recebiveis/:id/recebimentos, no payment method)
        contrato: fc.boolean(),
      }),
      fc.record({ k: fc.constant('desfazer' as const), i: fc.nat(50) }),
      fc.record({
        k: fc.constant('parcelas' as const),
        venda: fc.nat(2),
        n: fc.integer({ min: 1, max: 12 }),
      }),
      fc.record({
        k: fc.constant('valor' as const),
        venda: fc.nat(2),
        centavos: fc.integer({ min: 1, max: 200_000 }),
      }),
      fc.record({
        k: fc.constant('status' as const),
        venda: fc.nat(2),
        status: fc.constantFrom('cancelada', 'confirmada'),
      }),
    );

    type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
    async function aplicar(o: Op) {
      const vendaId = vendaIds[('venda' in o ? o.venda : 0) % vendaIds.length]!;
      switch (o.k) {
        case 'pagar': {
          const rows = await env.db
            .select({ id: parcelas.id })
            .from(parcelas)
            .where(eq(parcelas.venda_id, vendaId))
            .orderBy(parcelas.parcela);
          const alvo = rows[o.parcela % Math.max(rows.length, 1)];
          if (!alvo) return;
          const r = o.contrato
            ? await admin.post(`/api/recebiveis/${alvo.id}/recebimentos`, {
                valor: cents(o.centavos),
                data: hoje,
              })
            : await admin.post(`/api/recebiveis/${alvo.id}/recebimentos`, {
                valor: cents(o.centavos),
                data: hoje,
                cartao_id: cartao,
              });
          expect([201, 400, 409]).toContain(r.status);
          if (r.status === 201) {
            pagos.push(r.body.id);
            feitos.pagamentos += 1;
          }
          return;
        }
        case 'desfazer': {
          if (!pagos.length) return;
          const [id] = pagos.splice(o.i % pagos.length, 1);
          expect((await admin.delete(`/api/recebimentos/${id}`)).status).toBe(204);
          feitos.desfeitos += 1;
          return;
        }
        case 'parcelas': {
          const r = await admin.patchCurrent(`/api/vendas/${vendaId}`, { numero_parcelas: o.n });
          expect([200, 409]).toContain(r.status);
          if (r.status === 200) feitos.edicoes += 1;
          return;
        }
        case 'valor':
          expect([200, 400, 409]).toContain(
            (await admin.patchCurrent(`/api/vendas/${vendaId}`, { valor_bruto: cents(o.centavos) })).status,
          );
          return;
        case 'status':
          expect([200, 409]).toContain(
            (await admin.patchCurrent(`/api/vendas/${vendaId}`, { status: o.status })).status,
          );
          return;
      }
    }

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (gerados) => {
        // Every sequence starts with one write of each kind that succeeds on the first run (a payment
        // of R$ 1,00, its undo, one through the contract's path, a change of instalments), so the runs
        // never consist of refusals only.
        const ops: Op[] = [
          { k: 'pagar', venda: 0, parcela: 0, centavos: 100, contrato: false },
          { k: 'desfazer', i: 0 },
          { k: 'pagar', venda: 2, parcela: 0, centavos: 100, contrato: true },
          { k: 'parcelas', venda: 1, n: 3 },
          ...gerados,
        ];
        for (const o of ops) await aplicar(o);
        const vendasErradas = await queryRows(
          env.db,
          sql`select v.id, v.valor_bruto, v.status, (select coalesce(sum(p.valor), 0) from parcelas p where p.venda_id = v.id) as soma
              from ${vendas} v where v.id in (${sql.join(
                vendaIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})
                and (select coalesce(sum(p.valor), 0) from parcelas p where p.venda_id = v.id)
                    <> case when v.status = 'cancelada' then 0 else v.valor_bruto end`,
        );
        expect(vendasErradas).toEqual([]);
        const parcelasErradas = await queryRows(
          env.db,
          sql`select p.id from parcelas p
              where p.valor_recebido <> (select coalesce(sum(r.valor), 0) from recebimentos r where r.parcela_id = p.id)`,
        );
        expect(parcelasErradas).toEqual([]);
        const [caixa] = await queryRows<{ pagos: string; entradas: string; soltas: number }>(
          env.db,
          sql`select (select coalesce(sum(valor), 0)::text from recebimentos) as pagos,
                     (select coalesce(sum(m.valor), 0)::text from movimentacoes_caixa m
                       join recebimentos r on r.movimentacao_id = m.id where m.tipo = 'entrada') as entradas,
                     (select count(*)::int from movimentacoes_caixa m
                       where not exists (select 1 from recebimentos r where r.movimentacao_id = m.id)) as soltas`,
        );
        expect(caixa!.entradas).toBe(caixa!.pagos);
        // This database has no Caixa movement but the payments': none is left behind by an undo.
        expect(caixa!.soltas).toBe(0);
        // The kept count of instalments (the list's unfiltered total) follows every write.
        const [cont] = await queryRows<{ kept: number; real: number }>(
          env.db,
          sql`select (select coalesce(sum(n), 0)::int from contagens where tabela = 'parcelas') as kept,
                     (select count(*)::int from parcelas) as real`,
        );
        expect(cont!.kept).toBe(cont!.real);
        // The kept month sums (KPIs, dashboard) equal a rebuild from the instalments and payments.
        const kept = await recebiveisMensal();
        await env.db.execute(sql`select lavra_recalcular_recebiveis()`);
        expect(kept).toEqual(await recebiveisMensal());
      }),
      // a fixed seed: a failure is the same failure on every run
      { numRuns: 12, seed: 20261123 },
    );
    // The sequences did exercise every kind of write (not only refusals).
    expect(feitos.pagamentos).toBeGreaterThan(0);
    expect(feitos.desfeitos).toBeGreaterThan(0);
    expect(feitos.edicoes).toBeGreaterThan(0);
  });
});
