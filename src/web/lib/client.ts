import { type ClientResponse, hc } from 'hono/client';
// A type-only import: erased from the bundle, it carries the server's routes to the compiler.
import type { ApiType } from '../../server/routes';
import { newIdempotencyKey, request } from './api';

/**
 * hc's transport: the call goes through `request` (lib/api.ts), so the typed client keeps every rule
 * of the hand-written one — same-origin cookies, problem+json → ApiError, the 401 handler, and whatever
 * `request` adds (idempotency key, retry) — and hands hc a Response to read the JSON from.
 */
const viaRequest: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://lavra.invalid');
  const path = url.pathname.replace(/^\/api/, '') + url.search;
  const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  const method = init?.method ?? 'GET';
  // A POST carries an Idempotency-Key (the caller's, from `{ headers }`, or a new one), as api.post does.
  const key =
    method === 'POST'
      ? (new Headers(init?.headers).get('idempotency-key') ?? newIdempotencyKey())
      : undefined;
  const data = await request<unknown>(method, path, body, init?.signal ?? undefined, key);
  return data === undefined ? new Response(null, { status: 204 }) : Response.json(data);
};

/** `?a=1&b=x`, leaving out empty values (as `qs` does), numbers and booleans as text. */
function buildSearchParams(query: Record<string, unknown>): URLSearchParams {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  }
  return sp;
}

/**
 * The API, typed by the server's own routes (`ApiType`): paths, query strings and bodies are checked
 * against the routes' zod schemas, answers are the types the handlers return. Errors are thrown as
 * `ApiError`. Read an answer with `json(...)`:
 *
 *   const page = await json(client.despesas.$get({ query: { mes, ano, page } }, { init: { signal } }));
 */
export const client = hc<ApiType>('/api', {
  fetch: viaRequest,
  buildSearchParams: buildSearchParams as (q: Record<string, string | string[]>) => URLSearchParams,
});

/** The JSON body of a typed call (errors never get here: `request` threw them as ApiError). */
export async function json<R extends ClientResponse<unknown>>(call: Promise<R>): Promise<BodyOf<R>> {
  const res = await call;
  return (res.status === 204 ? undefined : await res.json()) as BodyOf<R>;
}

/** The body type of a typed response; a route answering two shapes gives their union. */
export type BodyOf<R> = R extends ClientResponse<infer T> ? T : never;

/** `{ init: { signal } }`: TanStack Query's abort signal for a typed call. */
export const withSignal = (signal?: AbortSignal) => ({ init: { signal } });

/** The answer of an endpoint's GET (`AnswerOf<typeof client.caixa>`). */
export type AnswerOf<E> = E extends { $get: (...args: never[]) => Promise<infer R> } ? BodyOf<R> : never;

/** A row of a list endpoint (`ListRow<typeof client.clientes>`): what `GET /api/<recurso>` answers in `items`. */
export type ListRow<E> = AnswerOf<E> extends { items: (infer T)[] } ? T : never;

/** A record as `GET /api/<recurso>/:id` answers it (`RecordOf<typeof client.clientes>`). */
export type RecordOf<E> = E extends { ':id': infer I } ? AnswerOf<I> : never;

/** A list endpoint: `GET` with a query string (`client.clientes`, `client.caixa.movimentacoes`). */
export interface ListEndpoint {
  $get: (args: never, options?: never) => Promise<ClientResponse<unknown>>;
}

type Method = (args: never, options?: never) => Promise<ClientResponse<unknown>>;

/** What a form saves to: create at the root, read and update at `/:id`. */
export interface FormEndpoint {
  $post: Method;
  ':id': { $get: Method; $patch: Method };
}

/** A one-row resource (Empresa): read with `GET` and saved with `PUT` at its root (or by the form's `save`). */
export interface SingletonEndpoint {
  $get: Method;
  $put?: Method;
}

/** A record read by its id: `GET /:id`. */
export interface RecordEndpoint {
  ':id': { $get: Method };
}

/** What a row's delete calls: `DELETE /:id`. */
export interface RemoveEndpoint {
  ':id': { $delete: Method };
}

/**
 * The kit's view of an endpoint's method (a list, a record, a save, a delete of whichever resource a
 * screen names): the screen's endpoint fixes the answer's type; the request's parts are the screen's
 * list parameters and form values, checked by the same zod schema the server runs.
 */
export type Call = (args: unknown, options?: unknown) => Promise<ClientResponse<unknown>>;
