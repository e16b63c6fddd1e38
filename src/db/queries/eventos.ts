import { type SQL, sql } from 'drizzle-orm';
import { EVENTS_CHANNEL, type Executor } from '../client';
import { queryRows } from './common';

/** NOTIFY on the events channel; PostgreSQL delivers it only when the transaction commits. */
export async function notificarEvento(tx: Executor, p: { payload: string }): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${p.payload})`);
}

/** The same NOTIFY as an SQL expression, for a write done in one statement (`id` is SQL). */
export function notificarEventoSql(p: { recurso: string; acao: string }): (id: SQL) => SQL {
  return (id) =>
    sql`pg_notify(${EVENTS_CHANNEL}, json_build_object('recurso', ${p.recurso}::text, 'acao', ${p.acao}::text, 'id', ${id})::text)`;
}

/**
 * Registers an open live-update stream of a user and makes room under `max` across every server
 * process: opens of one user take turns (a transaction advisory lock on the user), rows whose stream
 * has not been seen for `expiraS` seconds (a dead process's) are removed, and the user's oldest rows
 * beyond `max` are removed and answered, so their streams can be told to close wherever they are.
 */
export async function abrirStream(
  tx: Executor,
  p: { id: string; usuarioId: string; max: number; expiraS: number },
): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lavra-sse:${p.usuarioId}`}))`);
  await tx.execute(
    sql`delete from sse_streams where visto_em < clock_timestamp() - make_interval(secs => ${p.expiraS}::int)`,
  );
  await tx.execute(sql`insert into sse_streams (id, usuario_id) values (${p.id}, ${p.usuarioId})`);
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`delete from sse_streams where id in (
          select id from sse_streams where usuario_id = ${p.usuarioId}
           order by aberto_em desc, id desc offset ${p.max})
        returning id`,
  );
  return rows.map((r) => r.id);
}

/** A live stream's heartbeat: false when its row is gone (closed to make room, or expired). */
export async function tocarStream(db: Executor, p: { id: string }): Promise<boolean> {
  const { id } = p;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update sse_streams set visto_em = clock_timestamp() where id = ${id} returning id`,
  );
  return rows.length > 0;
}

export async function fecharStream(db: Executor, p: { id: string }): Promise<void> {
  const { id } = p;
  await db.execute(sql`delete from sse_streams where id = ${id}`);
}
