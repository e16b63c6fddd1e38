import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { openDatabase } from '../db/client';
import { ensureAdmin, loadAuthSecret } from './auth/bootstrap';
import { removeStalePartials, scheduleDailyBackup } from './backups';
import { iniciarConsultas } from './casos/notas-fiscais';
import type { Config } from './config';
import { createLogger } from './log';

/** Workers `npm start` runs: WEB_CONCURRENCY, default one per core; PGlite is one process whatever. */
export function workerCount(config: Config, env: NodeJS.ProcessEnv = process.env): number {
  if (!config.databaseUrl) return 1;
  const n = Number(env.WEB_CONCURRENCY || availableParallelism());
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** A worker that dies sooner than this after its start is restarted after a pause, not in a tight loop. */
const MIN_UPTIME_MS = 5000;

/**
 * The primary of `npm start` on PostgreSQL: migrates and creates the first admin and the session
 * secret once, then forks the workers (each a whole server on the shared port, stateless: sessions,
 * events and data live in PostgreSQL), restarts one that dies, takes the daily backup itself, and on
 * SIGTERM/SIGINT lets every worker finish its requests before it exits.
 */
export async function runPrimary(config: Config, workers: number) {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    migrationUrl: config.databaseMigracaoUrl,
  });
  await ensureAdmin(database.db, {
    emailDominio: config.emailDominio,
    adminPassword: config.adminPassword,
    empresa: config.empresa.nome,
    log: console.log,
  });
  await loadAuthSecret(database.db);
  // The primary takes the backups, so it clears what a killed one left, before any worker answers.
  await removeStalePartials(config.backupDir);
  const stopBackups = scheduleDailyBackup(database, config);
  const stopConsultas = iniciarConsultas({ db: database.db, config, logger });
  if (config.backupDiario) logger.info({ pasta: config.backupDir }, `Backup diário às ${config.backupHora}`);

  let closing = false;
  const started = new Map<number, number>();
  const fork = () => {
    const w = cluster.fork({ LAVRA_WORKER: '1' });
    started.set(w.id, Date.now());
  };
  cluster.on('exit', (w, code, signal) => {
    const lived = Date.now() - (started.get(w.id) ?? 0);
    started.delete(w.id);
    if (closing) return;
    logger.error({ pid: w.process.pid, fim: signal ?? code }, 'Processo terminou; iniciando outro.');
    setTimeout(fork, lived < MIN_UPTIME_MS ? 1000 : 0);
  });
  logger.info({ processos: workers, porta: config.port }, 'Processos do servidor (WEB_CONCURRENCY)');
  for (let i = 0; i < workers; i++) fork();

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ sinal: signal }, 'Encerrando os processos');
    const all = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    await Promise.all(
      all.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await stopBackups();
    await stopConsultas();
    await database.close();
    logger.info('Encerrado.');
    logger.flush();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
