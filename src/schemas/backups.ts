import { z } from './z';

// ── Answers, as zod schemas: the OpenAPI document describes them and the test mode checks them.

/** One file in BACKUP_DIR: its name, size and the moment in its name (ISO 8601, UTC). */
export const backupFileSchema = z.object({
  nome: z.string(),
  bytes: z.number(),
  criado_em: z.iso.datetime(),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

/** `GET /api/backups`: the files, newest first, the last failure (if newer than the last success) and the daily hour. */
export const backupsListSchema = z.object({
  items: z.array(backupFileSchema),
  erro: z.object({ quando: z.string(), mensagem: z.string() }).nullable(),
  /** HH:MM of the daily backup, null when BACKUP_DIARIO=0. */
  diario: z.string().nullable(),
});
