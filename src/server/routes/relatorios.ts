import { Hono } from 'hono';
import { comissoesReportJson } from '../../db/queries/relatorios';
import { comissoesArquitetosQuery, comissoesVendedoresQuery } from '../../schemas/relatorios';
import { type AppContext, type AppEnv, parseQuery } from '../context';
import { route } from '../contract';

/** The body is ComissoesVendedores / ComissoesArquitetos (schemas/relatorios.ts), written by the database. */
const json = (c: AppContext, body: string) => c.body(body, 200, { 'content-type': 'application/json' });

/** Commission reports (doc 2 §2 Vendedores and Arquitetos), each behind its own screen's permission. */
export const relatoriosRoutes = new Hono<AppEnv>()
  .get(
    '/comissoes-vendedores',
    route({
      summary: 'Relatório de comissões dos vendedores',
      access: ['vendedores'],
      query: comissoesVendedoresQuery,
    }),
    async (c) => {
      const q = parseQuery(c, comissoesVendedoresQuery);
      const body = await comissoesReportJson(c.get('deps').db, 'vendedor', {
        pessoa_id: q.vendedor_id,
        inicio: q.inicio,
        fim: q.fim,
        page: q.page,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return json(c, body);
    },
  )
  .get(
    '/comissoes-arquitetos',
    route({
      summary: 'Relatório de comissões dos arquitetos',
      access: ['arquitetos'],
      query: comissoesArquitetosQuery,
    }),
    async (c) => {
      const q = parseQuery(c, comissoesArquitetosQuery);
      const body = await comissoesReportJson(c.get('deps').db, 'arquiteto', {
        pessoa_id: q.arquiteto_id,
        inicio: q.inicio,
        fim: q.fim,
        page: q.page,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return json(c, body);
    },
  );
