import { asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import { countWhere, numbersOut, numericColumns, pageOf, updateVersioned } from './common';
import type { InUse } from './refusal';

type Row = Record<string, unknown>;

/** Re-exported so the route layer can name them in types without importing Drizzle itself. */
export type { PgColumn, PgTable, SQL };

/**
 * The persistence half of a CRUD resource: its table and how its list searches, filters and sorts.
 * Each resource declares one in `db/queries/<recurso>.ts`; `crudRoutes` spreads it into its options.
 */
export interface CrudTable<T extends PgTable = PgTable> {
  table: T;
  /** WHERE for `?q=`; undefined when q is empty. */
  search?: (q: string) => SQL | undefined;
  /** Extra list filters from the query string (e.g. `?status=ativo`). */
  filters?: (query: Record<string, string>) => (SQL | undefined)[];
  /** Columns a client may sort by with `?sort=` (prefix - for descending). */
  sortable: Record<string, PgColumn>;
  defaultSort: string;
  opcoes?: {
    columns: Record<string, PgColumn>;
    where?: SQL;
    search: (q: string) => SQL | undefined;
    orderBy: PgColumn;
  };
  /** Why a row cannot be deleted, asked when the delete hits a RESTRICT foreign key. */
  emUso?: InUse;
  /** Replaces the plain SELECT for list and get (e.g. to join a name). */
  select?: {
    list: (db: Executor, where: SQL | undefined, order: SQL, limit: number, offset: number) => Promise<Row[]>;
    one: (db: Executor, id: string) => Promise<Row | undefined>;
  };
}

/** Names the types of a resource's table declaration (keeps `T` inferred from `table`). */
export const crudTable = <T extends PgTable>(t: CrudTable<T>): CrudTable<T> => t;

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
  // indexes Drizzle creates (`DESC NULLS LAST`); PostgreSQL's plain DESC (nulls first) could not use them.
  return descending ? sql`${col} desc nulls last, ${idCol} desc` : sql`${asc(col)}, ${asc(idCol)}`;
}

/** The queries behind the five CRUD routes and `/opcoes` of one table. */
export function crudQueries<T extends PgTable>(o: CrudTable<T>) {
  const table = o.table as PgTable;
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const idCol = cols.id!;
  const numeric = numericColumns(table);

  const one = async (db: Executor, p: { id: string }) =>
    o.select
      ? o.select.one(db, p.id)
      : ((await db.select().from(table).where(eq(idCol, p.id)))[0] as Row | undefined);

  return {
    idCol,
    numeric,
    one,
    /** The list's WHERE: the search and the resource's own filters. */
    where(p: { q: string | undefined; query: Record<string, string> }): SQL | undefined {
      const parts = [p.q && o.search ? o.search(p.q) : undefined, ...(o.filters?.(p.query) ?? [])];
      const present = parts.filter((x): x is SQL => !!x);
      return present.length ? sql.join(present, sql` and `) : undefined;
    },
    order: (p: { sort: string }) => sortOrder(p.sort, o.sortable, idCol),
    async list(db: Executor, p: { where: SQL | undefined; order: SQL; limit: number; offset: number }) {
      return o.select
        ? o.select.list(db, p.where, p.order, p.limit, p.offset)
        : ((await db
            .select()
            .from(table)
            .where(p.where)
            .orderBy(p.order)
            .limit(p.limit)
            .offset(p.offset)) as Row[]);
    },
    count: (db: Executor, p: { where: SQL | undefined }) => countWhere(db, table, p.where),
    /** One export page (keyset: `where` already holds the position). */
    page: (db: Executor, p: { where: SQL | undefined; order: SQL; limit: number }) =>
      o.select ? o.select.list(db, p.where, p.order, p.limit, 0) : pageOf(table)(db, p),
    async opcoes(db: Executor, p: { q: string | undefined }) {
      const op = o.opcoes!;
      const search = p.q ? op.search(p.q) : undefined;
      const where = op.where && search ? sql`${op.where} and ${search}` : (op.where ?? search);
      const rows = await db.select(op.columns).from(table).where(where).orderBy(asc(op.orderBy)).limit(50);
      return rows.map((r) => numbersOut(r as Row, numeric));
    },
    /** Inserts the row and answers its id. */
    async insert(tx: Executor, p: { values: Row }): Promise<string> {
      const [row] = await tx.insert(table).values(p.values).returning();
      return (row as Row).id as string;
    },
    update: (tx: Executor, p: { id: string; values: Row; updatedAt?: string }) =>
      updateVersioned(tx, table, p.id, p.values, p.updatedAt),
    /** Deletes the row; false when there was none. */
    async remove(tx: Executor, p: { id: string }): Promise<boolean> {
      const rows = await tx.delete(table).where(eq(idCol, p.id)).returning({ id: idCol });
      return rows.length > 0;
    },
  };
}
