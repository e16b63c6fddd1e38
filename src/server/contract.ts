import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Permissao } from '../schemas/permissoes';
import type { z } from '../schemas/z';
import type { AppEnv } from './context';
import { idempotency } from './idempotency';
import { forbidden, hasAny, unauthorized } from './permissions';

/**
 * One route's contract: who may call it, what it reads and what it answers. `route({...})` turns it
 * into the route's guard middleware, which
 *  - checks the permission (the same check `requirePermission` makes),
 *  - carries the request's types to Hono's typed client (`hc<ApiType>`, see web/lib/client.ts), so a
 *    screen's call is checked by the compiler against the route's own zod schemas, while the answer's
 *    type is inferred from the handler's `c.json(...)`,
 *  - and is read back by `openApiDocument()` (server/openapi.ts), which walks the app's registered
 *    routes: method and path come from the registration itself, never written twice.
 * Validation stays in the handler (`parseBody`/`parseQuery`), so messages and order of checks are
 * exactly those of the handler: this middleware never reads the body.
 */
export type Acesso = readonly [Permissao, ...Permissao[]] | 'sessao' | 'publico' | 'admin';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 502 | 503 | 504;

export interface RouteContract {
  /** One line for the reference (pt-BR). */
  summary: string;
  description?: string;
  /** Screen permissions (any of them), any signed-in user ('sessao'), administrators, or no session. */
  access: Acesso;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A file sent instead of JSON: a multipart form's `field`, or the raw body in one of `types`. */
  upload?: { field: string; types: readonly string[] };
  /** The answer's schema where one exists; otherwise the reference says "objeto JSON". */
  response?: z.ZodType;
  /** Success status: 200 unless told (201 create, 204 no content). */
  status?: 200 | 201 | 202 | 204;
  /** Answer media type(s) when it is not JSON (exports, the SSE stream, the docs page). */
  produces?: string | readonly [string, ...string[]];
  /** Client errors this route may answer besides 401/403 (derived from `access`). */
  errors?: ErrorStatus[];
  /** Error statuses answered with the success body (`response`, JSON) instead of a problem: readiness' 503. */
  sameBodyOn?: ErrorStatus[];
}

// biome-ignore lint/complexity/noBannedTypes: Hono's Input merges objects; {} is its "nothing here".
type Empty = {};
type Loose<T> = { [K in keyof T]?: string | number | boolean | null };

type ContractInput<C extends RouteContract> = (C['query'] extends z.ZodType
  ? { query: Loose<z.input<C['query']>> }
  : Empty) &
  (C['body'] extends z.ZodType ? { json: z.input<C['body']> } : Empty);

type ContractOutput<C extends RouteContract> = (C['query'] extends z.ZodType
  ? { query: z.output<C['query']> }
  : Empty) &
  (C['body'] extends z.ZodType ? { json: z.output<C['body']> } : Empty);

export type ContractMiddleware<C extends RouteContract> = MiddlewareHandler<
  AppEnv,
  string,
  { in: ContractInput<C>; out: ContractOutput<C> }
> & { contract: C };

/** The guard + contract of one route (see the comment above). */
export function route<const C extends RouteContract>(contract: C): ContractMiddleware<C> {
  const { access } = contract;
  const mw = createMiddleware<AppEnv>(async (c, next) => {
    if (access !== 'publico') {
      const me = c.get('me');
      if (!me) throw unauthorized();
      if (access === 'admin' ? me.role !== 'admin' : access !== 'sessao' && !hasAny(me, access)) {
        throw forbidden();
      }
    }
    // Idempotency-Key runs here, after the permission: a stored answer is replayed only to whoever may
    // still make the request (issue 26: a 201 was replayed after `clientes` was revoked).
    if (c.req.method === 'POST') return idempotency(c, next);
    await next();
  });
  return Object.assign(mw, { contract }) as unknown as ContractMiddleware<C>;
}

/** The contract a registered handler carries, if it is a `route(...)` guard. */
export function contractOf(handler: unknown): RouteContract | undefined {
  return (handler as { contract?: RouteContract } | null)?.contract;
}
