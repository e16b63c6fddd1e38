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

/** Every call to the server goes through here (the typed client of lib/client.ts too). */
export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Sem conexão', 'Não foi possível falar com o servidor. Verifique a conexão.');
  }
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

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
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
