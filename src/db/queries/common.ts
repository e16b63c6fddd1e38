import {
  type AnyColumn,
  and,
  count,
  eq,
  type GetColumnData,
  getTableColumns,
  getTableName,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '../../schemas/common';
import type { Executor } from '../client';

/**
 * A column of the row another table's foreign key points to, as a scalar subquery
 * (`(select nome from clientes where id = orcamentos.cliente_id)`): list pages name their references
 * this way because a four- or five-way join costs PostgreSQL more to plan than to run.
 */
export function lookup<T>(column: AnyColumn, id: AnyColumn, fk: AnyColumn): SQL<T | null> {
  return sql<T | null>`(select ${column} from ${column.table} where ${id} = ${fk})`;
}

/** Escapes % and _ so a user's search text is matched literally inside ILIKE. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** `col1 ILIKE %q% OR col2 ILIKE %q% …` (trigram indexes serve these). */
export function searchAny(q: string | undefined, columns: AnyColumn[]): SQL | undefined {
  if (!q) return undefined;
  const p = likePattern(q);
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ilike ${p}`),
    sql` or `,
  )})`;
}

/** Digits-only search on a document column stored masked or not (CPF/CNPJ, phone). */
export function searchDigits(q: string | undefined, column: AnyColumn): SQL | undefined {
  const digits = q?.replace(/\D/g, '');
  if (!digits || digits.length < 3) return undefined;
  return sql`regexp_replace(coalesce(${column}, ''), '\\D', '', 'g') like ${`%${digits}%`}`;
}

/** `a and b …` of the conditions present; undefined when there is none (no filter). */
export function andWhere(...parts: (SQL | undefined)[]): SQL | undefined {
  const present = parts.filter((p): p is SQL => !!p);
  return present.length ? sql.join(present, sql` and `) : undefined;
}

export function orWhere(...parts: (SQL | undefined)[]): SQL | undefined {
  const present = parts.filter((p): p is SQL => !!p);
  if (!present.length) return undefined;
  return sql`(${sql.join(present, sql` or `)})`;
}

const numericColumnCache = new WeakMap<PgTable, string[]>();

/** Names of a table's numeric columns: the driver returns them as strings, the API as numbers. */
export function numericColumns(table: PgTable): string[] {
  let cols = numericColumnCache.get(table);
  if (!cols) {
    cols = Object.entries(getTableColumns(table))
      .filter(([, c]) => (c as PgColumn).columnType === 'PgNumeric')
      .map(([k]) => k);
    numericColumnCache.set(table, cols);
  }
  return cols;
}

/** Decimal strings → JSON numbers for the response. Values are already at their column's scale,
 * so this is a change of representation, not arithmetic. */
export function numbersOut<T extends Record<string, unknown>>(row: T, keys: string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const k of keys) {
    const v = out[k];
    if (typeof v === 'string') out[k] = Number(v);
  }
  return out as T;
}

export async function paginate<T>(
  rowsQuery: (limit: number, offset: number) => Promise<T[]>,
  countQuery: () => Promise<number>,
  page: number,
  limit: number,
): Promise<Page<T>> {
  const [items, total] = await Promise.all([rowsQuery(limit, (page - 1) * limit), countQuery()]);
  return { items, total, page, limit };
}

/** Tables whose row counts (by status) the database keeps in `contagens` (migration 0001_agregados). */
export type Contada = 'orcamentos' | 'vendas' | 'clientes' | 'parcelas' | 'ordens_servico';
const CONTADAS = new Set<string>(['orcamentos', 'vendas', 'clientes', 'parcelas', 'ordens_servico']);

/**
 * Rows of a counted table, or of one status: read off the kept counts (a few rows), where `count(*)`
 * would read the whole table or index on every page of the list.
 */
export async function countKept(db: Executor, p: { tabela: Contada; status?: string }): Promise<number> {
  const { tabela, status } = p;
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(n), 0)::int as n from contagens
         where tabela = ${tabela}${status === undefined ? sql`` : sql` and status = ${status}`}`,
  );
  return r?.n ?? 0;
}

export async function countWhere(db: Executor, p: { table: PgTable; where?: SQL }): Promise<number> {
  const { table, where } = p;
  const name = getTableName(table);
  if (!where && CONTADAS.has(name)) return countKept(db, { tabela: name as Contada });
  const [r] = await db.select({ n: count() }).from(table).where(where);
  return r?.n ?? 0;
}

/**
 * Optimistic lock: updates only while the row still has the `updated_at` the client read.
 * Returns 'stale' when someone else changed it first, 'missing' when the row is gone.
 */
export async function updateVersioned<T extends PgTable>(
  db: Executor,
  p: { table: T; id: string; values: Record<string, unknown>; updatedAt?: string },
): Promise<Record<string, unknown> | 'stale' | 'missing'> {
  const { table, id, values, updatedAt } = p;
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const idCol = cols.id!;
  const updatedCol = cols.updated_at;
  const set = updatedCol ? { ...values, updated_at: sql`clock_timestamp()` } : values;
  const where = and(eq(idCol, id), updatedAt && updatedCol ? eq(updatedCol, new Date(updatedAt)) : undefined);
  // biome-ignore lint/suspicious/noExplicitAny: generic over every table
  const rows = await (db as any).update(table).set(set).where(where).returning();
  if (rows.length) return rows[0];
  const [exists] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(eq(idCol, id));
  return exists && exists.n > 0 ? 'stale' : 'missing';
}

/** Some of a table's columns by name, as a select list: `db.select(columnsOf(parcelas, ['id', 'valor']))`. */
export function columnsOf<T extends PgTable, K extends keyof T['_']['columns'] & string>(
  table: T,
  keys: readonly K[],
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table) as T['_']['columns'];
  return Object.fromEntries(keys.map((k) => [k, all[k]])) as Pick<T['_']['columns'], K>;
}

/** One column of the first row of its table that `where` finds; undefined when there is none. */
export async function valueWhere<C extends PgColumn>(
  db: Executor,
  p: { column: C; where: SQL | undefined },
): Promise<GetColumnData<C> | undefined> {
  const { column, where } = p;
  const [r] = await db.select({ v: column }).from(column.table).where(where);
  return r?.v as GetColumnData<C> | undefined;
}

/** Raw SQL rows, typed by the caller; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** One page of a table's rows in `order` from `where` (the exporter's keyset pages). */
export function pageOf(table: PgTable) {
  return (db: Executor, p: { where: SQL | undefined; order: SQL; limit: number }) =>
    db.select().from(table).where(p.where).orderBy(p.order).limit(p.limit) as Promise<
      Record<string, unknown>[]
    >;
}

/** A figure a summary query answered (numeric text, a count, or nothing for an empty period) as a number. */
export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** A summary row's figures as numbers, by name (a missing row or figure is 0). */
export function figures<K extends string>(row: Record<string, unknown> | undefined, keys: readonly K[]) {
  return Object.fromEntries(keys.map((k) => [k, num(row?.[k])])) as Record<K, number>;
}
