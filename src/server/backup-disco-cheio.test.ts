import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableCounts } from '../db/backup';
import { queryRows } from '../db/queries/common';
import { clientes } from '../db/schema';
import { takeBackup } from './backups';
import { type Client, createTestDeps, loginAdmin, type TestEnv } from './testing/harness';

/**
 * Disk full for real: BACKUP_DIR is a 128 MiB tmpfs (room for the copy of PGlite's folder a backup reads from) almost filled beforehand, so the backup's writes
 * get ENOSPC from the kernel itself (not a mock). Mounting needs root (or CAP_SYS_ADMIN); elsewhere the
 * test says why it is skipped. The mocked version of the same fault is in routes/health.test.ts.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'lavra-disco-cheio-'));
function mountTmpfs(): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=128m', 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const mounted = mountTmpfs();
const FILLER = path.join(dir, 'ocupado.bin');
const LEFT_FREE = 8 * 1024;

let env: TestEnv;
let admin: Client;
beforeAll(async () => {
  if (!mounted) return;
  env = await createTestDeps({ backupDir: dir });
  admin = await loginAdmin(env);
  // Incompressible text, so the backup is far bigger than the room left (~40 KB gzip'd vs 8 KiB).
  await env.db.insert(clientes).values(
    Array.from({ length: 400 }, (_, i) => ({
      nome: `Cliente ${i}`,
      endereco: randomBytes(64).toString('base64'),
    })),
  );
  // Everything but 8 KiB: room for the status file once the partial backup is removed, not for a backup.
  const { bavail, bsize } = statfsSync(dir);
  writeFileSync(FILLER, Buffer.alloc(bavail * bsize - LEFT_FREE));
}, 60_000);
afterAll(async () => {
  await env?.close();
  if (mounted) execFileSync('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!mounted)('a backup on a full disk (tmpfs, real ENOSPC; needs root to mount)', () => {
  it('removes the partial file, reports the failure on the Backups list and in readiness, and leaves the database intact', async () => {
    const before = await tableCounts(env.db);

    const err = await takeBackup(env.deps.database, env.deps.config).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toBe('Disco cheio: o backup não foi gravado.');
    // The kernel's own error, carried as the cause.
    expect((err?.cause as NodeJS.ErrnoException | undefined)?.code).toBe('ENOSPC');

    // No partial file and no backup listed: only the filler and the failure record are left.
    expect(readdirSync(dir).sort()).toEqual(['.ultimo-erro.json', 'ocupado.bin']);

    // Through the API as the screen reads it: the Backups list says so, and a "Fazer backup agora"
    // hits the same wall with a 503 and the same message.
    const list = await admin.get('/api/backups');
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([]);
    expect(list.body.erro.mensagem).toBe('Disco cheio: o backup não foi gravado.');
    const now = await admin.post('/api/backups');
    expect(now.status).toBe(503);
    expect(now.body.detail).toBe('Disco cheio: o backup não foi gravado.');
    const ready = await admin.get('/api/health/ready');
    expect(ready.status).toBe(200); // a failed backup does not take the instance out of service
    expect(ready.body.backup).toMatchObject({ ok: false, erro: 'Disco cheio: o backup não foi gravado.' });

    // The database: every row still there, and it still takes writes (the backup's read-only
    // transaction ended; on PGlite its single connection is free again).
    expect(await tableCounts(env.db)).toEqual(before);
    await admin.create('/api/caixa/movimentacoes', {
      nome: 'Depois do disco cheio',
      valor: 10,
      data: '2026-03-10',
      tipo: 'entrada',
    });
    const [n] = await queryRows<{ n: number }>(
      env.db,
      sql`select count(*)::int as n from movimentacoes_caixa`,
    );
    expect(n!.n).toBe(before.movimentacoes_caixa! + 1);

    // Room again: the next backup is written, listed, and the failure is gone from both places.
    rmSync(FILLER);
    const ok = await admin.post('/api/backups');
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect((await admin.get('/api/backups')).body).toMatchObject({ items: [ok.body], erro: null });
    expect((await admin.get('/api/health/ready')).body.backup).toMatchObject({ ok: true, erro: null });
    // Two real backups, each a process at nice 10 behind every other test file's worker.
  }, 180_000);
});
