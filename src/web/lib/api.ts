import { toast } from 'sonner';

export interface ProblemField {
  path: string;
  message: string;
}

/** A problem+json answer from the server, kept whole so forms can mark the fields it names. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly errors: ProblemField[] = [],
  ) {
    super(detail);
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};
/** The auth provider registers what an expired session does (back to the login screen). */
export function setUnauthorizedHandler(fn: UnauthorizedHandler) {
  onUnauthorized = fn;
}

/**
 * A random key for `Idempotency-Key`. `crypto.randomUUID` exists only in secure contexts (https or
 * localhost); the shop's server may be reached over plain http on the local network, so fall back to
 * `getRandomValues`, which every context has.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** Waits before the retries of a POST whose connection dropped (ms): short, as the user is waiting. */
export const RETRY_DELAYS_MS = [300, 1000];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function send(
  method: string,
  path: string,
  body: unknown,
  signal: AbortSignal | undefined,
  idempotencyKey: string | undefined,
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  };
  // Only a request that carries a key may be sent again: the server answers a repeated key with the
  // first answer instead of writing twice, so a dropped connection is safe to retry.
  const retries = idempotencyKey ? RETRY_DELAYS_MS : [];
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(`/api${path}`, init);
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      const delay = retries[attempt];
      if (delay === undefined) {
        throw new ApiError(0, 'Sem conexão', 'Não foi possível falar com o servidor. Verifique a conexão.');
      }
      await sleep(delay);
      if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
    }
  }
}

/** Every call to the server goes through here (the typed client of lib/client.ts too). */
export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<T> {
  const res = await send(method, path, body, signal, idempotencyKey);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const p = (data ?? {}) as { title?: string; detail?: string; errors?: ProblemField[] };
    const err = new ApiError(
      res.status,
      p.title ?? 'Erro',
      p.detail ?? 'Ocorreu um erro inesperado.',
      p.errors,
    );
    if (res.status === 401 && !path.startsWith('/auth/login')) onUnauthorized();
    throw err;
  }
  return data as T;
}

export interface PostOptions {
  /**
   * The request's `Idempotency-Key`. Omitted: a new one per call. A form that may be submitted again
   * after a failure passes the same key until a save succeeds (`useIdempotencyKey`), so "Salvar"
   * pressed again after a dropped connection cannot create a second record.
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  /**
   * Every POST carries an `Idempotency-Key` and is retried (twice, 0.3 s and 1 s later) with the same
   * key when the connection fails; the server runs it once whatever the number of attempts.
   */
  post: <T>(path: string, body?: unknown, opts: PostOptions = {}) =>
    request<T>('POST', path, body ?? {}, opts.signal, opts.idempotencyKey ?? newIdempotencyKey()),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T = void>(path: string) => request<T>('DELETE', path),
};

/** `?a=1&b=x` from an object, leaving out empty values. */
export function qs(params: Record<string, string | number | boolean | null | undefined>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/**
 * The spec's destructive toast: a title of the screen's own ("Erro ao salvar cliente") and the
 * server's explanation, or the spec's generic text when the failure says nothing useful.
 */
export function toastError(title: string, err: unknown, fallback = 'Ocorreu um erro inesperado.') {
  if (err instanceof ApiError && err.status === 401) return; // the login screen is already showing
  const description =
    err instanceof ApiError && err.status !== 500 && err.status !== 0 ? err.detail : fallback;
  toast.error(title, { description: err instanceof ApiError && err.status === 0 ? err.detail : description });
}

export function toastSuccess(title: string, description?: string) {
  toast.success(title, { description });
}
