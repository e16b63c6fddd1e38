import type { Context, TypedResponse } from 'hono';
import type { Database, Db } from '../db/client';
import type { Me } from '../schemas/auth';
import type { z } from '../schemas/z';
import type { Auth } from './auth/better-auth';
import type { Config } from './config';
import { badRequest, fromZod } from './errors';
import type { EventHub } from './events';
import type { Logger } from './log';

export interface AppDeps {
  database: Database;
  db: Db;
  auth: Auth;
  config: Config;
  events: EventHub;
  logger: Logger;
  /** Signs the "signed in here before" cookie (auth/dispositivo.ts); derived from the session secret. */
  deviceKey: Buffer;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    me: Me | null;
    requestId: string;
  };
}

export type AppContext = Context<AppEnv>;

/**
 * An answer the database wrote as JSON text, sent as is and typed as `T` for the typed client (the
 * query that writes it is the one place that shape is kept: keep `T` beside it).
 */
export const jsonText = <T>(c: AppContext, body: string) =>
  c.body(body, 200, { 'content-type': 'application/json' }) as unknown as TypedResponse<T, 200, 'json'>;

/** Reads and validates a JSON body; bad JSON or bad fields become a 400 problem. */
export async function parseBody<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw badRequest('O corpo da requisição não é um JSON válido.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

export function parseQuery<S extends z.ZodType>(c: AppContext, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

export function parseId<S extends z.ZodType>(c: AppContext, schema: S, name = 'id'): z.output<S> {
  const parsed = schema.safeParse(c.req.param(name));
  if (!parsed.success) throw badRequest('Identificador inválido.');
  return parsed.data;
}

/** The signed-in user; routes behind requirePermission always have one. */
export function currentUser(c: AppContext): Me {
  const me = c.get('me');
  if (!me) throw new Error('currentUser() used on a route without requireAuth');
  return me;
}
