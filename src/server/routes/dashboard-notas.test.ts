import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { nfeAutorizadasSql } from '../../db/queries/dashboard';
import { notasFiscais } from '../../db/schema';
import { Client as Anon, apiSuite, type Client, ok, refused, userWith } from '../testing/harness';
import { seedVenda } from './vendas.test-helpers';

const { env, admin } = apiSuite();
afterEach(() => {
  vi.useRealTimers();
});

const dash = async (c: Client = admin) => (await ok(c.api.dashboard.$get())).nfe_autorizadas_mes;

let numero = 0;
/** An invoice of a sale of its own (a sale has one NF-e that is not cancelled). */
async function nota(
  status: 'processando' | 'autorizada' | 'rejeitada' | 'cancelada',
  valor: string,
  autorizadaEm?: string,
) {
  const venda = await seedVenda(env, { data_venda: '2020-02-10', valor_bruto: valor });
  numero += 1;
  await env.db.insert(notasFiscais).values({
    venda_id: venda.id,
    serie: 1,
    numero,
    status,
    payload: {},
    idempotency_key: `dashboard-${numero}`,
    valor_total: valor,
    autorizada_em: autorizadaEm ? new Date(autorizadaEm) : null,
    cancelada_em: status === 'cancelada' ? new Date('2020-02-11T15:00:00Z') : null,
  });
}

describe('GET /api/dashboard: the month of authorised NF-e (issue 30)', () => {
  it("counts and sums the NF-e authorised in São Paulo's month and still standing", async () => {
    expect(await dash()).toEqual({ quantidade: 0, valor: 0 });
    // February 2020 in São Paulo (UTC−3) runs from 03:00 UTC on 1 Feb to 03:00 UTC on 1 March.
    await nota('autorizada', '1234.56', '2020-02-01T03:00:00Z'); // 00:00 on 1 Feb there: in
    await nota('autorizada', '765.45', '2020-03-01T02:59:59Z'); // 23:59:59 on 29 Feb there: in
    await nota('autorizada', '999.99', '2020-02-01T02:59:59Z'); // 23:59:59 on 31 Jan there: out
    await nota('autorizada', '500.00', '2020-03-01T03:00:00Z'); // 00:00 on 1 March there: out
    await nota('cancelada', '300.00', '2020-02-10T15:00:00Z'); // authorised in February, then cancelled
    await nota('processando', '200.00');
    await nota('rejeitada', '100.00');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2020-03-01T02:30:00Z')); // 23:30 on 29 Feb in São Paulo
    // 1.234,56 + 765,45 = 2.000,01 in 2 invoices
    expect(await dash()).toEqual({ quantidade: 2, valor: 2000.01 });

    vi.setSystemTime(new Date('2020-03-01T03:00:00Z')); // March there: the 500,00 alone
    expect(await dash()).toEqual({ quantidade: 1, valor: 500 });
    vi.setSystemTime(new Date('2020-02-01T02:00:00Z')); // still January there: the 999,99 alone
    expect(await dash()).toEqual({ quantidade: 1, valor: 999.99 });
  });

  it('is read through notas_fiscais_autorizadas_idx (partial on the status, the month as a range)', async () => {
    const plano = await env.db.transaction(async (tx) => {
      // With a handful of rows the planner would rightly scan the table: forbid that, then the plan
      // names the index only if the query's predicate matches the index's.
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain ${nfeAutorizadasSql({ inicio: '2020-02-01', fim: '2020-02-29', tz: 'America/Sao_Paulo' })}`,
      );
    });
    expect(plano.map((r) => r['QUERY PLAN']).join('\n')).toContain('notas_fiscais_autorizadas_idx');
  });

  it('is behind the dashboard permission, like its other financial cards', async () => {
    await refused(new Anon(env).api.dashboard.$get(), 401);
    const sem = await userWith(env, ['vendas', 'financeiro']);
    await refused(sem.client.api.dashboard.$get(), 403);
    const com = await userWith(env, ['dashboard']);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2020-02-15T12:00:00Z'));
    expect(await dash(com.client)).toEqual({ quantidade: 2, valor: 2000.01 });
  });
});
