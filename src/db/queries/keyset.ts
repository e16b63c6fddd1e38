import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

type Row = Record<string, unknown>;

/** One part of the export's order: a column, its direction, and the row field holding its value. */
export interface KeyPart {
  col: PgColumn | SQL;
  key: string;
  desc?: boolean;
  /** The column is NOT NULL (plain comparisons; otherwise nulls sort last and are handled). */
  notNull?: boolean;
}

export function orderSql(order: KeyPart[]): SQL {
  return sql.join(
    order.map((k) => (k.desc ? sql`${k.col} desc nulls last` : sql`${k.col} asc nulls last`)),
    sql`, `,
  );
}

/**
 * Rows after `last` in `order` (nulls last in both directions, as orderSql writes it): the lexicographic
 * "greater than" of the keys, so each page starts where the last one ended, whatever the list's size.
 */
export function after(order: KeyPart[], last: Row): SQL {
  const ors: SQL[] = [];
  for (let i = 0; i < order.length; i++) {
    const parts: SQL[] = [];
    for (const k of order.slice(0, i)) {
      const v = last[k.key];
      parts.push(v === null || v === undefined ? sql`${k.col} is null` : sql`${k.col} = ${v}`);
    }
    const k = order[i]!;
    const v = last[k.key];
    if (v === null || v === undefined) continue; // nothing sorts after a null in its column
    const beyond = k.desc ? sql`${k.col} < ${v}` : sql`${k.col} > ${v}`;
    parts.push(k.notNull ? beyond : sql`(${beyond} or ${k.col} is null)`);
    ors.push(sql.join(parts, sql` and `));
  }
  return ors.length ? sql`(${sql.join(ors, sql` or `)})` : sql`false`;
}

/** The list's filters and the keyset: the rows of the page after `last`. */
export function keysetWhere(where: SQL | undefined, order: KeyPart[], last: Row): SQL | undefined {
  return and(where, after(order, last));
}
