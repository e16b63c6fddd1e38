import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath: queries are written once for both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query function can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export const EVENTS_CHANNEL = 'lavra_eventos';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribes to NOTIFY on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** postgres://… selects a real PostgreSQL; otherwise embedded PGlite. */
  databaseUrl?: string;
  /** PGlite folder; omitted = in memory (tests). */
  dataDir?: string;
  /** Where connection-level errors go (the server's logger); only the driver's message, never a query. */
  onError?: (what: string, message: string) => void;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const database = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.onError)
    : await openPglite(opts.dataDir);
  return database;
}

async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true }); // PGlite does not create parent folders
  const client = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm } });
  await client.exec('create extension if not exists pg_trgm');
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return () => unsubscribe();
    },
    close: () => client.close(),
  };
}

/** Distinct statements prepared per connection at most (code shapes, not values: a few hundred). */
const MAX_PREPARED = 1000;

/**
 * A connection that prepares every parameterised statement once, named by a hash of its text, and
 * then only binds and executes it: PostgreSQL plans a statement on every call otherwise, and for the
 * app's queries planning cost as much as running them (a third of the database's time under load).
 * Statements without parameters (BEGIN, migrations with several statements) go as they are.
 */
const statementNames = new Map<string, string>();

class PreparingClient extends pg.Client {
  private prepared = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloaded query signature
  override query(config: any, values?: any, callback?: any): any {
    const text: unknown = typeof config === 'string' ? config : config?.text;
    const params: unknown = typeof config === 'string' ? values : (config?.values ?? values);
    if (
      typeof text === 'string' &&
      typeof config?.submit !== 'function' &&
      !config?.name &&
      Array.isArray(params) &&
      params.length > 0
    ) {
      let name = statementNames.get(text);
      if (!name) {
        name = `q${createHash('sha1').update(text).digest('base64url')}`;
        if (statementNames.size < MAX_PREPARED) statementNames.set(text, name);
      }
      if (this.prepared.has(name) || this.prepared.size < MAX_PREPARED) {
        this.prepared.add(name);
        const named =
          typeof config === 'string' ? { text, values: params, name } : { ...config, values: params, name };
        return super.query(named, typeof values === 'function' ? values : callback);
      }
    }
    return super.query(config, values, callback);
  }
}

async function openPostgres(
  url: string,
  onError: (what: string, message: string) => void = () => {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.PG_POOL_MAX ?? 10),
    Client: PreparingClient,
  });
  pool.on('error', (err) => onError('pool', err.message));
  await pool.query('create extension if not exists pg_trgm');
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  const listeners: pg.Client[] = [];
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      // LISTEN needs a connection of its own, outside the pool.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      client.on('notification', (msg) => {
        if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
      });
      client.on('error', (err) => onError('listener', err.message));
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end().catch(() => {});
      };
    },
    async close() {
      await Promise.all(listeners.map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}
