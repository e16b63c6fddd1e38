import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { constraintRefusal } from '../db/queries/constraints';
import type { Refusal } from '../db/queries/refusal';

export interface ProblemField {
  path: string;
  message: string;
}

/** An error the client caused or may act on; rendered as RFC 9457 problem details. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: ProblemField[],
    /** Headers the answer carries besides the problem (a 429's `retry-after`). */
    readonly headers?: Record<string, string>,
  ) {
    super(detail ?? title);
  }
}

export const badRequest = (detail: string, errors?: ProblemField[]) =>
  new HttpError(400, 'Dados inválidos', detail, errors);
export const notFound = (detail = 'Registro não encontrado.') => new HttpError(404, 'Não encontrado', detail);
/** The record read, or a 404 (`missing`: the resource's own words, "Venda não encontrada."). */
export function found<T>(row: T | null | undefined, missing: () => HttpError = notFound): NonNullable<T> {
  if (row === null || row === undefined) throw missing();
  return row;
}
export const conflict = (title: string, detail?: string) => new HttpError(409, title, detail);
export const staleWrite = () =>
  new HttpError(409, 'Conflito de edição', 'Este registro foi alterado por outra pessoa. Recarregue.');

export function fromZod(err: ZodError): HttpError {
  const errors = err.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  return badRequest(errors[0]?.message ?? 'Dados inválidos.', errors);
}

interface PgErrorLike {
  code?: string;
  constraint?: string;
  table?: string;
  detail?: string;
  cause?: unknown;
}

function pgError(err: unknown): PgErrorLike | null {
  // Drizzle wraps driver errors; the PostgreSQL fields are on the error or on its cause.
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const p = e as PgErrorLike;
    if (typeof p.code === 'string' && /^[0-9A-Z]{5}$/.test(p.code)) return p;
    e = p.cause;
  }
  return null;
}

/** A resource's refusal (db/queries: its constraint map or its in-use message) as the API's error. */
export function fromRefusal(r: Refusal): HttpError {
  return new HttpError(
    r.status,
    r.title,
    r.detail,
    r.path ? [{ path: r.path, message: r.detail }] : undefined,
  );
}

/**
 * Turns constraint violations into the client's fault (4xx) instead of a 500: in the resource's own
 * words when its constraint map (db/queries/constraints.ts) names the constraint, else generic ones.
 */
export function fromDatabase(err: unknown, method?: string): HttpError | null {
  const pg = pgError(err);
  if (!pg) return null;
  const own = constraintRefusal({ code: pg.code!, constraint: pg.constraint ?? '' }, method);
  if (own) return fromRefusal(own);
  switch (pg.code) {
    // 23001: PostgreSQL 18 (PGlite) reports ON DELETE RESTRICT as restrict_violation; 15 says 23503.
    case '23001':
    case '23503':
      return conflict(
        'Registro em uso',
        'Este registro está vinculado a outros e não pode ser removido ou alterado dessa forma.',
      );
    case '23505':
      return conflict('Registro duplicado', 'Já existe um registro com esses dados.');
    case '23514':
    case '23502':
    case '22001':
    case '22003':
    case '22P02':
    case '22007':
    case '22008':
    // a NUL or a character the encoding cannot hold (refuseNul stops NUL first; this is the backstop)
    case '22021':
    case '22P05':
      return badRequest('Um dos valores informados é inválido.');
    case '40001':
    case '40P01':
      return new HttpError(409, 'Conflito', 'A operação conflitou com outra. Tente novamente.');
    default:
      return null;
  }
}

export function problem(c: Context, err: HttpError) {
  const body: Record<string, unknown> = {
    type: 'about:blank',
    title: err.title,
    status: err.status,
    detail: err.detail ?? err.title,
  };
  if (err.errors?.length) body.errors = err.errors;
  return c.body(JSON.stringify(body), err.status, {
    ...err.headers,
    'content-type': 'application/problem+json; charset=utf-8',
  });
}

/** `method`: the request's, for constraint rules that hold on some methods only. */
export function toHttpError(err: unknown, method?: string): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof ZodError) return fromZod(err);
  return fromDatabase(err, method);
}
