// `npm run backup`: one backup of the whole database (DATA_DIR's PGlite, or DATABASE_URL) into
// BACKUP_DIR, then rotation. With PGlite the folder can be open in one process only: while the server
// runs, take the backup on the Backups screen (or let the daily one run) instead.
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../src/db/client';
import { refuseOpenPglite, takeBackup } from '../src/server/backups';
import { loadConfig } from '../src/server/config';

const PG_DUMP = process.env.PG_DUMP ?? '/usr/bin/pg_dump';
process.umask(0o077); // the data folder, the backup and its key: for this user only
const config = loadConfig();
if (!config.databaseUrl) refuseOpenPglite(config.dataDir);
const started = Date.now();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const b = await takeBackup(database, config);
  console.log(
    `[lavra] Backup gravado: ${config.backupDir}/${b.nome} (${(b.bytes / 1024).toFixed(0)} KB em ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  // Extra, PostgreSQL only: the same moment is not guaranteed, but a pg_dump custom-format file
  // restores with PostgreSQL's own pg_restore, for operators who prefer it.
  if (process.argv.includes('--pg-dump')) {
    if (!config.databaseUrl || !existsSync(PG_DUMP)) {
      console.error('[lavra] --pg-dump precisa de DATABASE_URL e do pg_dump instalado (postgresql-client).');
      process.exitCode = 1;
    } else {
      const file = path.join(config.backupDir, b.nome.replace(/\.jsonl\.gz$/, '.pgdump'));
      const r = spawnSync(PG_DUMP, ['-Fc', '-f', `${file}.parcial`, config.databaseUrl], {
        stdio: 'inherit',
      });
      if (r.status === 0) {
        renameSync(`${file}.parcial`, file);
        console.log(`[lavra] pg_dump gravado: ${file}`);
      } else {
        rmSync(`${file}.parcial`, { force: true });
        console.error('[lavra] pg_dump falhou (o backup do Lavra acima está completo).');
        process.exitCode = 1;
      }
    }
  }
} catch (err) {
  console.error(`[lavra] ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
