import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../bench/generate';
import { restoreBackup, tableCounts } from '../db/backup';
import { type Database, openDatabase } from '../db/client';
import { takeBackup } from './backups';
import { freshPostgresDatabase } from './testing/harness';

/**
 * A backup must not hold requests behind it (issue 18: p95 while a backup runs ≤ 2× without). Before,
 * on PGlite the backup's transaction held the only connection to the end: every query issued meanwhile
 * completed only after it. Here queries run one after another for the whole backup, and each must
 * finish long before the backup does — so many complete while it runs, and none waits for most of it.
 * The bounds are relative to the backup's own duration, not a clock figure: the test does not depend
 * on the machine's speed.
 */
const CHAVE = 'chave-dos-backups-de-teste-0123456789abcdef';
const dir = mkdtempSync(path.join(tmpdir(), 'lavra-backup-load-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each pass tests its own engine: PGlite in a folder, or the PostgreSQL of TEST_DATABASE_URL.
const engines: [string, () => Promise<{ database: Database; drop: () => Promise<void> }>][] = process.env
  .TEST_DATABASE_URL
  ? [
      [
        'PostgreSQL',
        async () => {
          const fresh = await freshPostgresDatabase();
          const database = await openDatabase({ databaseUrl: fresh.url });
          return {
            database,
            drop: async () => {
              await database.close();
              await fresh.drop();
            },
          };
        },
      ],
    ]
  : [
      [
        'PGlite in a folder',
        async () => {
          const database = await openDatabase({ dataDir: path.join(dir, 'pgdata') });
          return { database, drop: () => database.close() };
        },
      ],
    ];

describe.each(engines)('a backup on %s', (_name, open) => {
  let database: Database;
  let drop: () => Promise<void>;
  // PGlite's backups inside its own data folder, as `npm start` keeps them (./data/backups): the copy
  // the backup reads from must not copy the backups folder, nor into itself.
  const backupDir =
    _name === 'PGlite in a folder'
      ? path.join(dir, 'pgdata', 'backups')
      : path.join(dir, `backups-${_name.replace(/\W+/g, '-')}`);
  beforeAll(async () => {
    ({ database, drop } = await open());
    await generate(database.db, { scale: 0.002, seed: 11, log: () => {} });
  });
  afterAll(() => drop());

  it('leaves queries running while it is written, and restores to the same rows', async () => {
    let finished = false;
    const started = performance.now();
    const backup = takeBackup(database, {
      backupDir,
      backupManter: { diarios: 7, semanais: 4, mensais: 12, manuais: 10 },
      backupChave: CHAVE,
      dataDir: '',
    }).finally(() => {
      finished = true;
    });
    const waits: number[] = [];
    while (!finished) {
      // Requests arrive through sockets: I/O runs between them (a bare loop of PGlite queries would
      // resolve in microtasks only and starve the backup's own file I/O).
      await new Promise((r) => setImmediate(r));
      const t = performance.now();
      await database.db.execute(sql`select count(*) from orcamentos`);
      waits.push(performance.now() - t);
    }
    const taken = await backup;
    const duration = performance.now() - started;
    // Behind a blocking backup, the queries during it are one or two (the last one waited all along).
    expect(waits.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...waits)).toBeLessThan(duration / 3);

    expect(readdirSync(backupDir)).toEqual([taken.nome]);
    const target = await openDatabase({});
    try {
      await restoreBackup(target.db, path.join(backupDir, taken.nome), { chave: CHAVE });
      expect(await tableCounts(target.db)).toEqual(await tableCounts(database.db));
    } finally {
      await target.close();
    }
    // A backup process starts Node and tsx, then a restore follows: minutes on a loaded 2-core machine.
  }, 240_000);
});
