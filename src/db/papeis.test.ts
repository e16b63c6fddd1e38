import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { queryRows } from './queries/common';

/**
 * deploy/postgres-papeis.sql (issue 26: the app's role could TRUNCATE auditoria and DISABLE TRIGGER):
 * run on a migrated database, the runtime role writes data but only adds to and reads the audit trail
 * and the acceptances. PGlite runs the same PostgreSQL, roles and grants included.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
  await database.db.execute(
    sql.raw(`do $$ begin if not exists (select from pg_roles where rolname = 'lavra')
    then create role lavra; end if; end $$`),
  );
  // psql runs the file statement by statement; so does this (a DO block's own `;` stay inside $$).
  const text = readFileSync(path.resolve(import.meta.dirname, '../../deploy/postgres-papeis.sql'), 'utf8')
    .split('\n')
    .filter((l) => !l.trim().startsWith('--'))
    .join('\n');
  let statement = '';
  for (const part of text.split(/;\s*\n/)) {
    statement += `${part};\n`;
    if ((statement.match(/\$\$/g)?.length ?? 0) % 2 === 1) continue;
    if (statement.trim() !== ';') await database.db.execute(sql.raw(statement));
    statement = '';
  }
}, 120_000);
afterAll(() => database?.close());

/** Runs `statement` as lavra_app, in a transaction rolled back whatever happens; the error code or 'ok'. */
async function asApp(statement: string): Promise<string> {
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local role lavra_app'));
      await tx.execute(sql.raw(statement));
      throw new Error('ok');
    });
  } catch (err) {
    const e = err as { message: string; code?: string; cause?: { code?: string } };
    if (e.message === 'ok') return 'ok';
    return e.code ?? e.cause?.code ?? e.message;
  }
  return 'ok';
}

describe('the runtime role', () => {
  it('writes the data', async () => {
    expect(await asApp(`insert into clientes (nome) values ('Cliente do App')`)).toBe('ok');
    expect(await asApp('select count(*) from auditoria')).toBe('ok');
  });

  it('cannot truncate, delete, update the audit trail or the acceptances, nor disable their triggers', async () => {
    const denied = '42501';
    expect(await asApp('truncate auditoria')).toBe(denied);
    expect(await asApp('delete from auditoria')).toBe(denied);
    expect(await asApp(`update auditoria set endereco = 'x'`)).toBe(denied);
    expect(await asApp('truncate orcamento_aceites')).toBe(denied);
    expect(await asApp('delete from orcamento_aceites')).toBe(denied);
    expect(await asApp('alter table auditoria disable trigger all')).toBe(denied);
  });

  it("anonymises a client under the LGPD through the owner's function, and still cannot rewrite the trail itself", async () => {
    const [c] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into clientes (nome, email) values ('Ulisses Papeis', 'ulisses@exemplo.com.br') returning id`,
    );
    await database.db.execute(
      sql.raw(`insert into auditoria (recurso, registro, acao, alteracoes)
               values ('clientes', '${c!.id}', 'criado', '{"nome": [null, "Ulisses Papeis"]}')`),
    );
    // lavra_anonimizar_cliente is SECURITY DEFINER: it rewrites the audit rows and acceptances as the owner
    expect(await asApp(`select lavra_anonimizar_cliente('${c!.id}')`)).toBe('ok');
    expect(
      await asApp(
        `update auditoria set alteracoes = '{}' where set_config('lavra.anonimizando', '1', true) = '1'`,
      ),
    ).toBe('42501');
  });
});
