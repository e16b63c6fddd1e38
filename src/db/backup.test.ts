import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../bench/generate';
import { fingerprint } from '../server/testing/fingerprint';
import { freshPostgresDatabase } from '../server/testing/harness';
import { BackupInvalido, restoreBackup, tableCounts, writeBackup } from './backup';
import { type Database, type Executor, openDatabase } from './client';

/**
 * Demo-like data → backup → restore into a fresh database → every table's row count and the sum of
 * every money column are equal. On PGlite by default; with TEST_DATABASE_URL (the suite's second run)
 * PGlite → PostgreSQL and PostgreSQL → PGlite, the move the issue promises.
 */
const CHAVE = 'chave-dos-backups-de-teste-0123456789abcdef';
/**
 * Each test migrates a fresh database and writes or restores a whole one (three times in the first):
 * ~35 s alone, past the default 60 s beside a full parallel run on 2 cores. Its subject is the data.
 */
const WHOLE_DATABASE_MS = 240_000;
const dir = mkdtempSync(path.join(tmpdir(), 'lavra-backup-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  rmSync(dir, { recursive: true, force: true });
});

async function pglite(): Promise<Database> {
  const d = await openDatabase({});
  cleanups.push(() => d.close());
  return d;
}
async function postgres(): Promise<Database> {
  const fresh = await freshPostgresDatabase();
  const d = await openDatabase({ databaseUrl: fresh.url });
  cleanups.push(async () => {
    await d.close();
    await fresh.drop();
  });
  return d;
}

async function nextNumero(db: Executor, table: 'orcamentos' | 'vendas') {
  const r = (await db.execute(
    sql.raw(
      `select max(numero) as m, nextval(pg_get_serial_sequence('${table}', 'numero')) as n from ${table}`,
    ),
  )) as unknown as { rows: { m: number; n: string }[] };
  return { max: Number(r.rows[0]!.m), next: Number(r.rows[0]!.n) };
}

const onPostgres = !!process.env.TEST_DATABASE_URL;
const pairs: [string, () => Promise<Database>, () => Promise<Database>][] = onPostgres
  ? [
      ['PGlite → PostgreSQL', pglite, postgres],
      ['PostgreSQL → PGlite', postgres, pglite],
    ]
  : [['PGlite → PGlite', pglite, pglite]];

describe.each(pairs)('backup and restore, %s', (_name, openSource, openTarget) => {
  let source: Database;
  let file: string;
  beforeAll(async () => {
    source = await openSource();
    await generate(source.db, { scale: 0.002, seed: 7, log: () => {} });
    file = path.join(dir, `${_name.replace(/\W+/g, '-')}.jsonl.gz`);
  }, WHOLE_DATABASE_MS);

  it(
    'restores every row and every money column into a fresh database',
    async () => {
      const written = await writeBackup(source.db, source.kind, file, { chave: CHAVE });
      expect(written.tabelas.orcamentos!.linhas).toBeGreaterThan(0);
      expect(written.tabelas.vendas!.linhas).toBeGreaterThan(0);
      expect(readdirSync(dir).some((f) => f.endsWith('.parcial'))).toBe(false);

      const target = await openTarget();
      const result = await restoreBackup(target.db, file, { chave: CHAVE });
      const before = await fingerprint(source.db);
      const after = await fingerprint(target.db);
      expect(after.counts).toEqual(before.counts);
      expect(after.sums).toEqual(before.sums);
      // The summaries the triggers keep are rebuilt, not copied.
      expect(after.agregados).toEqual(before.agregados);
      expect(result.tabelas).toEqual(before.counts);
      // The next quote/sale number goes past the highest restored one.
      for (const t of ['orcamentos', 'vendas'] as const) {
        const n = await nextNumero(target.db, t);
        expect(n.next).toBe(n.max + 1);
      }

      // A second restore into the now non-empty database is refused and changes nothing.
      await expect(restoreBackup(target.db, file, { chave: CHAVE })).rejects.toThrow(/não está vazio/);
      expect((await fingerprint(target.db)).counts).toEqual(before.counts);
      // With force it replaces the data.
      await restoreBackup(target.db, file, { chave: CHAVE, force: true });
      expect((await fingerprint(target.db)).sums).toEqual(before.sums);
    },
    WHOLE_DATABASE_MS,
  );

  it(
    'refuses a truncated or foreign file and changes nothing',
    async () => {
      const target = await openTarget();
      const whole = readFileSync(file);
      const truncated = path.join(dir, 'truncado.jsonl.gz');
      writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
      const foreign = path.join(dir, 'alheio.jsonl.gz');
      writeFileSync(foreign, gzipSync('id,nome\n1,Fulano\n'));
      const notGzip = path.join(dir, 'texto.txt');
      writeFileSync(notGzip, 'isto não é um backup');
      // Cut cleanly at a line: a valid gzip of a backup that lacks its trailer.
      const { gunzipSync } = await import('node:zlib');
      const lines = gunzipSync(whole).toString('utf8').split('\n');
      const cut = path.join(dir, 'sem-fim.jsonl.gz');
      writeFileSync(cut, gzipSync(lines.slice(0, Math.floor(lines.length / 2)).join('\n')));
      // One changed figure in a row.
      const tampered = path.join(dir, 'alterado.jsonl.gz');
      const i = lines.findIndex((l) => /"valor_total":\d/.test(l));
      const changed = lines[i]!.replace(/"valor_total":[\d.]+/, '"valor_total":123456.78');
      expect(changed).not.toBe(lines[i]);
      lines[i] = changed;
      writeFileSync(tampered, gzipSync(lines.join('\n')));

      await expect(restoreBackup(target.db, truncated, { chave: CHAVE })).rejects.toThrow(
        /corrompido ou incompleto/,
      );
      await expect(restoreBackup(target.db, foreign, { chave: CHAVE })).rejects.toThrow(
        'O arquivo não é um backup do Lavra.',
      );
      await expect(restoreBackup(target.db, notGzip, { chave: CHAVE })).rejects.toThrow(
        /corrompido ou incompleto/,
      );
      await expect(restoreBackup(target.db, cut, { chave: CHAVE })).rejects.toThrow(
        /incompleto \(arquivo truncado\)/,
      );
      await expect(restoreBackup(target.db, tampered, { chave: CHAVE })).rejects.toThrow(BackupInvalido);
      const counts = await tableCounts(target.db);
      expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    },
    WHOLE_DATABASE_MS,
  );
});
