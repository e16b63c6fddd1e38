import { sql } from 'drizzle-orm';
import type { Executor } from '../client';

/** The cheapest round trip: does the database answer? */
export function ping(db: Executor): Promise<unknown> {
  return Promise.resolve(db.execute(sql`select 1`));
}
