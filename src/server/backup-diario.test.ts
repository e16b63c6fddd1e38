import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listBackups, msUntil, scheduleDailyBackup } from './backups';
import { createTestDeps, type TestEnv } from './testing/harness';

/**
 * `npm start`'s daily backup: armed for the configured HH:MM, it writes a backup when that comes and
 * not before; BACKUP_DIARIO=0 arms nothing. Only the clock is faked (setTimeout): the backup is real.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'lavra-diario-'));
const BACKUP_MS = 180_000;
let env: TestEnv;
beforeAll(async () => {
  env = await createTestDeps({ backupDir: dir });
});
afterAll(async () => {
  await env.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('daily backup', () => {
  it(
    'writes a backup at the configured time, not before',
    async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      vi.setSystemTime(new Date(2026, 10, 23, 2, 59, 30)); // 02:59:30 local
      const logs: string[] = [];
      const config = { ...env.deps.config, backupDiario: true, backupHora: '03:00' };
      const stop = scheduleDailyBackup(env.deps.database, config, (m) => logs.push(m));
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(29_000);
      expect(readdirSync(dir)).toEqual([]); // not yet
      await vi.advanceTimersByTimeAsync(1_000); // 03:00:00
      vi.useRealTimers(); // the backup's own I/O runs on the real clock
      // The backup process runs at nice 10, behind every request (and every other test file's worker).
      await vi.waitFor(() => expect(logs.join('\n')).toMatch(/Backup diário gravado: lavra-/), {
        timeout: BACKUP_MS,
      });
      const [b] = listBackups(dir);
      expect(b!.bytes).toBeGreaterThan(100);
      expect(logs).toHaveLength(1);
      await stop();
    },
    BACKUP_MS + 10_000,
  );

  it('arms nothing with BACKUP_DIARIO=0', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stop = scheduleDailyBackup(env.deps.database, { ...env.deps.config, backupDiario: false });
    expect(vi.getTimerCount()).toBe(0);
    await stop();
  });

  it('the next run is a day later', () => {
    expect(msUntil('03:00', new Date(2026, 10, 23, 3, 0, 1))).toBe(24 * 3_600_000 - 1000);
  });
});
