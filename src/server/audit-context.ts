import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/client';
import { definirAutor } from '../db/queries/auditoria';
import { clientAddress } from './client-address';
import type { AppEnv } from './context';

/**
 * Who is writing: the audit trigger (migration auditoria_sql) reads it from transaction-local
 * settings. The one place they are set is here — every transaction a signed-in user's write request
 * opens on `deps.db` starts with them — so routes need not know the audit trail exists.
 */
interface Actor {
  usuarioId: string;
  endereco: string;
}
const actor = new AsyncLocalStorage<Actor>();

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** After the session middleware: a signed-in user's unsafe request runs with its actor known. */
export const auditContext = createMiddleware<AppEnv>(async (c, next) => {
  const me = c.get('me');
  if (!me || SAFE.has(c.req.method)) return next();
  return actor.run({ usuarioId: me.id, endereco: clientAddress(c, c.get('deps').config) }, next);
});

/**
 * The database as routes see it: `transaction()` begins by naming the actor, when there is one; a
 * single statement run outside a transaction (`execute`, as the one-statement quote insert does)
 * is wrapped in one for the same reason (unless it names the actor itself: comAutorNaInstrucao). Without
 * an actor (bootstrap, scripts, reads) nothing changes.
 */
export function withAuditContext(db: Db): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'transaction') {
        return (fn: (tx: unknown) => Promise<unknown>, config?: unknown) => {
          const a = actor.getStore();
          if (!a) return target.transaction(fn as never, config as never);
          return target.transaction(async (tx) => {
            await definirAutor(tx, a);
            return fn(tx);
          }, config as never);
        };
      }
      if (prop === 'execute') {
        return (query: unknown) => {
          const a = actor.getStore();
          if (!a) return target.execute(query as never);
          return target.transaction(async (tx) => {
            await definirAutor(tx, a);
            return tx.execute(query as never);
          });
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

/**
 * A read inside a write request, run as what it is: no actor, so no transaction of its own (one round
 * trip instead of begin, settings, statement and commit).
 */
export function semAutor<T>(fn: () => Promise<T>): Promise<T> {
  return actor.exit(fn);
}

/**
 * A write done as one statement, in one round trip: `fn` gets the actor's settings as an expression to
 * put in that statement's select list, and runs without the wrapping transaction. The audit trigger
 * is an AFTER trigger, fired at the statement's end, after the select list has set them; the statement
 * is its own transaction, so the transaction-local settings end with it. Without an actor: `null`.
 */
export function comAutorNaInstrucao<T>(fn: (autor: SQL) => Promise<T>): Promise<T> {
  const a = actor.getStore();
  if (!a) return fn(sql`null`);
  return actor.exit(() =>
    fn(
      sql`set_config('lavra.usuario_id', ${a.usuarioId}, true) || set_config('lavra.endereco', ${a.endereco}, true)`,
    ),
  );
}
