// Backups as files in BACKUP_DIR: naming, listing, taking one (one at a time per process), rotation,
// the daily schedule of `npm start`, and the last failure (kept in a file, so the readiness check of
// any process — a cluster worker included — sees it).
import { fork } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { writeBackup } from '../db/backup';
import type { BackupReply } from '../db/backup-process';
import type { Database } from '../db/client';
import type { BackupFile } from '../schemas/backups';
import { backupKey } from './backup-key';
import type { Config } from './config';

// `-manual`: taken on the Backups screen or by `npm run backup`, outside the daily rotation.
const NAME = /^lavra-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})(?:-(\d{3}))?Z(-manual)?\.jsonl\.gz$/;
const STATUS_FILE = '.ultimo-erro.json';

export type { BackupFile };

export type BackupKind = 'diario' | 'manual';

/** `lavra-2026-11-23T03-00-00-000Z.jsonl.gz` (`…Z-manual.jsonl.gz`): sortable, its date in its name. */
export function backupFileName(at: Date, kind: BackupKind = 'diario'): string {
  return `lavra-${at.toISOString().replace(/:/g, '-').replace('.', '-')}${kind === 'manual' ? '-manual' : ''}.jsonl.gz`;
}

const isManual = (name: string) => NAME.exec(name)?.[8] === '-manual';

function dateOf(name: string): Date | null {
  const m = NAME.exec(name);
  if (!m) return null;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +(m[7] ?? 0)));
}

/** A name that is one of ours (no path tricks): what the download route accepts. */
export function isBackupName(name: string): boolean {
  return NAME.test(name);
}

/** Complete backups, newest first (temporary `.parcial` files are not listed). */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter(isBackupName)
    .map((nome) => ({
      nome,
      bytes: statSync(path.join(dir, nome)).size,
      criado_em: dateOf(nome)!.toISOString(),
    }))
    .sort((a, b) => b.criado_em.localeCompare(a.criado_em));
}

/**
 * Which backups rotation keeps: the newest of each of the last `diarios` days that have one, of each
 * of the last `semanais` ISO weeks and of each of the last `mensais` months (grandfather-father-son).
 */
export function toKeep(files: { nome: string }[], keep: Config['backupManter']): Set<string> {
  const kept = new Set<string>();
  // Manual backups (taken after an accident, before a risky change) are not the daily ones: they
  // never push a daily one out, and only their own count removes them (the oldest beyond `manuais`).
  const manual = files
    .filter((f) => isManual(f.nome))
    .map((f) => ({ nome: f.nome, at: dateOf(f.nome)! }))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  for (const f of manual.slice(0, keep.manuais)) kept.add(f.nome);
  const sorted = files
    .filter((f) => !isManual(f.nome))
    .map((f) => ({ nome: f.nome, at: dateOf(f.nome) }))
    .filter((f): f is { nome: string; at: Date } => f.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const pick = (bucket: (d: Date) => string, n: number) => {
    const seen = new Set<string>();
    for (const f of sorted) {
      const b = bucket(f.at);
      if (seen.has(b)) continue;
      if (seen.size >= n) break;
      seen.add(b);
      kept.add(f.nome);
    }
  };
  pick((d) => d.toISOString().slice(0, 10), keep.diarios);
  pick((d) => {
    // ISO week: the Thursday of the week decides its year.
    const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
    t.setUTCDate(t.getUTCDate() + 3 - ((t.getUTCDay() + 6) % 7));
    const week1 = new Date(Date.UTC(t.getUTCFullYear(), 0, 4));
    const w =
      1 + Math.round(((t.getTime() - week1.getTime()) / 86_400_000 - 3 + ((week1.getUTCDay() + 6) % 7)) / 7);
    return `${t.getUTCFullYear()}-W${w}`;
  }, keep.semanais);
  pick((d) => d.toISOString().slice(0, 7), keep.mensais);
  return kept;
}

export async function rotate(dir: string, keep: Config['backupManter']): Promise<string[]> {
  const files = listBackups(dir);
  const kept = toKeep(files, keep);
  const removed = files.filter((f) => !kept.has(f.nome)).map((f) => f.nome);
  for (const nome of removed) await rm(path.join(dir, nome), { force: true });
  return removed;
}

export interface BackupStatus {
  ultimo: BackupFile | null;
  idade_horas: number | null;
  erro: { quando: string; mensagem: string } | null;
}

export async function backupStatus(dir: string, now = new Date()): Promise<BackupStatus> {
  const ultimo = listBackups(dir)[0] ?? null;
  let erro: BackupStatus['erro'] = null;
  try {
    erro = JSON.parse(await readFile(path.join(dir, STATUS_FILE), 'utf8'));
  } catch {}
  // A failure older than the last success is history, not the current state.
  if (erro && ultimo && erro.quando < ultimo.criado_em) erro = null;
  const idade_horas = ultimo
    ? Math.round(((now.getTime() - Date.parse(ultimo.criado_em)) / 3_600_000) * 10) / 10
    : null;
  return { ultimo, idade_horas, erro };
}

const COPY_PREFIX = '.copia-';

/**
 * Leftovers of a backup interrupted by a crash: a partial file (a running one touches its file
 * continuously) or the copy of PGlite's folder it was reading (only one backup runs per folder).
 */
export async function removeStalePartials(dir: string) {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const p = path.join(dir, name);
    if (name.startsWith(COPY_PREFIX)) await rm(p, { recursive: true, force: true });
    if (!name.endsWith('.parcial')) continue;
    const s = await stat(p).catch(() => null);
    if (s && Date.now() - s.mtimeMs > 10 * 60_000) await rm(p, { force: true });
  }
}

// From the sources (tsx) the backup process is TypeScript run through tsx; the compiled server
// (scripts/build-server.mjs) has it compiled beside itself. The API tests name the copy compiled for
// their run (testing/setup-api.ts): production's code, without tsx's ~2 CPU-s start at every backup.
const FROM_SOURCES = import.meta.url.endsWith('.ts');
function backupProcess() {
  const file =
    process.env.LAVRA_BACKUP_PROCESS ??
    (FROM_SOURCES
      ? path.join(import.meta.dirname, '../db/backup-process.ts')
      : path.join(import.meta.dirname, 'backup-process.mjs'));
  return { file, execArgv: file.endsWith('.ts') ? ['--import', 'tsx'] : [] };
}

/**
 * Writes the backup from another process, at a lower CPU priority: the server's event loop (and, on
 * PGlite, its only connection) stays free for requests while the rows are read, hashed and compressed.
 * On PGlite requests wait only while the folder is copied.
 */
async function writeBackupElsewhere(database: Database, dir: string, file: string, chave: string) {
  const tmp = await mkdtemp(path.join(dir, COPY_PREFIX));
  try {
    const source = await database.backupSource!(tmp);
    const processo = backupProcess();
    const child = fork(processo.file, [JSON.stringify(source), file], {
      execArgv: processo.execArgv,
      // the key in the environment (readable by this user only), not in argv (`ps` shows argv)
      env: { ...process.env, LAVRA_BACKUP_CHAVE: chave },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      if (child.pid) setPriority(child.pid, 10);
    } catch {}
    const reply = await new Promise<BackupReply>((resolve) => {
      let got: BackupReply | undefined;
      child.on('message', (m: BackupReply) => {
        got = m;
      });
      child.on('exit', (code, signal) =>
        resolve(got ?? { ok: false, message: `o processo de backup terminou (${signal ?? code})` }),
      );
    });
    if (!reply.ok) throw Object.assign(new Error(reply.message), { code: reply.code });
    return { bytes: reply.bytes! };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

let running: Promise<BackupFile> | null = null;

/**
 * Takes one backup now (a second call while one runs waits for that one), then rotates. A failure is
 * recorded for the Backups screen and the readiness check, and rethrown.
 */
export function takeBackup(
  database: Database,
  config: Pick<Config, 'backupDir' | 'backupManter' | 'backupChave' | 'dataDir'>,
  kind: BackupKind = 'manual',
) {
  if (running) return running;
  running = (async () => {
    const dir = config.backupDir;
    // Only the server's user enters the folder (a folder made 0755 by an older version is tightened).
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    await removeStalePartials(dir);
    const nome = backupFileName(new Date(), kind);
    try {
      const chave = backupKey(config);
      const file = path.join(dir, nome);
      const r = database.backupSource
        ? await writeBackupElsewhere(database, dir, file, chave)
        : await writeBackup(database.db, database.kind, file, { chave });
      await rm(path.join(dir, STATUS_FILE), { force: true });
      await rotate(dir, config.backupManter);
      return { nome, bytes: r.bytes, criado_em: dateOf(nome)!.toISOString() };
    } catch (err) {
      const mensagem =
        (err as NodeJS.ErrnoException).code === 'ENOSPC'
          ? 'Disco cheio: o backup não foi gravado.'
          : `O backup falhou: ${(err as Error).message}`;
      await writeFile(
        path.join(dir, STATUS_FILE),
        JSON.stringify({ quando: new Date().toISOString(), mensagem }),
      ).catch(() => {});
      throw Object.assign(new Error(mensagem), { cause: err });
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Milliseconds from `now` to the next `HH:MM` (local time of the server). */
export function msUntil(hhmm: string, now = new Date()): number {
  const [h, m] = hhmm.split(':').map(Number);
  const next = new Date(now);
  next.setHours(h ?? 3, m ?? 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/** `npm start`'s daily backup; returns a stop function (waits for a backup in progress). */
export function scheduleDailyBackup(
  database: Database,
  config: Config,
  log: (m: string) => void = console.log,
) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        const b = await takeBackup(database, config, 'diario');
        log(`[lavra] Backup diário gravado: ${b.nome} (${b.bytes} bytes)`);
      } catch (err) {
        log(`[lavra] ${(err as Error).message}`);
      }
      arm();
    }, msUntil(config.backupHora));
    timer.unref();
  };
  if (config.backupDiario) arm();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running?.catch(() => {});
  };
}

/** The PGlite folder's "a server has it open" marker: the backup/restore commands refuse it then. */
export const pidFile = (dataDir: string) => path.join(dataDir, '.lavra-servidor.pid');

/** For the command-line tools: exits when a live server holds the PGlite folder (one process only). */
export function refuseOpenPglite(dataDir: string) {
  const file = pidFile(dataDir);
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, 'utf8'));
  try {
    process.kill(pid, 0);
  } catch {
    return; // a marker left by a crash: the process is gone
  }
  process.stderr.write(
    `[lavra] O servidor (processo ${pid}) está usando o banco PGlite em ${dataDir}. ` +
      'Use a tela Backups (ou o backup diário) ou pare o servidor antes.\n',
  );
  process.exit(1);
}
