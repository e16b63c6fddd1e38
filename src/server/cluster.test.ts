import http from 'node:http';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { knownMigrations } from '../db/client';
import { freshPostgresDatabase } from './testing/harness';
import { cleanupsAfterAll, freePort, killGroup, startWatchedServer } from './testing/server-process';

/**
 * `npm start` on PostgreSQL with WEB_CONCURRENCY=2: two worker processes answer on one port, a worker
 * killed is replaced, migrations ran once, and SIGTERM stops them all cleanly. PostgreSQL-only by
 * nature (PGlite stays one process); `npm test` runs it in its PostgreSQL pass.
 */
const cleanups = cleanupsAfterAll();

/** GET /api/health on a new connection each time (no keep-alive), so the kernel spreads them. */
function healthPid(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      let text = '';
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => resolve(JSON.parse(text).pid));
    });
    req.on('error', reject);
    // A connection handed to a worker as it dies is never answered.
    req.setTimeout(3000, () => req.destroy(new Error('timeout')));
  });
}

async function pids(port: number, n = 40) {
  const seen = new Set<number>();
  for (let i = 0; i < n; i++) seen.add(await healthPid(port).catch(() => -1));
  seen.delete(-1);
  return seen;
}

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 100_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() - start > ms)
      throw new Error(`timed out; last ${JSON.stringify([...(v as Set<number>)])}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('one worker per core', () => {
  it('serves from two workers on one port, replaces a dead one, and stops cleanly', async () => {
    const db = await freshPostgresDatabase();
    cleanups.push(db.drop);
    const port = await freePort();
    const { child, exited, output } = startWatchedServer(
      { PORT: String(port), DATABASE_URL: db.url ?? '', WEB_CONCURRENCY: '2', BACKUP_DIARIO: '0' },
      'cluster-gnaisse-rosa-1',
    );
    cleanups.push(() => killGroup(child));

    const first = await until(
      () => pids(port, 20),
      (s) => s.size === 2,
    );
    expect(first.has(child.pid!)).toBe(false); // the primary does not serve

    const [victim] = [...first];
    process.kill(victim!, 'SIGKILL');
    const after = await until(
      () => pids(port, 20),
      (s) => s.size === 2 && !s.has(victim!),
    );
    expect([...after].filter((p) => first.has(p))).toHaveLength(1);

    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const r = await c.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await c.end();
    expect(r.rows[0].n).toBe(knownMigrations().length);

    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output()).toContain('Encerrado.');
  }, 240_000);
});
