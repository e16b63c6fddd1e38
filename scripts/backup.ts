// `npm run backup`: one backup of the whole database (DATA_DIR's PGlite, or DATABASE_URL) into
// BACKUP_DIR, then rotation. With PGlite the folder can be open in one process only: while the server
// runs, take the backup on the Backups screen (or let the daily one run) instead.
import { openDatabase } from '../src/db/client';
import { refuseOpenPglite, takeBackup } from '../src/server/backups';
import { loadConfig } from '../src/server/config';

const config = loadConfig();
if (!config.databaseUrl) refuseOpenPglite(config.dataDir);
const started = Date.now();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const b = await takeBackup(database, config);
  console.log(
    `[lavra] Backup gravado: ${config.backupDir}/${b.nome} (${(b.bytes / 1024).toFixed(0)} KB em ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
} catch (err) {
  console.error(`[lavra] ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
