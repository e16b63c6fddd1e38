import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../bench/generate';
import { fingerprint } from '../server/testing/fingerprint';
import { freshPostgresDatabase } from '../server/testing/harness';
import { tableCounts } from './backup';
import { openDatabase } from './client';

/**
 * The commands as an operator runs them: `npm run backup` writes one file; `npm run restore -- <file>`
 * restores it into an empty place and prints the rows per table, refuses a non-empty one without
 * --force, and refuses a truncated file before creating anything. With TEST_DATABASE_URL the PGlite
 * backup is also restored into PostgreSQL by the same command (the move to a real server), and that
 * server's backup back into a fresh PGlite folder: the same figures at the end of the round trip.
 */
const root = path.resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'lavra-cli-'));
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  rmSync(tmp, { recursive: true, force: true });
});

function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
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

/** The "  tabela  N" lines the restore prints. */
function printedCounts(out: string): Record<string, number> {
  return Object.fromEntries(
    [...out.matchAll(/^ {2}(\w+)\s+(\d+)$/gm)].map((m) => [m[1]!, Number(m[2])] as [string, number]),
  );
}

describe('npm run backup / npm run restore', () => {
  it('backs up, restores into an empty place printing what it restored, refuses a non-empty one without --force', async () => {
    const origem = path.join(tmp, 'origem');
    const backups = path.join(tmp, 'backups');
    const d = await openDatabase({ dataDir: origem });
    await generate(d.db, { scale: 0.002, seed: 3, log: () => {} });
    const before = await fingerprint(d.db);
    const counts = await tableCounts(d.db);
    await d.close();

    const b = run('backup', [], { DATA_DIR: origem, BACKUP_DIR: backups });
    expect(b.code, b.err).toBe(0);
    expect(b.out).toMatch(/Backup gravado: .*lavra-.*\.jsonl\.gz/);
    const [file] = readdirSync(backups).filter((f) => f.endsWith('.jsonl.gz'));
    const backup = path.join(backups, file!);

    // Another place has no key: refused, saying where the key is, and nothing is created there.
    const destino = path.join(tmp, 'destino');
    const semChave = run('restore', [backup], { DATA_DIR: destino });
    expect(semChave.code).toBe(1);
    expect(semChave.err).toContain('Restauração recusada: Sem a chave dos backups');
    expect(existsSync(destino)).toBe(false);
    // The operator copies the key file of the server that wrote the backup, as the message says.
    mkdirSync(destino);
    copyFileSync(path.join(origem, '.chave-backup'), path.join(destino, '.chave-backup'));
    const r = run('restore', [backup], { DATA_DIR: destino });
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`restaurado em PGlite em ${destino}, verificado`);
    expect(printedCounts(r.out)).toEqual(counts);
    const restored = await openDatabase({ dataDir: destino });
    expect(await fingerprint(restored.db)).toEqual(before);
    await restored.close();

    // Again into the now non-empty folder: refused, exit 1, nothing changed; --force replaces.
    const again = run('restore', [backup], { DATA_DIR: destino });
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/Restauração recusada: O banco de destino não está vazio .*Use --force/);
    const forced = run('restore', [backup, '--force'], { DATA_DIR: destino });
    expect(forced.code, forced.err).toBe(0);
    expect(printedCounts(forced.out)).toEqual(counts);

    // From here on the key is given as BACKUP_CHAVE, as another machine would.
    const chave = readFileSync(path.join(origem, '.chave-backup'), 'utf8').trim();

    // A truncated file: refused before the target is even created.
    const truncated = path.join(tmp, 'truncado.jsonl.gz');
    const whole = readFileSync(backup);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const vazio = path.join(tmp, 'nunca-criado');
    const t = run('restore', [truncated], { DATA_DIR: vazio, BACKUP_CHAVE: chave });
    expect(t.code).toBe(1);
    expect(t.err).toMatch(/Restauração recusada: .*(corrompido|incompleto)/);
    expect(existsSync(vazio)).toBe(false);
    const missing = run('restore', [path.join(tmp, 'nao-existe.jsonl.gz')], {
      DATA_DIR: vazio,
      BACKUP_CHAVE: chave,
    });
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('Arquivo não encontrado');

    // PGlite → PostgreSQL with the same command, when a server is at hand.
    const pg = await freshPostgresDatabase();
    cleanups.push(pg.drop);
    if (pg.url) {
      const p = run('restore', [backup], { DATABASE_URL: pg.url, BACKUP_CHAVE: chave });
      expect(p.code, p.err).toBe(0);
      expect(p.out).toContain('restaurado em PostgreSQL (DATABASE_URL), verificado');
      const target = await openDatabase({ databaseUrl: pg.url });
      expect(await fingerprint(target.db)).toEqual(before);
      await target.close();

      // … and back: PostgreSQL's own backup by `npm run backup`, restored into a fresh PGlite folder.
      const deVolta = path.join(tmp, 'backups-pg');
      const pb = run('backup', [], { DATABASE_URL: pg.url, BACKUP_DIR: deVolta, BACKUP_CHAVE: chave });
      expect(pb.code, pb.err).toBe(0);
      const [pgFile] = readdirSync(deVolta).filter((f) => f.endsWith('.jsonl.gz'));
      const volta = path.join(tmp, 'volta');
      const back = run('restore', [path.join(deVolta, pgFile!)], { DATA_DIR: volta, BACKUP_CHAVE: chave });
      expect(back.code, back.err).toBe(0);
      expect(back.out).toContain('(postgres) restaurado em PGlite');
      const final = await openDatabase({ dataDir: volta });
      cleanups.push(() => final.close());
      expect(await fingerprint(final.db)).toEqual(before);
    }
  }, 300_000);
});
