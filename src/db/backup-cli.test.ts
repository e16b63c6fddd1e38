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
import { runScript } from '../server/testing/server-process';
import { tableCounts } from './backup';
import { openDatabase } from './client';

/**
 * The commands as an operator runs them: `npm run backup` writes one file; `npm run restore -- <file>`
 * restores it into an empty place and prints the rows per table, refuses a non-empty one without
 * --force, and refuses a truncated file before creating anything. PGlite only, whatever the pass: the
 * PostgreSQL round trip is backup-cli-postgres.test.ts.
 */
const tmp = mkdtempSync(path.join(tmpdir(), 'lavra-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

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

    const b = runScript('backup', [], { DATA_DIR: origem, BACKUP_DIR: backups });
    expect(b.code, b.err).toBe(0);
    expect(b.out).toMatch(/Backup gravado: .*lavra-.*\.jsonl\.gz/);
    const [file] = readdirSync(backups).filter((f) => f.endsWith('.jsonl.gz'));
    const backup = path.join(backups, file!);

    // Another place has no key: refused, saying where the key is, and nothing is created there.
    const destino = path.join(tmp, 'destino');
    const semChave = runScript('restore', [backup], { DATA_DIR: destino });
    expect(semChave.code).toBe(1);
    expect(semChave.err).toContain('Restauração recusada: Sem a chave dos backups');
    expect(existsSync(destino)).toBe(false);
    // The operator copies the key file of the server that wrote the backup, as the message says.
    mkdirSync(destino);
    copyFileSync(path.join(origem, '.chave-backup'), path.join(destino, '.chave-backup'));
    const r = runScript('restore', [backup], { DATA_DIR: destino });
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`restaurado em PGlite em ${destino}, verificado`);
    expect(printedCounts(r.out)).toEqual(counts);
    const restored = await openDatabase({ dataDir: destino });
    expect(await fingerprint(restored.db)).toEqual(before);
    await restored.close();

    // Again into the now non-empty folder: refused, exit 1, nothing changed; --force replaces.
    const again = runScript('restore', [backup], { DATA_DIR: destino });
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/Restauração recusada: O banco de destino não está vazio .*Use --force/);
    const forced = runScript('restore', [backup, '--force'], { DATA_DIR: destino });
    expect(forced.code, forced.err).toBe(0);
    expect(printedCounts(forced.out)).toEqual(counts);

    // From here on the key is given as BACKUP_CHAVE, as another machine would.
    const chave = readFileSync(path.join(origem, '.chave-backup'), 'utf8').trim();

    // A truncated file: refused before the target is even created.
    const truncated = path.join(tmp, 'truncado.jsonl.gz');
    const whole = readFileSync(backup);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const vazio = path.join(tmp, 'nunca-criado');
    const t = runScript('restore', [truncated], { DATA_DIR: vazio, BACKUP_CHAVE: chave });
    expect(t.code).toBe(1);
    expect(t.err).toMatch(/Restauração recusada: .*(corrompido|incompleto)/);
    expect(existsSync(vazio)).toBe(false);
    const missing = runScript('restore', [path.join(tmp, 'nao-existe.jsonl.gz')], {
      DATA_DIR: vazio,
      BACKUP_CHAVE: chave,
    });
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('Arquivo não encontrado');
  }, 300_000);
});
