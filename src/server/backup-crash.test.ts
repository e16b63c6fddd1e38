import { mkdirSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../bench/generate';
import { openDatabase } from '../db/client';
import { listBackups } from './backups';
import { fingerprint } from './testing/fingerprint';
import {
  cleanupsAfterAll,
  httpClient,
  killGroup,
  serverPlace,
  startServer,
  tempDir,
  waitHealthy,
} from './testing/server-process';

/**
 * The server is killed (SIGKILL, its whole process group) while a backup is being written: the data is
 * intact after a restart, no half backup is listed (by the API or the folder's listing), and the next
 * backup succeeds and clears the leftover once it is stale. The backup is started from the Backups
 * screen's route; the daily one runs the same `takeBackup`. PGlite by default; PostgreSQL (a cluster
 * of workers) with TEST_DATABASE_URL.
 */
const SENHA = 'backup-crash-basalto-1';
const cleanups = cleanupsAfterAll();

/** The session secret, sessions, sign-in counters, the first admin and its audit change by design. */
const changedByServer = (t: string) =>
  t.startsWith('auth_') ||
  [
    'app_config',
    'login_limites',
    'usuarios',
    'usuario_permissoes',
    'auditoria',
    'chaves_idempotencia',
  ].includes(t);

describe('a server killed during a backup', () => {
  it('keeps the data intact and lists no half backup; the next backup works', async () => {
    const { pgUrl, dataDir, base, env: place } = await serverPlace(cleanups, 'lavra-bkcrash-dados-');
    const backupDir = tempDir(cleanups, 'lavra-bkcrash-backups-');

    // Demo-sized data (npm run demo's scale): its backup takes about a second and a half.
    const direct = () => openDatabase(pgUrl ? { databaseUrl: pgUrl } : { dataDir });
    let d = await direct();
    await generate(d.db, { scale: 0.01, seed: 11, log: () => {} });
    const before = await fingerprint(d.db, changedByServer);
    await d.close();
    expect(before.counts.orcamentos).toBeGreaterThan(100);

    const env = { ...place, BACKUP_DIR: backupDir, BACKUP_DIARIO: '0' };
    const start = () => {
      const child = startServer(env, SENHA);
      cleanups.push(() => killGroup(child));
      return child;
    };

    let server = start();
    await waitHealthy(base);
    let api = httpClient(base, SENHA);
    expect((await api.login()).status).toBe(200);

    // Start a backup and kill the server once its temporary file has data in it: mid-dump.
    const taking = api.post('/backups').catch(() => null);
    const partial = await new Promise<string>((resolve, reject) => {
      const t0 = Date.now();
      const poll = () => {
        const p = readdirSync(backupDir).find((f) => f.endsWith('.parcial'));
        if (p && statSync(path.join(backupDir, p)).size > 0) return resolve(p);
        if (readdirSync(backupDir).some((f) => f.endsWith('.gz')))
          return reject(new Error('the backup ended before the kill'));
        if (Date.now() - t0 > 60_000) return reject(new Error('no backup started'));
        setTimeout(poll, 2);
      };
      poll();
    });
    killGroup(server);
    expect(await taking).toBeNull(); // the request died with the server
    // Only the partial file is left (with, on PGlite, the folder copy the backup process read from),
    // and it is not a backup to anyone reading the folder.
    expect(readdirSync(backupDir).filter((f) => !f.startsWith('.copia-'))).toEqual([partial]);
    expect(listBackups(backupDir)).toEqual([]);

    // Restarted: healthy, nothing listed, no failure claimed (the backup did not fail, it was cut).
    // The folder copy a killed backup read from (PGlite) is removed at start; one is made here so the
    // PostgreSQL run checks it too.
    mkdirSync(path.join(backupDir, '.copia-morta'), { recursive: true });
    server = start();
    await waitHealthy(base);
    expect(readdirSync(backupDir).filter((f) => f.startsWith('.copia-'))).toEqual([]);
    api = httpClient(base, SENHA);
    expect((await api.login()).status).toBe(200);
    const list = await api.get('/backups');
    expect(list.body).toMatchObject({ items: [], erro: null });
    expect((await api.get('/health/ready')).body).toMatchObject({ ok: true, banco: { ok: true } });

    // The next backup is whole and listed alone; the leftover goes once it is stale (a running
    // backup touches its file continuously, so only an old one is a leftover).
    const old = new Date(Date.now() - 11 * 60_000);
    utimesSync(path.join(backupDir, partial), old, old);
    const taken = await api.post('/backups');
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect((await api.get('/backups')).body.items).toEqual([taken.body]);
    expect(readdirSync(backupDir)).toEqual([taken.body.nome]);
    killGroup(server);
    if (server.exitCode === null && server.signalCode === null)
      await new Promise((r) => server.once('exit', r));

    // The data: every business table's rows and every money column's sum as before the kill.
    d = await direct();
    cleanups.push(() => d.close());
    const after = await fingerprint(d.db, changedByServer);
    expect(after.counts).toEqual(before.counts);
    expect(after.sums).toEqual(before.sums);
    const { contagens: _c, ...summaries } = before.agregados as Record<string, string>;
    expect(after.agregados).toMatchObject(summaries);
  }, 300_000);
});
