/** The real server as a child process, and a signed-in API client for the benchmark's set-up. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const ADMIN_PASSWORD = 'bench-travertino-2026';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  log: () => string;
  /** Resident memory of the server process, MB (from /proc). */
  rssMb: () => number;
  stop: () => Promise<void>;
}

export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Starts `node --import tsx src/server/main.ts` on a free port and waits for /api/health. */
export async function startServer(
  env: {
    DATABASE_URL?: string;
    DATA_DIR?: string;
    WEB_DIR?: string;
    /** Processes on PostgreSQL (src/server/cluster.ts); default one per core, as `npm start`. */
    WEB_CONCURRENCY?: string;
    BACKUP_DIR?: string;
    BACKUP_CHAVE?: string;
  },
  nodeFlags: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...nodeFlags, '--import', 'tsx', path.join(ROOT, 'src/server/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        ADMIN_PASSWORD,
        LOG_REQUESTS: '0',
        DATABASE_URL: env.DATABASE_URL ?? '',
        DATA_DIR: env.DATA_DIR ?? '',
        WEB_DIR: env.WEB_DIR ?? path.join(ROOT, 'dist/web'),
        ...(env.WEB_CONCURRENCY ? { WEB_CONCURRENCY: env.WEB_CONCURRENCY } : {}),
        // Never the worktree's ./data/backups: a bench backup is thrown away with its run.
        BACKUP_DIR: env.BACKUP_DIR ?? path.join(os.tmpdir(), 'lavra-bench-backups'),
        BACKUP_DIARIO: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error(`o servidor terminou ao iniciar:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`o servidor não respondeu em 180 s:\n${out}`);
    }
    try {
      const r = await fetch(`${baseUrl}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = child.pid!;
  return {
    child,
    pid,
    baseUrl,
    log: () => out,
    rssMb: () => rssMb(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export class Api {
  cookie = '';
  constructor(readonly baseUrl: string) {}

  get headers(): Record<string, string> {
    return { cookie: this.cookie, origin: this.baseUrl, 'content-type': 'application/json' };
  }

  async login(usuario = 'admin', senha = ADMIN_PASSWORD) {
    const r = await fetch(`${this.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { origin: this.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ usuario, senha }),
    });
    if (!r.ok) throw new Error(`login: ${r.status} ${await r.text()}`);
    this.cookie = r.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  async call<T>(method: string, p: string, body?: unknown): Promise<T> {
    const r = await fetch(`${this.baseUrl}${p}`, {
      method,
      headers: this.headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  get<T>(p: string) {
    return this.call<T>('GET', p);
  }
  post<T>(p: string, body: unknown) {
    return this.call<T>('POST', p, body);
  }
}
