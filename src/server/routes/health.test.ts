import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupFileName, takeBackup, toKeep } from '../backups';
import {
  ALL,
  answer,
  Client,
  createTestDeps,
  loginAdmin,
  ok,
  refused,
  type TestEnv,
  userWith,
} from '../testing/harness';

const backupDir = mkdtempSync(path.join(tmpdir(), 'lavra-health-'));
let env: TestEnv;
let admin: Client;
beforeAll(async () => {
  env = await createTestDeps({ backupDir });
  admin = await loginAdmin(env);
});
afterAll(async () => {
  await env.close();
  rmSync(backupDir, { recursive: true, force: true });
});

// /api/health is mounted by app.ts beside the `apiApp` chain, so it is not in ApiType and is read with
// the untyped client; the backups routes are in ApiType.
const readiness = async (status = 200) => {
  const res = await new Client(env).get('/api/health/ready');
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

describe('health', () => {
  it('liveness and readiness answer without a session', async () => {
    const anon = new Client(env);
    expect((await anon.get('/api/health')).body).toMatchObject({ ok: true });
    const ready = await readiness();
    expect(ready).toMatchObject({
      ok: true,
      banco: { ok: true },
      migracoes: { ok: true },
      backup: { ultimo: null, idade_horas: null, erro: null },
    });
    expect(ready.migracoes.aplicadas).toBe(ready.migracoes.conhecidas);
  });
});

// A real backup runs in a child process at nice 10, behind every other test worker: on a loaded machine
// it takes minutes, not the default minute (it timed out beside a second test run and stress-ng).
const BACKUP_MS = 180_000;

describe('backups API (admins only)', () => {
  it(
    'takes one now, lists it with size and date, downloads it; readiness shows its age',
    async () => {
      const taken = await ok(admin.api.backups.$post(), 201);
      expect(taken.nome).toMatch(/^lavra-.*\.jsonl\.gz$/);
      const list = await ok(admin.api.backups.$get());
      expect(list.items).toEqual([taken]);
      expect(list.items[0]!.bytes).toBeGreaterThan(100);
      const dl = await answer(admin.api.backups[':nome'].$get({ param: { nome: taken.nome } }));
      expect(dl.status).toBe(200);
      expect(dl.headers.get('content-disposition')).toContain(taken.nome);
      const ready = await readiness();
      expect(ready.backup.ultimo).toBe(taken.criado_em);
      expect(ready.backup.idade_horas).toBeLessThan(0.1);
    },
    BACKUP_MS,
  );

  it('refuses other names and non-admins', async () => {
    // on purpose: a raw path with an encoded traversal
    expect((await admin.get('/api/backups/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    const nome = 'lavra-2020-01-01T00-00-00-000Z.jsonl.gz';
    await refused(admin.api.backups[':nome'].$get({ param: { nome } }), 404);
    // Every screen permission, but not an administrator.
    const { client } = await userWith(env, ALL);
    await refused(client.api.backups.$get(), 403);
    await refused(client.api.backups.$post(), 403);
  });

  it(
    'a backup that fails midway (disk full) leaves no file and shows on the list and in readiness',
    async () => {
      let calls = 0;
      // A database whose second statement fails as a full disk would: the header is already written.
      const failing = {
        kind: 'pglite',
        db: {
          transaction: (fn: (tx: unknown) => Promise<void>) =>
            fn({
              execute: async () => {
                calls += 1;
                if (calls > 2) throw Object.assign(new Error('No space left on device'), { code: 'ENOSPC' });
                return { rows: [{ n: 3 }] };
              },
            }),
        },
      } as never;
      const before = readdirSync(backupDir).filter((f) => f.endsWith('.gz'));
      await expect(takeBackup(failing, env.deps.config)).rejects.toThrow(
        'Disco cheio: o backup não foi gravado.',
      );
      expect(readdirSync(backupDir).filter((f) => !f.startsWith('.ultimo-erro'))).toEqual(before);
      expect(readdirSync(backupDir).some((f) => f.endsWith('.parcial'))).toBe(false);
      const list = await ok(admin.api.backups.$get());
      expect(list.erro?.mensagem).toBe('Disco cheio: o backup não foi gravado.');
      const ready = await readiness();
      expect(ready.backup).toMatchObject({ ok: false, erro: 'Disco cheio: o backup não foi gravado.' });
      // The next good backup clears it.
      await ok(admin.api.backups.$post(), 201);
      expect((await readiness()).backup.erro).toBeNull();
      expect(existsSync(path.join(backupDir, '.ultimo-erro.json'))).toBe(false);
    },
    BACKUP_MS,
  );

  it('readiness is 503 when the database is behind this code’s migrations', async () => {
    await env.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    // readiness answers its own body with the 503
    expect((await readiness(503)).migracoes.ok).toBe(false);
  });
});

describe('rotation', () => {
  it('keeps the newest of the last 7 days, 4 weeks and 12 months', () => {
    // One backup a day at 03:00 UTC for 400 days ending 2026-11-23 (a Monday), plus a second one today.
    const files: { nome: string }[] = [];
    for (let i = 0; i < 400; i++)
      files.push({ nome: backupFileName(new Date(Date.UTC(2026, 10, 23 - i, 3))) });
    files.push({ nome: backupFileName(new Date(Date.UTC(2026, 10, 23, 15))) });
    const kept = [...toKeep(files, { diarios: 7, semanais: 4, mensais: 12, manuais: 10 })].sort();
    // Days: 23 (15:00 copy) and 17–22 Nov. Weeks (Mon–Sun): this week's newest is today's; the three
    // before end on Sundays 22, 15 and 8 Nov. Months: 23 Nov, then the last day of Oct … Dec 2025.
    const d = (y: number, m: number, day: number, h = 3) =>
      backupFileName(new Date(Date.UTC(y, m - 1, day, h)));
    const expected = new Set([
      d(2026, 11, 23, 15),
      ...[22, 21, 20, 19, 18, 17].map((day) => d(2026, 11, day)),
      d(2026, 11, 15),
      d(2026, 11, 8),
      ...[
        [2026, 10, 31],
        [2026, 9, 30],
        [2026, 8, 31],
        [2026, 7, 31],
        [2026, 6, 30],
        [2026, 5, 31],
        [2026, 4, 30],
        [2026, 3, 31],
        [2026, 2, 28],
        [2026, 1, 31],
        [2025, 12, 31],
      ].map(([y, m, day]) => d(y!, m!, day!)),
    ]);
    expect(kept).toEqual([...expected].sort());
  });
});

describe('daily schedule', () => {
  it('waits until the next HH:MM in local time, tomorrow once it has passed', async () => {
    const { msUntil } = await import('../backups');
    const at = (h: number, m: number) => new Date(2026, 10, 23, h, m, 0, 0);
    expect(msUntil('03:00', at(2, 30))).toBe(30 * 60_000);
    expect(msUntil('03:00', at(3, 0))).toBe(24 * 3_600_000);
    expect(msUntil('03:00', at(23, 0))).toBe(4 * 3_600_000);
  });
});
