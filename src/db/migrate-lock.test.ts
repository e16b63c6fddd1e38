import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../server/testing/harness';
import {
  appliedMigrations,
  type Database,
  knownMigrations,
  MIGRATION_LOCK_KEY,
  openDatabase,
} from './client';

/**
 * Two instances started at once on one fresh PostgreSQL migrate once: both start, and each migration is
 * applied exactly once. PostgreSQL-only by nature (PGlite is one process); `npm test` runs this file on
 * PostgreSQL 15 in its second pass.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('migrations under an advisory lock', () => {
  it('two instances starting together on a fresh database both start, and migrate once', async () => {
    const fresh = await freshPostgresDatabase();
    cleanups.push(fresh.drop);
    const opened = await Promise.all([
      openDatabase({ databaseUrl: fresh.url }),
      openDatabase({ databaseUrl: fresh.url }),
      openDatabase({ databaseUrl: fresh.url }),
    ]);
    cleanups.push(async () => {
      for (const d of opened) await d.close();
    });
    const db = (opened[0] as Database).db;
    expect(await appliedMigrations(db)).toBe(knownMigrations().length);
    const r = (await db.execute(
      sql`select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number; d: number }[] };
    expect(r.rows[0]).toEqual({ n: knownMigrations().length, d: knownMigrations().length });
  });

  it('an instance waits while another holds the migration lock', async () => {
    const fresh = await freshPostgresDatabase();
    cleanups.push(fresh.drop);
    const holder = new pg.Client({ connectionString: fresh.url });
    await holder.connect();
    await holder.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    let done = false;
    const opening = openDatabase({ databaseUrl: fresh.url }).then((d) => {
      done = true;
      return d;
    });
    await new Promise((r) => setTimeout(r, 700));
    expect(done).toBe(false);
    await holder.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    await holder.end();
    const d = await opening;
    cleanups.push(() => d.close());
    expect(await appliedMigrations(d.db)).toBe(knownMigrations().length);
  });
});
