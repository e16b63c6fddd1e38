import { type SQL, sql } from 'drizzle-orm';
import type { AuditoriaQuery, AuditoriaRegistro } from '../../schemas/auditoria';
import type { Executor } from '../client';
import { queryRows } from './common';

/** The trail's WHERE from the screen's filters; days are the business time zone's (`tz`). */
function filters(f: AuditoriaQuery, tz: string): SQL {
  const where: SQL[] = [];
  if (f.usuario_id) where.push(sql`a.usuario_id = ${f.usuario_id}`);
  if (f.recurso) where.push(sql`a.recurso = ${f.recurso}`);
  if (f.registro) where.push(sql`a.registro = ${f.registro}`);
  if (f.de) where.push(sql`a.em >= (${f.de}::date)::timestamp at time zone ${tz}`);
  if (f.ate) where.push(sql`a.em < (${f.ate}::date + 1)::timestamp at time zone ${tz}`);
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

// `em` as ISO 8601 in UTC (the API's timestamps), not PostgreSQL's text form.
const columns = sql`a.id::int as id, to_char(a.em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as em, a.usuario_id, a.endereco, a.recurso, a.registro, a.acao, a.alteracoes,
  (select u.nome from usuarios u where u.id = a.usuario_id) as usuario_nome`;

/** The first `limit` entries matching the filters, newest first (the CSV export). */
export function auditoriaExport(
  db: Executor,
  p: { filtros: AuditoriaQuery; tz: string; limit: number },
): Promise<AuditoriaRegistro[]> {
  return queryRows<AuditoriaRegistro>(
    db,
    sql`select ${columns} from auditoria a ${filters(p.filtros, p.tz)}
           order by a.em desc, a.id desc limit ${p.limit}`,
  );
}

/** One page of the trail, newest first, and how many entries match the filters. */
export async function auditoriaPage(
  db: Executor,
  p: { filtros: AuditoriaQuery; tz: string; limit: number; offset: number },
): Promise<{ items: AuditoriaRegistro[]; total: number }> {
  const cond = filters(p.filtros, p.tz);
  const [items, [count]] = await Promise.all([
    queryRows<AuditoriaRegistro>(
      db,
      sql`select ${columns}
            from auditoria a ${cond}
           order by a.em desc, a.id desc
           limit ${p.limit} offset ${p.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from auditoria a ${cond}`),
  ]);
  return { items, total: count?.n ?? 0 };
}

/**
 * Names who is writing for the audit trigger (migration auditoria_sql), in transaction-local
 * settings: the first statement of every transaction a signed-in user's write opens.
 */
export async function definirAutor(tx: Executor, p: { usuarioId: string; endereco: string }) {
  await tx.execute(
    sql`select set_config('lavra.usuario_id', ${p.usuarioId}, true), set_config('lavra.endereco', ${p.endereco}, true)`,
  );
}

/**
 * One record's history, newest first (its details dialog): `recursos` are the tables its entries are
 * in (schemas/auditoria historicoRecursos). Reads the index auditoria_registro_idx.
 */
export function historicoRegistro(
  db: Executor,
  p: { recursos: string[]; registro: string; limit: number },
): Promise<AuditoriaRegistro[]> {
  return queryRows<AuditoriaRegistro>(
    db,
    sql`select ${columns} from auditoria a
         where a.recurso in ${p.recursos} and a.registro = ${p.registro}
         order by a.em desc, a.id desc limit ${p.limit}`,
  );
}

/**
 * The names of the records an entry points to (client, seller, architect, payment method, quote,
 * sale, work order, user, employee, product, supplier), by id, so the history reads "Vendedor: Ana → Bruno" rather than two ids. Ids that are not
 * UUIDs, or whose record is gone, are left out.
 */
export async function nomesReferidos(db: Executor, p: { ids: string[] }): Promise<Record<string, string>> {
  const ids = [...new Set(p.ids)].filter((id) =>
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id),
  );
  if (!ids.length) return {};
  const list = sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;
  const rows = await queryRows<{ id: string; nome: string }>(
    db,
    sql`select id::text as id, nome from clientes where id in ${list}
        union all select id::text, nome from vendedores where id in ${list}
        union all select id::text, nome from arquitetos where id in ${list}
        union all select id::text, nome from usuarios where id in ${list}
        union all select id::text, bandeira || ' - ' || tipo from cartoes where id in ${list}
        union all select id::text, 'Orçamento #' || numero from orcamentos where id in ${list}
        union all select id::text, 'Venda #' || numero from vendas where id in ${list}
        union all select id::text, 'OS #' || numero from ordens_servico where id in ${list}
        union all select id::text, nome from funcionarios where id in ${list}
        union all select id::text, nome from produtos where id in ${list}
        union all select id::text, nome from fornecedores where id in ${list}`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.nome]));
}
