import { asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import {
  andWhere,
  countWhere,
  likePattern,
  numbersOut,
  numericColumns,
  pageOf,
  updateVersioned,
} from './common';
import type { InUse } from './refusal';

type Row = Record<string, unknown>;

/** Re-exported so the route layer can name them in types without importing Drizzle itself. */
export type { PgColumn, PgTable, SQL };

/**
 * The persistence half of a CRUD resource: its table and how its list searches, filters and sorts.
 * Each resource declares one in `db/queries/<recurso>.ts`; `crudRoutes` spreads it into its options.
 */
export interface CrudTable<
  T extends PgTable = PgTable,
  Raw = T['$inferSelect'],
  Op extends Record<string, PgColumn> = Record<string, PgColumn>,
> {
  table: T;
  /** WHERE for `?q=`; undefined when q is empty. */
  search?: (q: string) => SQL | undefined;
  /** Extra list filters from the query string (e.g. `?status=ativo`). */
  filters?: (query: Record<string, string>) => (SQL | undefined)[];
  /** Columns a client may sort by with `?sort=` (prefix - for descending). */
  sortable: Record<string, PgColumn>;
  defaultSort: string;
  opcoes: {
    columns: Op;
    where?: SQL;
    search: (q: string) => SQL | undefined;
    orderBy: PgColumn;
  };
  /** Why a row cannot be deleted, asked when the delete hits a RESTRICT foreign key. */
  emUso?: InUse;
  /** Replaces the plain SELECT for list and get (e.g. to join a name). */
  select?: {
    list: (db: Executor, p: ListPage) => Promise<Raw[]>;
    one: (db: Executor, id: string) => Promise<Raw | undefined>;
  };
}

/** One page of a list: its WHERE (search and filters), ORDER BY, and the page's window. */
export interface ListPage {
  where: SQL | undefined;
  order: SQL;
  limit: number;
  offset: number;
}

/**
 * A resource's own select (a joined name, a computed column) as `CrudTable['select']`: the same query
 * ends with the page's WHERE, ORDER BY and window for the list, or with the id for one row.
 */
export function selectOf<Q extends PgSelect>(base: (db: Executor) => Q, idCol: PgColumn) {
  return {
    list: async (db: Executor, p: ListPage): Promise<Awaited<Q>> =>
      (await base(db).where(p.where).orderBy(p.order).limit(p.limit).offset(p.offset)) as Awaited<Q>,
    one: async (db: Executor, id: string): Promise<Awaited<Q>[number] | undefined> =>
      ((await base(db).where(eq(idCol, id))) as Awaited<Q>)[0],
  };
}

/**
 * A catalogue found, listed and offered by its name (categories, sale items, finishes, cut-outs): `?q=`
 * on the name (trigram index), sorted by name unless `?sort=` says otherwise; `/opcoes` answers these
 * columns of the rows `ativos` keeps (all when none), by name.
 */
export function porNome<Op extends Record<string, PgColumn>>(
  t: { nome: PgColumn; created_at: PgColumn },
  opcoes: Op,
  ativos?: SQL,
) {
  const search = (q: string) => sql`${t.nome} ilike ${likePattern(q)}`;
  return {
    search,
    sortable: { nome: t.nome, created_at: t.created_at },
    defaultSort: 'nome',
    opcoes: { columns: opcoes, where: ativos, search, orderBy: t.nome },
  };
}

/** Names the types of a resource's table declaration (keeps `T`, its row and its options inferred). */
export const crudTable = <
  T extends PgTable,
  Raw = T['$inferSelect'],
  Op extends Record<string, PgColumn> = Record<string, PgColumn>,
>(
  t: CrudTable<T, Raw, Op>,
): CrudTable<T, Raw, Op> => t;

/** The table's numeric columns (read as decimal strings, answered as JSON numbers by `numbersOut`). */
export type NumericKeys<T extends PgTable> = {
  [K in keyof T['_']['columns']]: T['_']['columns'][K]['_']['columnType'] extends 'PgNumeric' ? K : never;
}[keyof T['_']['columns']];

/** `R` with the keys `K` as numbers (what `numbersOut(row, keys)` answers). */
export type NumbersOut<R, K extends PropertyKey> = {
  [P in keyof R]: P extends K ? (null extends R[P] ? number | null : number) : R[P];
};

/** A row of `table` as the API answers it: its numeric columns (decimal strings) as JSON numbers. */
export const apiRow = <T extends PgTable, R extends Record<string, unknown>>(table: T, row: R) =>
  numbersOut(row, numericColumns(table)) as NumbersOut<R, NumericKeys<T>>;

/** A row of `T` (or of a resource's own select, `Raw`) as the API answers it. */
export type ApiRow<T extends PgTable, Raw = T['$inferSelect']> = NumbersOut<Raw, NumericKeys<T>>;

/**
 * `?sort=-col` → ORDER BY, from the columns a list allows; null for a column it does not (the route
 * refuses it).
 */
export function sortOrder(sort: string, sortable: Record<string, PgColumn>, idCol: PgColumn): SQL | null {
  const descending = sort.startsWith('-');
  const name = descending ? sort.slice(1) : sort;
  // Own keys only: `sort=__proto__` or `constructor` must not find Object.prototype's members.
  const col = Object.hasOwn(sortable, name) ? sortable[name] : undefined;
  if (!col) return null;
  // id breaks ties so pages never repeat or skip a row. NULLS LAST on descending orders matches the
  // indexes Drizzle creates (`DESC NULLS LAST`), the tie-breaker's too: PostgreSQL's plain DESC (nulls
  // first) could use only their first column, and rows sharing it (a slab entry's N slabs are created in
  // one statement, with one created_at) were then all read and sorted (Estoque's first page, 85 ms at
  // 50,000 slabs).
  return descending ? sql`${col} desc nulls last, ${idCol} desc nulls last` : sql`${asc(col)}, ${asc(idCol)}`;
}

/** The queries behind the five CRUD routes and `/opcoes` of one table. */
export function crudQueries<T extends PgTable, Raw, Op extends Record<string, PgColumn>>(
  o: CrudTable<T, Raw, Op>,
) {
  const table = o.table as PgTable;
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const idCol = cols.id!;
  const numeric = numericColumns(table);
  // Inside, a row is a plain record; the route layer gives the answer its type (`ApiRow`).
  const select = o.select as CrudTable['select'];

  const one = async (db: Executor, p: { id: string }) =>
    select
      ? select.one(db, p.id)
      : ((await db.select().from(table).where(eq(idCol, p.id)))[0] as Row | undefined);

  return {
    idCol,
    numeric,
    one,
    /** The list's WHERE: the search and the resource's own filters. */
    where(p: { q: string | undefined; query: Record<string, string> }): SQL | undefined {
      return andWhere(p.q && o.search ? o.search(p.q) : undefined, ...(o.filters?.(p.query) ?? []));
    },
    order: (p: { sort: string }) => sortOrder(p.sort, o.sortable, idCol),
    async list(db: Executor, p: ListPage) {
      return select
        ? select.list(db, p)
        : ((await db
            .select()
            .from(table)
            .where(p.where)
            .orderBy(p.order)
            .limit(p.limit)
            .offset(p.offset)) as Row[]);
    },
    count: (db: Executor, p: { where: SQL | undefined }) => countWhere(db, { table, where: p.where }),
    /** One export page (keyset: `where` already holds the position). */
    page: (db: Executor, p: { where: SQL | undefined; order: SQL; limit: number }) =>
      select ? select.list(db, { ...p, offset: 0 }) : pageOf(table)(db, p),
    async opcoes(db: Executor, p: { q: string | undefined }) {
      const op = o.opcoes;
      const search = p.q ? op.search(p.q) : undefined;
      const where = andWhere(op.where, search);
      const rows = await db
        .select(op.columns as Record<string, PgColumn>)
        .from(table)
        .where(where)
        .orderBy(asc(op.orderBy))
        .limit(50);
      return rows.map((r) => numbersOut(r as Row, numeric)) as Pick<ApiRow<T>, keyof Op & keyof ApiRow<T>>[];
    },
    /** Inserts the row and answers its id. */
    async insert(tx: Executor, p: { values: Row }): Promise<string> {
      const [row] = await tx.insert(table).values(p.values).returning();
      return (row as Row).id as string;
    },
    update: (tx: Executor, p: { id: string; values: Row; updatedAt?: string }) =>
      updateVersioned(tx, { table, id: p.id, values: p.values, updatedAt: p.updatedAt }),
    /** Deletes the row; false when there was none. */
    async remove(tx: Executor, p: { id: string }): Promise<boolean> {
      const rows = await tx.delete(table).where(eq(idCol, p.id)).returning({ id: idCol });
      return rows.length > 0;
    },
  };
}
