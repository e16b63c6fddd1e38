import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { parcelas, vendas } from '../schema';
import { andWhere, columnsOf } from './common';

const dialect = new PgDialect();
const text = (s: ReturnType<typeof andWhere>) => (s ? dialect.sqlToQuery(s) : undefined);

describe('andWhere', () => {
  it('joins the conditions present with "and", as the lists wrote it by hand (no parentheses added)', () => {
    expect(text(andWhere(sql`a = ${1}`, undefined, eq(vendas.status, 'paga')))).toMatchObject({
      sql: 'a = $1 and "vendas"."status" = $2',
      params: [1, 'paga'],
    });
  });

  it('is no filter at all when no condition is present', () => {
    expect(andWhere()).toBeUndefined();
    expect(andWhere(undefined, undefined)).toBeUndefined();
  });
});

describe('columnsOf', () => {
  it("is the table's own columns, in the order asked", () => {
    const cols = columnsOf(parcelas, ['valor', 'id']);
    expect(Object.keys(cols)).toEqual(['valor', 'id']);
    expect(cols.valor).toBe(parcelas.valor);
    expect(cols.id).toBe(parcelas.id);
  });
});
