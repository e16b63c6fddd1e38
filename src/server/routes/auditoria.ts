import { type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { queryRows } from '../../db/queries/common';
import { type AuditoriaQuery, type AuditoriaRegistro, auditoriaQuery } from '../../schemas/auditoria';
import { type AppEnv, parseQuery } from '../context';
import { route } from '../contract';

function filters(f: AuditoriaQuery, tz: string): SQL {
  const where: SQL[] = [];
  if (f.usuario_id) where.push(sql`a.usuario_id = ${f.usuario_id}`);
  if (f.recurso) where.push(sql`a.recurso = ${f.recurso}`);
  if (f.registro) where.push(sql`a.registro = ${f.registro}`);
  if (f.de) where.push(sql`a.em >= (${f.de}::date)::timestamp at time zone ${tz}`);
  if (f.ate) where.push(sql`a.em < (${f.ate}::date + 1)::timestamp at time zone ${tz}`);
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

const columns = sql`a.id::int as id, a.em, a.usuario_id, a.endereco, a.recurso, a.registro, a.acao, a.alteracoes,
  (select u.nome from usuarios u where u.id = a.usuario_id) as usuario_nome`;

/** Most rows one export holds (narrow the period for more). */
const EXPORT_MAX = 50_000;

const csvCell = (v: unknown) => {
  let s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  // A text starting like a formula would run as one in a spreadsheet.
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[";\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/**
 * The audit trail, read-only (the table refuses UPDATE and DELETE; no route writes it), for admins:
 * filtered by user, resource, record and period (days in the business time zone), newest first.
 */
/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  getExportar: route({
    summary: 'Exporta a trilha de auditoria filtrada (CSV)',
    access: 'admin',
    produces: 'text/csv',
    errors: [400],
  }),
  get: route({
    summary:
      'Trilha de auditoria: quem alterou o quê, quando e de onde (filtros por usuário, recurso, registro, período)',
    access: 'admin',
    errors: [400],
  }),
};

export const auditoriaRoutes = new Hono<AppEnv>()
  .get('/exportar', doc.getExportar, async (c) => {
    const f = parseQuery(c, auditoriaQuery);
    const { db, config } = c.get('deps');
    const rows = await queryRows<AuditoriaRegistro>(
      db,
      sql`select ${columns} from auditoria a ${filters(f, config.tzNegocio)}
           order by a.em desc, a.id desc limit ${EXPORT_MAX}`,
    );
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
  .get('/', doc.get, async (c) => {
    const f = parseQuery(c, auditoriaQuery);
    const { db, config } = c.get('deps');
    const cond = filters(f, config.tzNegocio);
    const offset = (f.page - 1) * f.limit;
    const [items, [count]] = await Promise.all([
      queryRows<AuditoriaRegistro>(
        db,
        sql`select ${columns}
            from auditoria a ${cond}
           order by a.em desc, a.id desc
           limit ${f.limit} offset ${offset}`,
      ),
      queryRows<{ n: number }>(db, sql`select count(*)::int as n from auditoria a ${cond}`),
    ]);
    return c.json({ items, total: count?.n ?? 0, page: f.page, limit: f.limit });
  });
