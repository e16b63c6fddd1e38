// biome-ignore-all lint/suspicious/noExplicitAny: response bodies are read loosely in tests, as a client would

import { randomBytes } from 'node:crypto';
import { type ClientResponse, hc } from 'hono/client';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { insertUsuario } from '../../db/queries/usuarios';
import type { Permissao } from '../../schemas/permissoes';
import { PERMISSOES } from '../../schemas/permissoes';
import { createApp } from '../app';
import type { Config } from '../config';
import type { ProblemField } from '../errors';
import type { ApiType } from '../routes';
import { closeDeps, createDeps } from '../server';
import { responseContract } from './response-contract';
import { ADMIN_SENHA, testConfig } from './test-config';

export const ORIGIN = 'http://localhost:3000';
export { ADMIN_SENHA } from './test-config';

/**
 * A new PostgreSQL database on the server of TEST_DATABASE_URL (undefined when the suite runs on
 * PGlite), and how to drop it: empty, or a copy of the migrated `template`.
 */
export async function freshPostgresDatabase(
  template?: string,
): Promise<{ url?: string; drop: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { drop: async () => {} };
  const name = `lavra_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (the suite runs both ways).
 */
export async function createTestDeps(overrides: Partial<Config> = {}) {
  // Both start from the run's migrated database with its admin (global-setup-api.ts).
  const modelo = inject('modeloApi');
  const { url: databaseUrl, drop: dropDb } = await freshPostgresDatabase(modelo.postgres);
  const config: Config = { ...testConfig(databaseUrl), ...overrides };
  const deps = await createDeps(config, () => {}, { tarFile: databaseUrl ? undefined : modelo.tarFile });
  const app = createApp(deps, undefined, responseContract);
  return {
    deps,
    app,
    db: deps.db,
    async close() {
      await closeDeps(deps);
      await dropDb();
    },
  };
}

export type TestEnv = Awaited<ReturnType<typeof createTestDeps>>;

/**
 * Another server instance on the same database, as behind a load balancer. On PostgreSQL it is a
 * real second process-like stack (own pool, own LISTEN connection); PGlite is single-process, so
 * there the "second" instance is the same one.
 */
export async function secondInstance(env: TestEnv) {
  if (env.deps.database.kind === 'pglite') return { app: env.app, close: async () => {}, separate: false };
  const deps = await createDeps(env.deps.config, () => {});
  return { app: createApp(deps, undefined, responseContract), close: () => closeDeps(deps), separate: true };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** `?a=1&b=x`: numbers and booleans as text, undefined and null left out (a test sends what it names). */
function buildSearchParams(query: Record<string, unknown>): URLSearchParams {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) for (const item of v) sp.append(k, String(item));
    else if (v !== undefined && v !== null) sp.set(k, String(v));
  }
  return sp;
}

/**
 * `hc<ApiType>` as the web has it, over `app.request` with the headers `Client.request` sends (origin,
 * host, the session cookie; hc adds the content type), so the response contract sees each answer.
 */
function typedApi(client: { env: { app: TestEnv['app'] }; cookie: string }) {
  return hc<ApiType>(`${ORIGIN}/api`, {
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      const h = new Headers(init?.headers);
      if (!h.has('origin')) h.set('origin', ORIGIN);
      if (!h.has('host')) h.set('host', 'localhost:3000');
      if (client.cookie && !h.has('cookie')) h.set('cookie', client.cookie);
      const url = input instanceof Request ? input.url : String(input);
      return client.env.app.request(url, { ...init, headers: h });
    }) as typeof fetch,
    buildSearchParams: buildSearchParams as (q: Record<string, string | string[]>) => URLSearchParams,
  });
}

/**
 * A signed-in (or anonymous) API client over app.request, sending a same-origin Origin like a browser.
 *
 * `api` is the typed client (Hono's `hc<ApiType>`, as `web/lib/client.ts`): paths, query strings and
 * bodies are checked against the routes' zod schemas and the answer is the type the handler returns, so
 * a changed answer fails the typecheck in the tests too. Read its calls with `ok`, `answer`, `refused`
 * or `fieldErrors`. The untyped methods (`get`, `post`...) are for deliberately malformed requests
 * (wrong types, missing fields, raw paths and query strings): say so beside the call.
 */
export class Client {
  /** The typed client: see above. Made once per client; its transport reads `cookie` at each call. */
  readonly api = typedApi(this);

  constructor(
    readonly env: { app: TestEnv['app'] },
    public cookie = '',
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { origin: ORIGIN, host: 'localhost:3000', ...headers };
    if (this.cookie) h.cookie = this.cookie;
    let payload: string | undefined;
    if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await this.env.app.request(`http://localhost:3000${path}`, {
      method,
      headers: h,
      body: payload,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, body: parsed as T, headers: res.headers } satisfies ApiResponse<T>;
  }
  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {});
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body ?? {});
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body ?? {});
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
  /** A POST that must create (201, or the test fails showing the answer): the created record. */
  async create<T = any>(path: string, body: Record<string, unknown>): Promise<T> {
    const res = await this.post<T>(path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }
  /** A POST refused as bad input (400, or the test fails showing the answer): its field errors as `{ path: message }`. */
  async invalidPost(path: string, body: unknown): Promise<Record<string, string>> {
    const res = await this.post(path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return fieldMessages(res.body);
  }
  /** The ids a list answers for the search `q` (`?q=`). */
  async searchIds(path: string, q: string): Promise<string[]> {
    const res = await this.get(`${path}?q=${encodeURIComponent(q)}`);
    return res.body.items.map((r: { id: string }) => r.id);
  }
  /**
   * A delete refused because the record is in use: 409 with the screen's title and detail (the text, or
   * a pattern of it), and the record is still there.
   */
  async refusedDelete(path: string, title: string, detail: string | RegExp) {
    const res = await this.delete(path);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.title).toBe(title);
    if (typeof detail === 'string') expect(res.body.detail).toBe(detail);
    else expect(res.body.detail).toMatch(detail);
    expect((await this.get(path)).status).toBe(200);
  }
  /**
   * An update sent with the row's current `updated_at` (read first, as a screen does), for tests whose
   * subject is not the version check. A row that cannot be read gets a well-formed version, so a missing
   * row still answers 404, not 400.
   */
  async patchCurrent<T = any>(path: string, body: Record<string, unknown>) {
    return this.request<T>('PATCH', path, { updated_at: await this.versionOf(path), ...body });
  }
  async putCurrent<T = any>(path: string, body: Record<string, unknown>) {
    return this.request<T>('PUT', path, { updated_at: await this.versionOf(path), ...body });
  }
  private async versionOf(path: string): Promise<string> {
    const read = await this.get(path.split('?')[0]!);
    return read.status === 200 && typeof read.body?.updated_at === 'string'
      ? read.body.updated_at
      : new Date().toISOString();
  }
}

/** The body of an answer that must be a 200 (or the test fails showing the answer). */
export function okBody<T>(res: ApiResponse<T>): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The body type of a typed call's response; a route answering two shapes gives their union. */
export type BodyOf<R> = R extends ClientResponse<infer T> ? T : never;

/** A problem details answer (RFC 9457), as every refusal is. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: ProblemField[];
}

/**
 * A typed call's answer read in one step: status, headers and the body typed as the route answers it
 * (JSON parsed; other content as text; empty as null). For an answer whose status the test checks
 * itself; `ok` and `refused` check it for you.
 */
export async function answer<R extends ClientResponse<unknown>>(
  call: Promise<R>,
): Promise<ApiResponse<BodyOf<R>>> {
  const res = await call;
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, body: parsed as BodyOf<R>, headers: res.headers };
}

/** The typed body of a call that must answer `status` (200 by default, 201 for a create; or the test fails showing the answer). */
export async function ok<R extends ClientResponse<unknown>>(
  call: Promise<R>,
  status = 200,
): Promise<BodyOf<R>> {
  const res = await answer(call);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

/** The problem of a typed call that must be refused with `status` (or the test fails showing the answer). */
export async function refused(call: Promise<ClientResponse<unknown>>, status: number): Promise<Problem> {
  const res = await answer(call);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as unknown as Problem;
}

/** A typed call refused as bad input (400, or the test fails): its field errors as `{ path: message }`. */
export async function fieldErrors(call: Promise<ClientResponse<unknown>>): Promise<Record<string, string>> {
  return fieldMessages(await refused(call, 400));
}

/**
 * The `updated_at` to send with an update (a typed GET of the row, as a screen reads it first), for
 * tests whose subject is not the version check. A row that cannot be read gets a well-formed version,
 * so a missing row still answers 404, not 400.
 */
export async function versionOf(call: Promise<ClientResponse<unknown>>): Promise<string> {
  const read = await answer(call);
  const v = (read.body as { updated_at?: unknown } | null)?.updated_at;
  return read.status === 200 && typeof v === 'string' ? v : new Date().toISOString();
}

export async function login(env: TestEnv, usuario: string, senha: string): Promise<Client> {
  const anon = new Client(env);
  const res = await anon.post('/api/auth/login', { usuario, senha });
  if (res.status !== 200) throw new Error(`login ${usuario} → ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return new Client(env, cookie);
}

export const loginAdmin = (env: TestEnv) => login(env, 'admin', ADMIN_SENHA);

let seq = 0;
/** Creates a staff user straight in the database and signs them in. */
export async function userWith(
  env: TestEnv,
  permissoes: Permissao[],
  extra: { role?: 'admin' | 'usuario' } = {},
) {
  seq += 1;
  const email = `u${seq}-${randomBytes(3).toString('hex')}@lavra.test`;
  const senha = 'senha-123';
  const row = await env.db.transaction((tx) =>
    insertUsuario(tx, {
      nome: `Usuário ${seq}`,
      email,
      senha,
      role: extra.role ?? 'usuario',
      status: 'ativo',
      permissoes,
    }),
  );
  return { client: await login(env, email, senha), row, email, senha };
}

export const ALL = [...PERMISSOES];

/** A valid Pessoa Física client's body (CPF and phone pass their checks), for tests about something else. */
export const clientePf = (nome: string, telefone = '(27) 99999-0000') => ({
  nome,
  tipo: 'Pessoa Física' as const,
  cpf_cnpj: '529.982.247-25',
  telefone,
});

/** A 400's field errors as `{ path: message }`, to compare in one assertion. */
export const fieldMessages = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));

/** The id of the row an `insert(...).returning()` wrote (master data written straight to the tables). */
export async function insertId(p: Promise<{ id: string }[]>): Promise<string> {
  const [row] = await p;
  return row!.id;
}

/**
 * A test file's app on its own database with an administrator signed in: created before the file's
 * tests (before its own `beforeAll`, which may then use them), closed after. The two are forwarded
 * to the objects made then, so a file names them once: `const { env, admin } = apiSuite();`.
 */
export function apiSuite(overrides: Partial<Config> = {}) {
  let made: { env: TestEnv; admin: Client } | undefined;
  beforeAll(async () => {
    const env = await createTestDeps(overrides);
    made = { env, admin: await loginAdmin(env) };
  });
  afterAll(() => made?.env.close());
  const forward = <K extends 'env' | 'admin'>(k: K) =>
    new Proxy({} as NonNullable<typeof made>[K], {
      get(_, prop) {
        if (!made) throw new Error('apiSuite: used before its beforeAll ran');
        const target = made[k];
        const v = Reflect.get(target, prop);
        // The typed client is a callable proxy: bound, it would lose its paths.
        return typeof v === 'function' && prop !== 'api' ? v.bind(target) : v;
      },
    });
  return { env: forward('env'), admin: forward('admin') };
}
