import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import { openDatabase } from '../db/client';
import { createApp } from './app';
import { withAuditContext } from './audit-context';
import { createAuth } from './auth/better-auth';
import { ensureAdmin, loadAuthSecret } from './auth/bootstrap';
import { deviceKey } from './auth/dispositivo';
import { pidFile, removeStalePartials, scheduleDailyBackup } from './backups';
import { iniciarConsultas } from './casos/notas-fiscais';
import type { Config } from './config';
import type { AppDeps, AppEnv } from './context';
import { EventHub } from './events';
import { createLogger } from './log';
import { encerrarPlanejadores } from './plano-corte';
import { markDraining } from './routes/health';

/** Opens the database (migrating it), makes sure an admin exists, and wires the app's dependencies. */
export async function createDeps(
  config: Config,
  log: (m: string) => void = console.log,
  /** Tests: an in-memory PGlite starts from this migrated tarball. */
  { tarFile }: { tarFile?: string } = {},
): Promise<AppDeps> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({
    tarFile,
    databaseUrl: config.databaseUrl,
    migrationUrl: config.databaseMigracaoUrl,
    dataDir: config.dataDir,
    onError: (what, message) => logger.error({ conexao: what, message }, 'erro de conexão com o banco'),
  });
  // Routes write through this: it names the acting user to the audit trigger (audit-context.ts).
  const db = withAuditContext(database.db);
  await ensureAdmin(db, {
    emailDominio: config.emailDominio,
    adminPassword: config.adminPassword,
    empresa: config.empresa.nome,
    log,
  });
  const secret = await loadAuthSecret(db);
  const auth = createAuth(db, {
    secret,
    baseURL: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
  });
  const events = new EventHub();
  await events.start(database);
  return { database, db, auth, config, events, logger, deviceKey: deviceKey(secret) };
}

export async function closeDeps(deps: AppDeps) {
  encerrarPlanejadores(deps.config);
  await deps.events.close();
  await deps.database.close();
  deps.logger.flush();
}

/** Serves the built SPA: files as they are, and index.html for every client-side route. */
export function serveWeb(webDir: string) {
  return (app: Hono<AppEnv>) => {
    const indexFile = path.join(webDir, 'index.html');
    app.use(
      '/assets/*',
      // JS and CSS travel gzipped (about a third of their size): the first load on a slow connection.
      compress(),
      async (c, next) => {
        await next();
        if (c.res.status === 200) c.header('cache-control', 'public, max-age=31536000, immutable');
      },
      serveStatic({ root: webDir }),
    );
    app.use('*', serveStatic({ root: webDir }));
    // The customer's page of a quote: its own small HTML entry, never the back office's bundle.
    const publicoFile = path.join(webDir, 'o.html');
    app.get('/o/*', (c) => {
      if (!existsSync(publicoFile)) return c.text('Interface não compilada: rode "npm run build".', 503);
      c.header('cache-control', 'no-cache');
      c.header('x-robots-tag', 'noindex');
      return c.html(readFileSync(publicoFile, 'utf8'));
    });
    app.get('*', (c) => {
      if (!existsSync(indexFile)) return c.text('Interface não compilada: rode "npm run build".', 503);
      c.header('cache-control', 'no-cache');
      return c.html(readFileSync(indexFile, 'utf8'));
    });
  };
}

/** How long a shutdown waits for requests in flight before closing their connections. */
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);

export async function startServer(config: Config, webDir: string, opts: { backups?: boolean } = {}) {
  const deps = await createDeps(config);
  // What a backup killed mid-way left (the PGlite folder copy it read, 100+ MB): gone at start, not
  // at the next backup, which may be a day away. Workers of a cluster leave it to the primary.
  if (opts.backups !== false) await removeStalePartials(config.backupDir);
  const app = createApp(deps, serveWeb(webDir));
  // HOST: behind a reverse proxy, 127.0.0.1, so nobody reaches the port (and its trust) directly.
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }) as HttpServer;
  // Node closes an idle keep-alive connection after 5 s; a client that reuses it at that moment (a
  // reverse proxy's pool, the browser tests' API client) gets ECONNRESET or a 502. Outlive the usual
  // client and proxy idle times (nginx: 60 s) so the client is the one that closes; the headers
  // timeout must stay above it.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`;
  deps.logger.info(
    { porta: config.port, banco: where, pid: process.pid },
    `Servindo em http://localhost:${config.port}`,
  );
  if (!config.databaseUrl) writeFileSync(pidFile(config.dataDir), String(process.pid));
  // In a cluster the primary takes the daily backup, not each worker.
  const backups = opts.backups !== false;
  const stopBackups = backups ? scheduleDailyBackup(deps.database, config) : async () => {};
  // Invoices still processing at the fiscal provider are consulted by one process: this one, or the
  // cluster's primary (which also takes the backups).
  const stopConsultas = backups ? iniciarConsultas(deps) : async () => {};
  if (backups && config.backupDiario)
    deps.logger.info({ pasta: config.backupDir }, `Backup diário às ${config.backupHora}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    deps.logger.info({ sinal: signal }, 'Encerrando: terminando as requisições em andamento');
    markDraining();
    // Stop accepting; the callback runs once every connection has ended.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // SSE streams never end by themselves: end them (browsers reconnect, to another instance if any).
    deps.events.endStreams();
    // Keep-alive connections between requests hold the server open: close each as it goes idle.
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await closed;
    clearInterval(idle);
    clearTimeout(force);
    await stopBackups();
    await stopConsultas();
    await closeDeps(deps);
    if (!config.databaseUrl) rmSync(pidFile(config.dataDir), { force: true });
    deps.logger.info('Encerrado.');
    deps.logger.flush();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return { app, deps, server };
}
