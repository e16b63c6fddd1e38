import { createHash } from 'node:crypto';
import { mkdirSync, openAsBlob, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
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
  /**
   * Where a backup in another process reads a consistent copy of this database from (server/backups.ts):
   * PostgreSQL's URL (its own snapshot), or a copy of PGlite's folder taken under `tmpDir`.
   */
  backupSource?(tmpDir: string): Promise<BackupSource>;
}

/** A database a backup process can open by itself. */
export type BackupSource = { databaseUrl: string } | { dataDir: string } | { tarFile: string };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** postgres://… selects a real PostgreSQL; otherwise embedded PGlite. */
  databaseUrl?: string;
  /** PGlite folder; omitted = in memory (tests). */
  dataDir?: string;
  /** PGlite in memory loaded from a data-folder tarball (`dumpDataDir`): a backup of an in-memory database. */
  tarFile?: string;
  /** false: open as it is, never migrate (a backup reads a database; it does not change it). */
  migrate?: boolean;
  /**
   * PostgreSQL: the owner role's URL (DATABASE_URL_MIGRACAO), used only to migrate, while `databaseUrl`
   * is a runtime role that cannot truncate the audit trail nor disable its triggers (deploy/).
   */
  migrationUrl?: string;
  /** Where connection-level errors go (the server's logger); only the driver's message, never a query. */
  onError?: (what: string, message: string) => void;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const database = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.onError, opts.migrate !== false, opts.migrationUrl)
    : await openPglite(opts.dataDir, opts.tarFile, opts.migrate !== false);
  return database;
}

/** Files of a PGlite folder that belong to the running process, not to the data. */
const PROCESS_FILES = new Set(['postmaster.pid', '.lavra-servidor.pid']);

async function openPglite(dataDir?: string, tarFile?: string, migrate = true): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true }); // PGlite does not create parent folders
  const client = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    // In memory (the tests' databases and their backups) every file already lives in memory: PostgreSQL's
    // 128 MB buffer pool on top only cost its start, ~0.6 CPU-s of WebAssembly per database opened.
    ...(dataDir ? {} : { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] }),
    // A file-backed Blob: PGlite reads it whole, and an in-memory Blob of the same bytes was copied
    // chunk by chunk (0.65 CPU-s against 0.3 for a 44 MB database).
    ...(tarFile ? { loadDataDir: await openAsBlob(tarFile) } : {}),
  });
  if (migrate) await client.exec('create extension if not exists pg_trgm');
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (migrate) await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return () => unsubscribe();
    },
    close: () => client.close(),
    // PGlite has one connection: a backup that read through it would hold every request behind it for
    // as long as it runs. Instead the data is copied (every statement and transaction waits only for
    // the copy: a CHECKPOINT, then plain file copies, off the event loop) and another process reads
    // the copy (the same as a copy of a server stopped at that instant: crash-consistent, WAL included).
    async backupSource(tmpDir) {
      if (!dataDir) {
        // In memory (tests): PGlite's own dump of its folder, taken between two statements.
        const tar = path.join(tmpDir, 'pgdata.tar');
        writeFileSync(tar, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
        return { tarFile: tar };
      }
      const copy = path.join(tmpDir, 'pgdata');
      await client.transaction(async (tx) => {
        await tx.exec('checkpoint');
        // Entry by entry: the backups folder usually lives inside the data folder (./data/backups),
        // and the copy is written there, so a whole-folder copy would copy into itself.
        const within = (dir: string) => path.relative(dir, tmpDir).split(path.sep)[0] !== '..';
        for (const name of readdirSync(dataDir)) {
          const src = path.join(dataDir, name);
          if (PROCESS_FILES.has(name) || within(src)) continue;
          await cp(src, path.join(copy, name), {
            recursive: true,
            filter: (f) => !PROCESS_FILES.has(path.basename(f)),
          });
        }
      });
      return { dataDir: copy };
    },
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

/** Key of the advisory lock the migrator holds (any fixed bigint; "lavra" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x6c61767261;

/**
 * Migrates under a session advisory lock: instances started at once on one PostgreSQL queue here,
 * the first applies the migrations and the others find them applied. Without it both would read
 * "nothing applied" and run the same migration twice (or race on creating drizzle's own table).
 */
async function migrateLocked(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await client.query('create extension if not exists pg_trgm');
      await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
    } finally {
      await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  } finally {
    client.release();
  }
}

/** The migrations this code knows, in order (drizzle's journal). */
export function knownMigrations(): string[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}

/** How many migrations the database has applied (drizzle's own bookkeeping table). */
export async function appliedMigrations(db: Executor): Promise<number> {
  const r = (await db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return Number(r.rows[0]?.n ?? 0);
}

async function openPostgres(
  url: string,
  onError: (what: string, message: string) => void = () => {},
  migrate = true,
  migrationUrl?: string,
): Promise<Database> {
  if (migrate && migrationUrl && migrationUrl !== url) {
    const owner = new pg.Pool({ connectionString: migrationUrl, max: 1 });
    try {
      await migrateLocked(owner);
    } finally {
      await owner.end();
    }
    migrate = false;
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.PG_POOL_MAX ?? 10),
    Client: PreparingClient,
    // Short queries over indexes: JIT compiling one costs 20–80 ms, more than running it, whenever
    // the planner's estimate (e.g. a day-by-day subquery over a generated series) passes jit_above_cost.
    options: '-c jit=off',
  });
  pool.on('error', (err) => onError('pool', err.message));
  if (migrate) await migrateLocked(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners: pg.Client[] = [];
  return {
    db,
    kind: 'postgres',
    // The backup process opens its own connection; its repeatable-read transaction is the snapshot.
    backupSource: async () => ({ databaseUrl: url }),
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
