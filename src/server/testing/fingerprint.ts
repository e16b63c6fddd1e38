import { sql } from 'drizzle-orm';
import { tableCounts } from '../../db/backup';
import type { Executor } from '../../db/client';

/**
 * What must survive a backup, a restore or a crash: row counts per table, the exact sum (numeric, as
 * text) of every numeric column, and the trigger-kept summaries. `skip` leaves tables out (sessions and
 * the like, which a server written to in between changes by design).
 */
export async function fingerprint(db: Executor, skip: (table: string) => boolean = () => false) {
  const counts = Object.fromEntries(Object.entries(await tableCounts(db)).filter(([t]) => !skip(t)));
  const cols = (
    (await db.execute(
      sql`select table_name as t, column_name as c from information_schema.columns
          where table_schema = 'public' and data_type = 'numeric' order by 1, 2`,
    )) as unknown as { rows: { t: string; c: string }[] }
  ).rows.filter(({ t }) => !skip(t));
  const sums: Record<string, string> = {};
  for (const { t, c } of cols) {
    const r = (await db.execute(
      sql.raw(`select coalesce(sum("${c}"), 0)::text as s from "${t}"`),
    )) as unknown as {
      rows: { s: string }[];
    };
    sums[`${t}.${c}`] = r.rows[0]!.s;
  }
  const agregados = (
    (await db.execute(
      sql`select (select coalesce(sum(n), 0)::text from contagens) as contagens,
                 (select coalesce(sum(liquido), 0)::text from vendas_mensal) as vendas,
                 (select coalesce(sum(valor), 0)::text from despesas_mensal) as despesas,
                 (select coalesce(sum(total), 0)::text from comissoes_mensal) as comissoes,
                 (select coalesce(sum(aberto), 0)::text || '/' || coalesce(sum(recebido), 0)::text
                    from recebiveis_mensal) as recebiveis`,
    )) as unknown as { rows: unknown[] }
  ).rows[0];
  return { counts, sums, agregados };
}
