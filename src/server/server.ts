import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import { openDatabase } from '../db/client';
import { createApp } from './app';
import { createAuth } from './auth/better-auth';
import { ensureAdmin, loadAuthSecret } from './auth/bootstrap';
import type { Config } from './config';
import type { AppDeps, AppEnv } from './context';
import { EventHub } from './events';
import { createLogger } from './log';

/** Opens the database (migrating it), makes sure an admin exists, and wires the app's dependencies. */
export async function createDeps(config: Config, log: (m: string) => void = console.log): Promise<AppDeps> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onError: (what, message) => logger.error({ conexao: what, message }, 'erro de conexão com o banco'),
  });
  const db = database.db;
  await ensureAdmin(db, { emailDominio: config.emailDominio, adminPassword: config.adminPassword, log });
  const secret = await loadAuthSecret(db);
  const auth = createAuth(db, {
    secret,
    baseURL: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
  });
  const events = new EventHub();
  await events.start(database);
  return { database, db, auth, config, events, logger };
}

export async function closeDeps(deps: AppDeps) {
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
    app.get('*', (c) => {
      if (!existsSync(indexFile)) return c.text('Interface não compilada: rode "npm run build".', 503);
      c.header('cache-control', 'no-cache');
      return c.html(readFileSync(indexFile, 'utf8'));
    });
  };
}

export async function startServer(config: Config, webDir: string) {
  const deps = await createDeps(config);
  const app = createApp(deps, serveWeb(webDir));
  const server = serve({ fetch: app.fetch, port: config.port });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`;
  deps.logger.info({ porta: config.port, banco: where }, `Servindo em http://localhost:${config.port}`);
  const shutdown = async () => {
    server.close();
    await closeDeps(deps);
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  return { app, deps, server };
}
