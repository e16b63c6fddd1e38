import { type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { queryRows } from '../../db/queries/common';
import { type AuditoriaRegistro, auditoriaQuery } from '../../schemas/auditoria';
import { type AppEnv, parseQuery } from '../context';
import { requireAdmin } from '../permissions';

/**
 * The audit trail, read-only (the table refuses UPDATE and DELETE; no route writes it), for admins:
 * filtered by user, resource, record and period (days in the business time zone), newest first.
 */
export const auditoriaRoutes = new Hono<AppEnv>().get('/', requireAdmin, async (c) => {
  const f = parseQuery(c, auditoriaQuery);
  const { db, config } = c.get('deps');
  const tz = config.tzNegocio;
  const where: SQL[] = [];
  if (f.usuario_id) where.push(sql`a.usuario_id = ${f.usuario_id}`);
  if (f.recurso) where.push(sql`a.recurso = ${f.recurso}`);
  if (f.registro) where.push(sql`a.registro = ${f.registro}`);
  if (f.de) where.push(sql`a.em >= (${f.de}::date)::timestamp at time zone ${tz}`);
  if (f.ate) where.push(sql`a.em < (${f.ate}::date + 1)::timestamp at time zone ${tz}`);
  const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const offset = (f.page - 1) * f.limit;
  const [items, [count]] = await Promise.all([
    queryRows<AuditoriaRegistro>(
      db,
      sql`select a.id::int as id, a.em, a.usuario_id, a.endereco, a.recurso, a.registro, a.acao, a.alteracoes,
                 (select u.nome from usuarios u where u.id = a.usuario_id) as usuario_nome
            from auditoria a ${cond}
           order by a.em desc, a.id desc
           limit ${f.limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from auditoria a ${cond}`),
  ]);
  return c.json({ items, total: count?.n ?? 0, page: f.page, limit: f.limit });
});
