import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../bench/generate';
import { fingerprint } from '../server/testing/fingerprint';
import { freshPostgresDatabase } from '../server/testing/harness';
import { runScript } from '../server/testing/server-process';
import { openDatabase } from './client';

/**
 * The move to a real server and back, by the operator's commands: a PGlite backup restored into
 * PostgreSQL by `npm run restore` with DATABASE_URL, then that server's `npm run backup` restored into a
 * fresh PGlite folder: the same figures at each end. Runs in the PostgreSQL pass only (vitest.config.ts);
 * the PGlite commands alone are backup-cli.test.ts.
 */
const tmp = mkdtempSync(path.join(tmpdir(), 'lavra-cli-pg-'));
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  rmSync(tmp, { recursive: true, force: true });
});

function onlyBackup(dir: string) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl.gz'));
  expect(files).toHaveLength(1);
  return path.join(dir, files[0]!);
}

describe('npm run restore between PGlite and PostgreSQL', () => {
  it('PGlite → PostgreSQL → PGlite keeps every figure', async () => {
    const origem = path.join(tmp, 'origem');
    const d = await openDatabase({ dataDir: origem });
    await generate(d.db, { scale: 0.002, seed: 3, log: () => {} });
    const before = await fingerprint(d.db);
    await d.close();
    const b = runScript('backup', [], { DATA_DIR: origem, BACKUP_DIR: path.join(tmp, 'backups') });
    expect(b.code, b.err).toBe(0);
    const backup = onlyBackup(path.join(tmp, 'backups'));
    const chave = readFileSync(path.join(origem, '.chave-backup'), 'utf8').trim();

    const pg = await freshPostgresDatabase();
    cleanups.push(pg.drop);
    expect(pg.url, 'this file runs with TEST_DATABASE_URL').toBeDefined();
    const p = runScript('restore', [backup], { DATABASE_URL: pg.url!, BACKUP_CHAVE: chave });
    expect(p.code, p.err).toBe(0);
    expect(p.out).toContain('restaurado em PostgreSQL (DATABASE_URL), verificado');
    const target = await openDatabase({ databaseUrl: pg.url! });
    expect(await fingerprint(target.db)).toEqual(before);
    await target.close();

    // … and back: PostgreSQL's own backup, restored into a fresh PGlite folder.
    const deVolta = path.join(tmp, 'backups-pg');
    const pb = runScript('backup', [], { DATABASE_URL: pg.url!, BACKUP_DIR: deVolta, BACKUP_CHAVE: chave });
    expect(pb.code, pb.err).toBe(0);
    const volta = path.join(tmp, 'volta');
    const back = runScript('restore', [onlyBackup(deVolta)], { DATA_DIR: volta, BACKUP_CHAVE: chave });
    expect(back.code, back.err).toBe(0);
    expect(back.out).toContain('(postgres) restaurado em PGlite');
    const final = await openDatabase({ dataDir: volta });
    cleanups.push(() => final.close());
    expect(await fingerprint(final.db)).toEqual(before);
  }, 300_000);
});
