import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createSelectSchema } from 'drizzle-zod';
import { z } from '../schemas/z';

/**
 * A table's row as the API answers it, derived from the Drizzle table (drizzle-zod) instead of written
 * again: numeric columns travel as JSON numbers (`numbersOut`) and timestamps as ISO strings.
 */
export function rowSchema(table: PgTable) {
  const overrides: Record<string, z.ZodType> = {};
  for (const [key, col] of Object.entries(getTableColumns(table))) {
    const base =
      col.columnType === 'PgNumeric'
        ? z.number()
        : col.columnType === 'PgTimestamp'
          ? z.iso.datetime({ offset: true })
          : undefined;
    if (base) overrides[key] = col.notNull ? base : base.nullable();
  }
  // drizzle-zod's refinement map is typed per table; a generic table needs the loose form.
  return createSelectSchema(table, overrides as never) as unknown as z.ZodObject;
}
