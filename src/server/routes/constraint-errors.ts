import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { type HttpError, problem } from '../errors';

export interface PgViolation {
  code: string;
  constraint: string;
}

/** The PostgreSQL code and constraint name of a (possibly wrapped) driver error. */
export function pgViolation(err: unknown): PgViolation | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const p = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof p.code === 'string' && /^[0-9A-Z]{5}$/.test(p.code)) {
      return { code: p.code, constraint: typeof p.constraint === 'string' ? p.constraint : '' };
    }
    e = p.cause;
  }
  return null;
}

/**
 * Gives a resource's own constraint violations the spec's wording (e.g. a duplicate category name)
 * instead of the generic "Registro duplicado". Hono puts a handler's error in `c.error` after the app's
 * error handler answered; this replaces that answer when `map` knows the constraint.
 */
export function constraintMessages(map: (v: PgViolation, method: string) => HttpError | null | undefined) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (!c.error) return;
    const v = pgViolation(c.error);
    const mapped = v && map(v, c.req.method);
    if (mapped) c.res = problem(c, mapped);
  });
}
