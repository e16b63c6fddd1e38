// The backup process (server/backups.ts forks it): opens the database it is given — PostgreSQL by URL,
// or a copy of PGlite's folder — writes the backup and reports back. Reading, JSON, hashing and gzip
// all happen here, at a lower CPU priority, never on the server's event loop.
import { writeBackup } from './backup';
import { type BackupSource, openDatabase } from './client';

export interface BackupReply {
  ok: boolean;
  bytes?: number;
  message?: string;
  code?: string;
}

const [sourceJson, file] = process.argv.slice(2);
// The server that asked is gone (killed, restarted): stop rather than finish a backup no one
// reports; the partial file and the folder copy are removed by the next backup.
process.on('disconnect', () => process.exit(1));
const reply = (r: BackupReply) => new Promise<void>((resolve) => process.send!(r, () => resolve()));
try {
  const source = JSON.parse(sourceJson!) as BackupSource;
  const database = await openDatabase({ ...source, migrate: false });
  try {
    // Over PostgreSQL the reads run in a server process at normal priority, beside the requests.
    const r = await writeBackup(database.db, database.kind, file!, {
      chave: process.env.LAVRA_BACKUP_CHAVE!,
      ceder: database.kind === 'postgres',
    });
    await reply({ ok: true, bytes: r.bytes });
  } finally {
    await database.close();
  }
} catch (err) {
  await reply({ ok: false, message: (err as Error).message, code: (err as NodeJS.ErrnoException).code });
}
process.exit(0);
