import { type SQL, sql } from 'drizzle-orm';
import { EVENTS_CHANNEL, type Executor } from '../client';

/** NOTIFY on the events channel; PostgreSQL delivers it only when the transaction commits. */
export async function notificarEvento(tx: Executor, p: { payload: string }): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${p.payload})`);
}

/** The same NOTIFY as an SQL expression, for a write done in one statement (`id` is SQL). */
export function notificarEventoSql(p: { recurso: string; acao: string }): (id: SQL) => SQL {
  return (id) =>
    sql`pg_notify(${EVENTS_CHANNEL}, json_build_object('recurso', ${p.recurso}::text, 'acao', ${p.acao}::text, 'id', ${id})::text)`;
}
