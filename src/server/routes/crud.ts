import { Hono } from 'hono';
import { numbersOut, paginate } from '../../db/queries/common';
import { type ApiRow, type CrudTable, crudQueries, type PgColumn, type PgTable } from '../../db/queries/crud';
import { rowSchema } from '../../db/row-schema';
import { listQuery, pageSchema, uuid } from '../../schemas/common';
import type { Permissao } from '../../schemas/permissoes';
import { z } from '../../schemas/z';
import { type AppEnv, parseBody, parseId, parseQuery } from '../context';
import { route } from '../contract';
import { found, fromDatabase, fromRefusal, notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { type ExportColumn, exportContract, exportHandler, sortKeys } from '../export';
import { orderFrom } from '../sort';

type Row = Record<string, unknown>;

/** A resource's routes: its table declaration (`db/queries/<recurso>.ts`) plus the HTTP side. */
export interface CrudOptions<
  T extends PgTable,
  Raw,
  Op extends Record<string, PgColumn>,
  Out,
  C extends z.ZodType<Row> = z.ZodType<Row>,
  U extends z.ZodType<Row> = z.ZodType<Row>,
  F extends z.ZodRawShape = Record<never, z.ZodType>,
> extends CrudTable<T, Raw, Op> {
  /** api.md resource name, used for events (`clientes`, `itens-venda`…). */
  recurso: string;
  permission: Permissao;
  /** Extra permissions that may read `/opcoes` (the quote and sale screens need the selectors). */
  opcoesPermissions?: Permissao[];
  /** The create and update bodies: their own types reach the typed client (web and API tests). */
  create: C;
  update: U;
  /**
   * The filters' query parameters, for the reference and the typed client (`filters` reads them). A
   * generic of its own, so the list's and the export's query types name exactly these filters.
   */
  filterQuery?: F;
  /** Maps a row to the response; default: the table's numeric strings → numbers. Its type is the answer's. */
  toResponse?: (row: Raw) => Out;
  /** The row the API answers, for the reference; default: the table's columns (`rowSchema`). */
  row?: z.ZodObject;
  /** Singular noun for the reference ("cliente"); default: the resource name. */
  nome?: string;
  /** The export's columns (`GET /exportar?formato=csv|xlsx`, every row of the list's filters). */
  exportColumns?: ExportColumn[];
  /** The export's sheet title and file name prefix; default: the resource name. */
  titulo?: string;
}

export { orderFrom };

/**
 * The five CRUD routes and `/opcoes` of api.md for one table, each behind its screen's permission.
 * One chain, so the typed client sees every route with its answer: the row (`Out`) is the table's
 * (or the resource's own select's) with numeric columns as numbers, or what `toResponse` returns.
 */
export function crudRoutes<
  T extends PgTable,
  Raw = T['$inferSelect'],
  Op extends Record<string, PgColumn> = Record<string, PgColumn>,
  Out = ApiRow<T, Raw>,
  C extends z.ZodType<Row> = z.ZodType<Row>,
  U extends z.ZodType<Row> = z.ZodType<Row>,
  F extends z.ZodRawShape = Record<never, z.ZodType>,
>(o: CrudOptions<T, Raw, Op, Out, C, U, F>) {
  const q = crudQueries(o);
  const { idCol, numeric } = q;
  const toResponse = o.toResponse;
  const out = (r: unknown): Out =>
    toResponse ? toResponse(r as Raw) : (numbersOut(r as Row, numeric) as Out);
  const access = [o.permission] as const;
  const row = o.row ?? rowSchema(o.table);
  const nome = o.nome ?? o.recurso;

  const listFilters = listQuery.extend(o.filterQuery ?? ({} as F));
  const op = o.opcoes;
  const sortable = Object.keys(o.sortable)
    .map((k) => `\`${k}\``)
    .join(', ');
  const texto = {
    opcoes: `Até 50 linhas, só com as colunas que um campo de escolha mostra; \`q\` filtra.${op.where ? ' Só os ativos.' : ''}`,
    lista: `Uma página (\`page\`, \`limit\` até 200, padrão 50) com o \`total\` da busca \`q\` e dos filtros. \`sort\`: ${sortable}; \`-\` na frente para decrescente; padrão \`${o.defaultSort}\`.`,
    um: 'Números como números JSON (valores em reais), datas em ISO 8601; o `updated_at` é a versão a enviar na alteração.',
    cria: 'Cada campo é validado (erros em pt-BR, por campo, em `errors`); um valor que deve ser único e já existe é 409. Aceita `Idempotency-Key`. Avisa as telas abertas pelo evento `criado`. Responde a linha criada.',
    altera:
      'O `updated_at` lido é obrigatório: se a linha mudou desde então, 409 e nada é gravado. Avisa as telas abertas pelo evento `atualizado`. Responde a linha como ficou.',
    remove: 'Não remove o que outro registro usa (409). Avisa as telas abertas pelo evento `removido`.',
  };

  const opcoesAccess = [o.permission, ...(o.opcoesPermissions ?? [])] as const;
  const opcoesContract = route({
    summary: `Opções de ${nome} para seleção (até 50, por nome)`,
    description: texto.opcoes,
    access: opcoesAccess,
    query: z.object({ q: z.string().max(200).optional() }),
    response: z.array(row.pick(Object.fromEntries(Object.keys(op.columns).map((k) => [k, true])) as never)),
  });

  return new Hono<AppEnv>()
    .get('/opcoes', opcoesContract, async (c) => {
      const { q: search } = parseQuery(c, z.object({ q: z.string().trim().max(200).optional() }));
      return c.json(await q.opcoes(c.get('deps').db, { q: search }));
    })
    .get(
      '/',
      route({
        summary: `Lista ${nome} (busca, paginação, ordenação)`,
        description: texto.lista,
        access,
        query: listFilters,
        response: pageSchema(row),
      }),
      async (c) => {
        const query = parseQuery(c, listQuery);
        const { db } = c.get('deps');
        const where = q.where({ q: query.q, query: c.req.query() });
        const order = orderFrom(query.sort ?? o.defaultSort, o.sortable, idCol);
        const page = await paginate(
          (limit, offset) => q.list(db, { where, order, limit, offset }),
          () => q.count(db, { where }),
          query.page,
          query.limit,
        );
        return c.json({ ...page, items: page.items.map(out) });
      },
    )
    .get('/exportar', route({ ...exportContract(o.titulo ?? o.recurso, listFilters), access }), (c) =>
      exportHandler(c, listQuery, (query, c) => ({
        recurso: o.recurso,
        titulo: o.titulo ?? o.recurso,
        columns: o.exportColumns ?? [],
        where: q.where({ q: query.q, query: c.req.query() }),
        order: sortKeys(query.sort ?? o.defaultSort, o.sortable, idCol),
        page: q.page,
      })),
    )
    .get(
      '/:id',
      route({ summary: `Um(a) ${nome}`, description: texto.um, access, response: row, errors: [404] }),
      async (c) => {
        return c.json(out(found(await q.one(c.get('deps').db, { id: parseId(c, uuid) }))));
      },
    )
    .post(
      '/',
      route({
        summary: `Cria ${nome}`,
        description: texto.cria,
        access,
        body: o.create,
        response: row,
        status: 201,
        errors: [409],
      }),
      async (c) => {
        const values = await parseBody(c, o.create);
        const { db } = c.get('deps');
        const id = await db.transaction(async (tx) => {
          const newId = await q.insert(tx, { values });
          await publish(tx, o.recurso, 'criado', newId);
          return newId;
        });
        return c.json(out((await q.one(db, { id }))!), 201);
      },
    )
    .patch(
      '/:id',
      route({
        summary: `Altera ${nome} (envie o updated_at lido)`,
        description: texto.altera,
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
          const r = await q.update(tx, { id, values, updatedAt: updated_at });
          if (r === 'missing') throw notFound();
          if (r === 'stale') throw staleWrite();
          await publish(tx, o.recurso, 'atualizado', id);
        });
        return c.json(out((await q.one(db, { id }))!));
      },
    )
    .delete(
      '/:id',
      route({
        summary: `Remove ${nome}`,
        description: texto.remove,
        access,
        status: 204,
        errors: [404, 409],
      }),
      async (c) => {
        const id = parseId(c, uuid);
        const { db } = c.get('deps');
        try {
          await db.transaction(async (tx) => {
            if (!(await q.remove(tx, { id }))) throw notFound();
            await publish(tx, o.recurso, 'removido', id);
          });
        } catch (err) {
          const mapped = fromDatabase(err);
          if (mapped?.status === 409 && o.emUso) throw fromRefusal(await o.emUso(db, { id }));
          throw err;
        }
        return c.body(null, 204);
      },
    );
}
