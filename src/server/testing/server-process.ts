// A real Lavra server as a child process, for the tests that kill, restart or signal it (crash,
// backup interrupted, shutdown, cluster): a free port, start, kill without warning, wait for health, and
// a small signed-in HTTP client.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { freshPostgresDatabase } from './harness';

/** The project's folder (where `npm start` runs). */
export const root = path.resolve(import.meta.dirname, '../../..');

/** Teardown steps (stop a server, drop its database…) run after the file's tests, the last added first. */
export function cleanupsAfterAll() {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });
  return cleanups;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** A temporary folder, removed after the file's tests. */
export function tempDir(cleanups: (() => unknown)[], prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Where one test's server keeps its data and listens: a fresh PostgreSQL database in the suite's
 * PostgreSQL pass (TEST_DATABASE_URL), else a PGlite data folder, both removed after the file, and a
 * free port. `env` points `startServer` at them.
 */
export async function serverPlace(cleanups: (() => unknown)[], prefix: string) {
  const pgDb = await freshPostgresDatabase();
  cleanups.push(pgDb.drop);
  const dataDir = tempDir(cleanups, prefix);
  const port = await freePort();
  const storage = pgDb.url ? { DATABASE_URL: pgDb.url } : { DATA_DIR: dataDir, DATABASE_URL: '' };
  return {
    pgUrl: pgDb.url,
    dataDir,
    port,
    base: `http://127.0.0.1:${port}`,
    env: { PORT: String(port), ...storage } as Record<string, string>,
  };
}

/**
 * The server as `npm start` runs it (compiled by the run's global setup), with `env` over this process's,
 * the first admin's password `senha`, in a process group of its own: on PostgreSQL `npm start` is a
 * cluster (a primary and its workers), and a crash takes the whole server down at once, as a power cut
 * or the OOM killer of the service would.
 */
export function startServer(
  env: Record<string, string>,
  senha: string,
  stdout: 'ignore' | 'pipe' = 'ignore',
): ChildProcess {
  return spawn(process.execPath, ['--enable-source-maps', inject('servidorCompilado')], {
    cwd: root,
    env: { ...process.env, ...env, LOG_REQUESTS: '0', ADMIN_PASSWORD: senha },
    stdio: ['ignore', stdout, 'inherit'],
    detached: true,
  });
}

/** `npm run backup` / `npm run restore` as an operator runs them, with `env` over this process's. */
export function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, `scripts/${script}.ts`), ...args],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/**
 * `startServer` for the tests that watch the process end (shutdown, cluster): the server's output is
 * kept (`output()`: its last log lines say how it stopped), and `exited` resolves with its exit code.
 */
export function startWatchedServer(env: Record<string, string>, senha: string) {
  const child = startServer(env, senha, 'pipe');
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  return { child, exited: once(child, 'exit'), output: () => out };
}

/** SIGKILL to the server's whole process group (primary and workers), without warning. */
export function killGroup(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

export async function waitHealthy(base: string, ms = 90_000) {
  const start = Date.now();
  while (Date.now() - start < ms) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/** Signs in as admin on a started server; answers its session cookie (the tests that read raw bodies). */
export async function adminCookie(base: string, senha: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ usuario: 'admin', senha }),
  });
  if (login.status !== 200) throw new Error(`login do admin: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Same-origin JSON calls to `${base}/api`, keeping the session cookie; `login` signs in as admin. */
export function httpClient(base: string, senha: string) {
  let cookie = '';
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${base}/api${p}`, {
      method,
      headers: { origin: base, 'content-type': 'application/json', cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie();
    if (setCookie.length) cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return {
    login: () => call('POST', '/auth/login', { usuario: 'admin', senha }),
    get: (p: string) => call('GET', p),
    post: (p: string, b?: unknown) => call('POST', p, b ?? {}),
  };
}
