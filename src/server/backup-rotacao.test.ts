import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupFileName, toKeep } from './backups';
import { loadConfig } from './config';

/** Issue 26, "Operations": where backups go by default and what rotation keeps. */
describe('backup folder and rotation', () => {
  it('BACKUP_DIR defaults to DATA_DIR/backups, not to the working directory', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/lavra/data' }).backupDir).toBe('/var/lib/lavra/data/backups');
    expect(loadConfig({ DATA_DIR: '/srv/x', BACKUP_DIR: '/srv/b' }).backupDir).toBe('/srv/b');
    expect(loadConfig({}).backupDir).toBe(path.resolve('data/backups'));
  });

  it('a manual backup taken after an accident does not push out that morning’s daily one', () => {
    const at = (d: number, h: number) => new Date(Date.UTC(2026, 10, d, h));
    const daily = [23, 22, 21].map((d) => backupFileName(at(d, 3)));
    const manual = backupFileName(at(23, 15), 'manual');
    const kept = toKeep(
      [...daily, manual].map((nome) => ({ nome })),
      { diarios: 7, semanais: 4, mensais: 12, manuais: 10 },
    );
    expect(kept).toEqual(new Set([...daily, manual]));
  });

  it('manual backups go only by their own count (the oldest beyond BACKUP_MANTER_MANUAIS)', () => {
    const manual = Array.from({ length: 5 }, (_, i) =>
      backupFileName(new Date(Date.UTC(2020, 0, 1 + i, 12)), 'manual'),
    );
    const daily = backupFileName(new Date(Date.UTC(2026, 10, 23, 3)));
    const kept = toKeep(
      [...manual, daily].map((nome) => ({ nome })),
      { diarios: 1, semanais: 0, mensais: 0, manuais: 3 },
    );
    // Years old, still kept: the three newest manual ones, and the daily one.
    expect(kept).toEqual(new Set([manual[4], manual[3], manual[2], daily]));
    expect(loadConfig({}).backupManter.manuais).toBe(10);
  });
});
