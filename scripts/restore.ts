// `npm run restore -- <arquivo> [--force]`: restores a backup into DATA_DIR's PGlite or DATABASE_URL,
// whichever engine wrote it. Refuses a target that already has data unless --force, checks the file
// before touching anything and the result before committing, and prints the rows per table.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BackupInvalido, readBackup, restoreBackup } from '../src/db/backup';
import { openDatabase } from '../src/db/client';
import { backupKey } from '../src/server/backup-key';
import { refuseOpenPglite } from '../src/server/backups';
import { loadConfig } from '../src/server/config';

const args = process.argv.slice(2);
const force = args.includes('--force');
// For a backup whose key was lost with the server that wrote it: the operator's decision, said aloud.
const ignorarAssinatura = args.includes('--ignorar-assinatura');
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Uso: npm run restore -- <arquivo-de-backup> [--force] [--ignorar-assinatura]');
  process.exit(2);
}
process.umask(0o077); // the data folder, the backup and its key: for this user only
const config = loadConfig();
if (!config.databaseUrl) refuseOpenPglite(config.dataDir);
const started = Date.now();
let chave = '';
try {
  if (!ignorarAssinatura) chave = backupKey(config, { criar: false });
} catch (err) {
  console.error(`[lavra] Restauração recusada: ${(err as Error).message}`);
  process.exit(1);
}
if (ignorarAssinatura)
  console.error(
    '[lavra] ATENÇÃO: restaurando sem conferir a assinatura. Use só com um backup que você sabe ser íntegro.',
  );
try {
  if (!existsSync(file)) throw new BackupInvalido(`Arquivo não encontrado: ${file}`);
  // Check the whole file before opening (and so creating) the target.
  await readBackup(path.resolve(file), { chave, ignorarAssinatura });
} catch (err) {
  console.error(`[lavra] Restauração recusada: ${(err as Error).message}`);
  process.exit(1);
}
// A restore truncates and disables the audit trigger: the owner role's work, not the runtime role's.
const database = await openDatabase({
  databaseUrl: config.databaseMigracaoUrl ?? config.databaseUrl,
  dataDir: config.dataDir,
});
try {
  const r = await restoreBackup(database.db, path.resolve(file), { force, chave, ignorarAssinatura });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`;
  console.log(
    `[lavra] Backup de ${r.header.criado_em} (${r.header.motor}) restaurado em ${where}, verificado:`,
  );
  const width = Math.max(...Object.keys(r.tabelas).map((t) => t.length));
  for (const [t, n] of Object.entries(r.tabelas)) console.log(`  ${t.padEnd(width)}  ${n}`);
  console.log(`[lavra] Concluído em ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (err) {
  const msg = err instanceof BackupInvalido ? err.message : `Erro: ${(err as Error).message}`;
  console.error(`[lavra] Restauração recusada: ${msg}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
