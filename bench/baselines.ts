/**
 * The two baselines of the benchmark, straight on PostgreSQL through `pg`:
 * - the floor: the very SQL of the quotes list page (Drizzle's statements for page 1 and the count,
 *   captured from the query functions the route calls), with no HTTP, auth or JSON around it;
 * - the earlier app's way: whole tables fetched with the client names (as its screens did, then
 *   paginated in the browser), and the dashboard summed in JavaScript over whole tables.
 */
import { getTableColumns } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { countOrcamentos, listOrcamentosPagina, listOrder } from '../src/db/queries/orcamentos';
import * as schema from '../src/db/schema';
import { type LoadStats, percentile, runLoop } from './load';

export interface Timing {
  runs: number;
  p50: number;
  min: number;
  rows: number;
  mb: number;
}

/** The statements the quotes route runs for `?page=1&limit=20` (list + count), as text and params. */
async function capturedListPage(pool: pg.Pool, limit: number) {
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => captured.push({ sql: query, params }) },
  });
  await listOrcamentosPagina(db as never, {
    where: undefined,
    order: listOrder('-created_at')!,
    limit,
    offset: 0,
  });
  await countOrcamentos(db as never, { where: undefined });
  return captured;
}

/** The list page as raw SQL through `pg`: both statements at once, as the route does. */
export async function floor(
  url: string,
  o: { connections: number; seconds: number; limit: number; poolMax?: number },
) {
  // The server's session settings (db/client.ts: JIT off): the same SQL run the same way.
  const pool = new pg.Pool({
    connectionString: url,
    max: o.poolMax ?? Number(process.env.PG_POOL_MAX ?? 10),
    options: '-c jit=off',
  });
  try {
    const statements = await capturedListPage(pool, o.limit);
    const page = () => Promise.all(statements.map((s) => pool.query(s.sql, s.params as unknown[])));
    await runLoop(o.connections, 1, page); // warm-up
    const stats: LoadStats = await runLoop(o.connections, o.seconds, page);
    return { stats, sql: statements.map((s) => s.sql) };
  } finally {
    await pool.end();
  }
}

async function timed(times: number, minSeconds: number, fn: () => Promise<{ rows: number; bytes: number }>) {
  const samples: number[] = [];
  let last = { rows: 0, bytes: 0 };
  const until = performance.now() + minSeconds * 1000;
  while (samples.length < times || (performance.now() < until && samples.length < 50)) {
    const t = performance.now();
    last = await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return {
    runs: samples.length,
    p50: percentile(samples, 50),
    min: samples[0]!,
    rows: last.rows,
    mb: last.bytes / 1e6,
  } satisfies Timing;
}

const columnList = (table: Parameters<typeof getTableColumns>[0], alias: string, skip: string[] = []) =>
  Object.values(getTableColumns(table))
    .filter((c) => !skip.includes(c.name))
    .map((c) => `${alias}.${c.name}`)
    .join(', ');

/**
 * The earlier app's screens (spec): every quote / sale / client row fetched and serialised as JSON
 * (what its REST backend sent), then searched and paginated in the browser; and its dashboard, which
 * fetched whole tables and summed them in JavaScript. Measured one at a time (no concurrency).
 */
export async function earlierApp(url: string, o: { times: number; minSeconds: number; mes: string }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const whole = async (text: string) => {
    const r = await client.query(text);
    return { rows: r.rowCount ?? 0, bytes: Buffer.byteLength(JSON.stringify(r.rows)) };
  };
  try {
    // The stored cost breakdown (resumo) did not exist in the earlier app: left out.
    const orcamentos = await timed(o.times, o.minSeconds, () =>
      whole(
        `select ${columnList(schema.orcamentos, 'o', ['resumo'])}, c.nome as cliente_nome
           from orcamentos o left join clientes c on c.id = o.cliente_id order by o.created_at desc`,
      ),
    );
    const vendas = await timed(o.times, o.minSeconds, () =>
      whole(
        `select ${columnList(schema.vendas, 'v')}, c.nome as cliente_nome
           from vendas v left join clientes c on c.id = v.cliente_id order by v.created_at desc`,
      ),
    );
    const clientes = await timed(o.times, o.minSeconds, () =>
      whole(`select * from clientes order by created_at desc`),
    );
    const dashboard = await timed(o.times, o.minSeconds, async () => {
      const tabelas = [];
      for (const t of ['vendas', 'despesas', 'orcamentos', 'clientes', 'produtos']) {
        tabelas.push(
          await client.query(
            t === 'orcamentos'
              ? `select ${columnList(schema.orcamentos, 'o', ['resumo'])} from orcamentos o`
              : `select * from ${t}`,
          ),
        );
      }
      const [v, d, orc, c, p] = tabelas;
      // What its dashboard did in the browser: filter and sum the month, count the rest.
      const noMes = (d: unknown) => String(d instanceof Date ? d.toISOString() : d).startsWith(o.mes);
      const faturamento = v!.rows
        .filter((r) => noMes(r.data_venda) && r.status !== 'cancelada')
        .reduce((s, r) => s + Number(r.valor_liquido), 0);
      const despesas = d!.rows
        .filter((r) => noMes(r.data_vencimento))
        .reduce((s, r) => s + Number(r.valor), 0);
      const pendentes = orc!.rows.filter((r) => r.status === 'pendente').length;
      const recentes = [...orc!.rows]
        .sort((a, b) => (b.created_at as Date).getTime() - (a.created_at as Date).getTime())
        .slice(0, 4);
      const out = {
        faturamento,
        despesas,
        lucro: faturamento - despesas,
        pendentes,
        clientes: c!.rowCount,
        produtos: p!.rowCount,
        recentes,
      };
      // Every table travelled to the browser as JSON first.
      const tables = [v, d, orc, c, p];
      const rows = tables.reduce((s, r) => s + (r!.rowCount ?? 0), 0);
      const bytes = tables.reduce((s, r) => s + Buffer.byteLength(JSON.stringify(r!.rows)), 0);
      return { rows, bytes: bytes + JSON.stringify(out).length };
    });
    return { orcamentos, vendas, clientes, dashboard };
  } finally {
    await client.end();
  }
}

/** Row counts, to label each run with what it measured. */
export async function rowCounts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query(
      `select (select count(*) from clientes)::int as clientes, (select count(*) from orcamentos)::int as orcamentos,
              (select count(*) from orcamento_itens)::int as itens, (select count(*) from vendas)::int as vendas,
              (select count(*) from despesas)::int as despesas`,
    );
    return r.rows[0] as Record<string, number>;
  } finally {
    await client.end();
  }
}
