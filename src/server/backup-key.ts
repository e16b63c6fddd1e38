// The key that signs backups (the trailer's HMAC, db/backup.ts) so a restore refuses an edited file:
// BACKUP_CHAVE when set (what lets another machine restore them), otherwise a random key kept in
// DATA_DIR/.chave-backup, created 0600 on the first backup — beside the database, never in the backups
// folder: whoever holds a backup file must not hold its key.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

export const KEY_FILE = '.chave-backup';

/** A restore passes `criar: false`: a new random key could never verify an existing file. */
export function backupKey(
  config: Pick<Config, 'backupChave' | 'dataDir'>,
  { criar = true }: { criar?: boolean } = {},
): string {
  if (config.backupChave) return config.backupChave;
  if (!config.dataDir)
    throw new Error('Defina BACKUP_CHAVE: a chave que assina os backups (ao menos 32 caracteres).');
  const file = path.join(config.dataDir, KEY_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (!criar)
    throw new Error(
      `Sem a chave dos backups: defina BACKUP_CHAVE ou copie o arquivo ${KEY_FILE} da pasta de dados ` +
        `do servidor que gravou o backup para ${config.dataDir}.`,
    );
  try {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    // another process created it first: read theirs
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}
