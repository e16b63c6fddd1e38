// The key that signs backups (the trailer's HMAC, db/backup.ts) so a restore refuses an edited file:
// BACKUP_CHAVE when set (what lets another machine restore them), otherwise a random key kept in
// DATA_DIR/.chave-backup, created 0600 on the first backup — beside the database, never in the backups
// folder: whoever holds a backup file must not hold its key.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

export const KEY_FILE = '.chave-backup';

/**
 * A server secret: the environment variable's value when set, otherwise a random one kept in
 * DATA_DIR/`arquivo` (0600), created on first use unless `criar` is false. Used for the backups' key
 * and the fiscal credentials' key (server/fiscal/chave.ts).
 */
export function segredoLocal(opts: {
  valor: string | undefined;
  dataDir: string | undefined;
  arquivo: string;
  criar: boolean;
  semPasta: string;
  semArquivo: string;
}): string {
  if (opts.valor) return opts.valor;
  if (!opts.dataDir) throw new Error(opts.semPasta);
  const file = path.join(opts.dataDir, opts.arquivo);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (!opts.criar) throw new Error(opts.semArquivo);
  try {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    // another process created it first: read theirs
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}

/** A restore passes `criar: false`: a new random key could never verify an existing file. */
export function backupKey(
  config: Pick<Config, 'backupChave' | 'dataDir'>,
  { criar = true }: { criar?: boolean } = {},
): string {
  return segredoLocal({
    valor: config.backupChave,
    dataDir: config.dataDir,
    arquivo: KEY_FILE,
    criar,
    semPasta: 'Defina BACKUP_CHAVE: a chave que assina os backups (ao menos 32 caracteres).',
    semArquivo:
      `Sem a chave dos backups: defina BACKUP_CHAVE ou copie o arquivo ${KEY_FILE} da pasta de dados ` +
      `do servidor que gravou o backup para ${config.dataDir}.`,
  });
}
