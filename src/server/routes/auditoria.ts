import { Hono } from 'hono';
import {
  auditoriaExport,
  auditoriaPage,
  historicoRegistro,
  nomesReferidos,
} from '../../db/queries/auditoria';
import {
  type AuditoriaRegistro,
  auditoriaPageSchema,
  auditoriaQuery,
  HISTORICO_MAX,
  historicoQuery,
  historicoRecursos,
  historicoSchema,
} from '../../schemas/auditoria';
import { CAMPOS_REF } from '../../schemas/auditoria-campos';
import { type AppEnv, parseQuery } from '../context';
import { route } from '../contract';

/** Most rows one export holds (narrow the period for more). */
const EXPORT_MAX = 50_000;

const csvCell = (v: unknown) => {
  let s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  // A text starting like a formula would run as one in a spreadsheet.
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[";\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The ids of other records the entries' reference fields held, before and after. */
function referidos(items: AuditoriaRegistro[]): string[] {
  return items.flatMap((r) => [
    r.registro,
    ...CAMPOS_REF.flatMap((k) => (Object.hasOwn(r.alteracoes, k) ? r.alteracoes[k]! : [])).filter(
      (v): v is string => typeof v === 'string',
    ),
  ]);
}

/**
 * The audit trail, read-only (the table refuses UPDATE and DELETE; no route writes it), for admins:
 * filtered by user, resource, record and period (days in the business time zone), newest first.
 */
/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  getExportar: route({
    summary: 'Exporta a trilha de auditoria filtrada (CSV)',
    description: `Os mesmos filtros da lista, até ${EXPORT_MAX.toLocaleString('pt-BR')} entradas (estreite o período para mais). CSV com ; e BOM UTF-8.`,
    access: 'admin',
    query: auditoriaQuery,
    produces: 'text/csv',
    errors: [400],
  }),
  getHistorico: route({
    summary:
      'Histórico de um registro (diálogo de detalhes): as entradas da auditoria dele, mais novas primeiro',
    access: 'admin',
    description: `Até ${HISTORICO_MAX} entradas; \`nomes\` dá o nome dos registros citados nos campos de referência.`,
    query: historicoQuery,
    response: historicoSchema,
    errors: [400],
  }),
  get: route({
    summary:
      'Trilha de auditoria: quem alterou o quê, quando e de onde (filtros por usuário, recurso, registro, período)',
    description:
      'Mais novas primeiro; `em` em ISO 8601 (UTC). Período em dias do fuso do negócio. `nomes` dá o nome dos registros (pessoas, clientes, vendas, OS…) citados nos campos de referência.',
    access: 'admin',
    query: auditoriaQuery,
    response: auditoriaPageSchema,
    errors: [400],
  }),
};

export const auditoriaRoutes = new Hono<AppEnv>()
  .get('/exportar', doc.getExportar, async (c) => {
    const f = parseQuery(c, auditoriaQuery);
    const { db, config } = c.get('deps');
    const rows = await auditoriaExport(db, { filtros: f, tz: config.tzNegocio, limit: EXPORT_MAX });
    const header = ['id', 'em', 'usuario', 'endereco', 'recurso', 'registro', 'acao', 'alteracoes'];
    const lines = rows.map((r) =>
      [
        r.id,
        new Date(r.em).toISOString(),
        r.usuario_nome ?? (r.usuario_id ? r.usuario_id : 'Sistema'),
        r.endereco,
        r.recurso,
        r.registro,
        r.acao,
        r.alteracoes,
      ]
        .map(csvCell)
        .join(';'),
    );
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', 'attachment; filename="auditoria.csv"');
    // BOM: Excel in pt-BR opens UTF-8 with accents right.
    return c.body(`\ufeff${[header.join(';'), ...lines].join('\r\n')}\r\n`);
  })
  .get('/historico', doc.getHistorico, async (c) => {
    const f = parseQuery(c, historicoQuery);
    const { db } = c.get('deps');
    const items = await historicoRegistro(db, {
      recursos: historicoRecursos(f.recurso),
      registro: f.registro,
      limit: HISTORICO_MAX,
    });
    const nomes = await nomesReferidos(db, { ids: referidos(items) });
    return c.json({ items, nomes, limite: HISTORICO_MAX });
  })
  .get('/', doc.get, async (c) => {
    const f = parseQuery(c, auditoriaQuery);
    const { db, config } = c.get('deps');
    const offset = (f.page - 1) * f.limit;
    const { items, total } = await auditoriaPage(db, {
      filtros: f,
      tz: config.tzNegocio,
      limit: f.limit,
      offset,
    });
    const nomes = await nomesReferidos(db, { ids: referidos(items) });
    return c.json({ items, total, page: f.page, limit: f.limit, nomes });
  });
