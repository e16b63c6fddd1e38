import { asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import type { Executor } from '../../db/client';
import {
  countWhere,
  numbersOut,
  numericColumns,
  pageOf,
  paginate,
  updateVersioned,
} from '../../db/queries/common';
import { rowSchema } from '../../db/row-schema';
import { listQuery, uuid } from '../../schemas/common';
import type { Permissao } from '../../schemas/permissoes';
import { z } from '../../schemas/z';
import { type AppEnv, parseBody, parseId, parseQuery } from '../context';
import { route } from '../contract';
import { fromDatabase, HttpError, notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { type ExportColumn, exportContract, exportResponse, sortKeys } from '../export';

type Row = Record<string, unknown>;

export interface CrudOptions<T extends PgTable> {
  table: T;
  /** api.md resource name, used for events (`clientes`, `itens-venda`…). */
  recurso: string;
  permission: Permissao;
  /** Extra permissions that may read `/opcoes` (the quote and sale screens need the selectors). */
  opcoesPermissions?: Permissao[];
  create: z.ZodType<Row>;
  update: z.ZodType<Row>;
  /** WHERE for `?q=`; undefined when q is empty. */
  search?: (q: string) => SQL | undefined;
  /** Extra list filters from the query string (e.g. `?status=ativo`). */
  filters?: (query: Record<string, string>) => (SQL | undefined)[];
  /** The filters' query parameters, for the reference and the typed client (`filters` reads them). */
  filterQuery?: Record<string, z.ZodType>;
  /** Columns a client may sort by with `?sort=` (prefix - for descending). */
  sortable: Record<string, PgColumn>;
  defaultSort: string;
  opcoes?: {
    columns: Record<string, PgColumn>;
    where?: SQL;
    search: (q: string) => SQL | undefined;
    orderBy: PgColumn;
  };
  /** Maps a write's row back to the response; default: numeric strings → numbers. */
  toResponse?: (row: Row) => Row;
  /** Called when a delete hits a foreign key: explains what still uses the row. */
  deleteConflict?: (db: Executor, id: string) => Promise<HttpError>;
  /** Replaces the plain SELECT for list and get (e.g. to join a name). */
  select?: {
    list: (db: Executor, where: SQL | undefined, order: SQL, limit: number, offset: number) => Promise<Row[]>;
    one: (db: Executor, id: string) => Promise<Row | undefined>;
  };
  /** The row the API answers, for the reference; default: the table's columns (`rowSchema`). */
  row?: z.ZodObject;
  /** Singular noun for the reference ("cliente"); default: the resource name. */
  nome?: string;
  /** The export's columns (`GET /exportar?formato=csv|xlsx`, every row of the list's filters). */
  exportColumns?: ExportColumn[];
  /** The export's sheet title and file name prefix; default: the resource name. */
  titulo?: string;
}

/** `?sort=-col` → ORDER BY, from the columns a list allows. */
export function orderFrom(sort: string, sortable: Record<string, PgColumn>, idCol: PgColumn): SQL {
  const descending = sort.startsWith('-');
  const name = descending ? sort.slice(1) : sort;
  // Own keys only: `sort=__proto__` or `constructor` must not find Object.prototype's members.
  const col = Object.hasOwn(sortable, name) ? sortable[name] : undefined;
  if (!col) throw new HttpError(400, 'Dados inválidos', `Não é possível ordenar por "${sort}".`);
  // id breaks ties so pages never repeat or skip a row. NULLS LAST on descending orders matches the
  // indexes Drizzle creates (`DESC NULLS LAST`); PostgreSQL's plain DESC (nulls first) could not use them.
  return descending ? sql`${col} desc nulls last, ${idCol} desc` : sql`${asc(col)}, ${asc(idCol)}`;
}

/** The five CRUD routes and `/opcoes` of api.md for one table, each behind its screen's permission. */
export function crudRoutes<T extends PgTable>(o: CrudOptions<T>) {
  const cols = getTableColumns(o.table) as Record<string, PgColumn>;
  const idCol = cols.id!;
  const numeric = numericColumns(o.table);
  const out = o.toResponse ?? ((r: Row) => numbersOut(r, numeric));
  const table = o.table as PgTable;
  const access = [o.permission] as const;
  const row = o.row ?? rowSchema(table);
  const nome = o.nome ?? o.recurso;
  const pageSchema = z.object({
    items: z.array(row),
    total: z.number(),
    page: z.number(),
    limit: z.number(),
  });

  const one = async (db: Executor, id: string) =>
    o.select
      ? o.select.one(db, id)
      : ((await db.select().from(table).where(eq(idCol, id)))[0] as Row | undefined);

  const listFilters = o.filterQuery ? listQuery.extend(o.filterQuery) : listQuery;
  /** The list's WHERE: the search and the resource's own filters. */
  const whereOf = (q: string | undefined, raw: Record<string, string>) => {
    const parts = [q && o.search ? o.search(q) : undefined, ...(o.filters?.(raw) ?? [])];
    const present = parts.filter((p): p is SQL => !!p);
    return present.length ? sql.join(present, sql` and `) : undefined;
  };

  const app = new Hono<AppEnv>();

  if (o.opcoes) {
    const op = o.opcoes;
    const opcoesAccess = [o.permission, ...(o.opcoesPermissions ?? [])] as const;
    const opcoesContract = route({
      summary: `Opções de ${nome} para seleção (até 50, por nome)`,
      access: opcoesAccess,
      query: z.object({ q: z.string().max(200).optional() }),
      response: z.array(row.pick(Object.fromEntries(Object.keys(op.columns).map((k) => [k, true])) as never)),
    });
    app.get('/opcoes', opcoesContract, async (c) => {
      const { q } = parseQuery(c, z.object({ q: z.string().trim().max(200).optional() }));
      const { db } = c.get('deps');
      const search = q ? op.search(q) : undefined;
      const where = op.where && search ? sql`${op.where} and ${search}` : (op.where ?? search);
      const rows = await db.select(op.columns).from(table).where(where).orderBy(asc(op.orderBy)).limit(50);
      return c.json(rows.map((r) => numbersOut(r as Row, numeric)));
    });
  }

  app
    .get(
      '/',
      route({
        summary: `Lista ${nome} (busca, paginação, ordenação)`,
        access,
        query: listFilters,
        response: pageSchema,
      }),
      async (c) => {
        const query = parseQuery(c, listQuery);
        const { db } = c.get('deps');
        const where = whereOf(query.q, c.req.query());
        const order = orderFrom(query.sort ?? o.defaultSort, o.sortable, idCol);
        const page = await paginate(
          async (limit, offset) =>
            o.select
              ? o.select.list(db, where, order, limit, offset)
              : ((await db
                  .select()
                  .from(table)
                  .where(where)
                  .orderBy(order)
                  .limit(limit)
                  .offset(offset)) as Row[]),
          () => countWhere(db, table, where),
          query.page,
          query.limit,
        );
        return c.json({ ...page, items: page.items.map(out) });
      },
    )
    .get('/exportar', route({ ...exportContract(o.titulo ?? o.recurso, listFilters), access }), async (c) => {
      const query = parseQuery(c, listQuery);
      return exportResponse(c, {
        recurso: o.recurso,
        titulo: o.titulo ?? o.recurso,
        columns: o.exportColumns ?? [],
        where: whereOf(query.q, c.req.query()),
        order: sortKeys(query.sort ?? o.defaultSort, o.sortable, idCol),
        page: (db, p) => (o.select ? o.select.list(db, p.where, p.order, p.limit, 0) : pageOf(table)(db, p)),
      });
    })
    .get('/:id', route({ summary: `Um(a) ${nome}`, access, response: row, errors: [404] }), async (c) => {
      const id = parseId(c, uuid);
      const row = await one(c.get('deps').db, id);
      if (!row) throw notFound();
      return c.json(out(row));
    })
    .post(
      '/',
      route({ summary: `Cria ${nome}`, access, body: o.create, response: row, status: 201, errors: [409] }),
      async (c) => {
        const values = await parseBody(c, o.create);
        const { db } = c.get('deps');
        const id = await db.transaction(async (tx) => {
          const [row] = await tx.insert(table).values(values).returning();
          const newId = (row as Row).id as string;
          await publish(tx, o.recurso, 'criado', newId);
          return newId;
        });
        return c.json(out((await one(db, id))!), 201);
      },
    )
    .patch(
      '/:id',
      route({
        summary: `Altera ${nome} (envie o updated_at lido)`,
        access,
        body: o.update,
        response: row,
        errors: [404, 409],
      }),
      async (c) => {
        const id = parseId(c, uuid);
        const { updated_at, ...values } = (await parseBody(c, o.update)) as Row & { updated_at?: string };
        const { db } = c.get('deps');
        await db.transaction(async (tx) => {
          const r = await updateVersioned(tx, table, id, values, updated_at);
          if (r === 'missing') throw notFound();
          if (r === 'stale') throw staleWrite();
          await publish(tx, o.recurso, 'atualizado', id);
        });
        return c.json(out((await one(db, id))!));
      },
    )
    .delete(
      '/:id',
      route({ summary: `Remove ${nome}`, access, status: 204, errors: [404, 409] }),
      async (c) => {
        const id = parseId(c, uuid);
        const { db } = c.get('deps');
        try {
          await db.transaction(async (tx) => {
            const rows = await tx.delete(table).where(eq(idCol, id)).returning({ id: idCol });
            if (!rows.length) throw notFound();
            await publish(tx, o.recurso, 'removido', id);
          });
        } catch (err) {
          const mapped = fromDatabase(err);
          if (mapped?.status === 409 && o.deleteConflict) throw await o.deleteConflict(db, id);
          throw err;
        }
        return c.body(null, 204);
      },
    );

  return app;
}
