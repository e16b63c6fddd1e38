import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/queries/common';
import { type Client, createTestDeps, loginAdmin, type TestEnv } from './testing/harness';

/**
 * Issue 26: the audit trail took the left-most X-Forwarded-For entry (written by the client) and only
 * when TRUST_PROXY was exactly "1". It reads the address as everything else does (clientAddress).
 */
let env: TestEnv;
let admin: Client;
beforeAll(async () => {
  env = await createTestDeps({ trustProxy: 1 });
  admin = await loginAdmin(env);
});
afterAll(() => env?.close());

const mov = (nome: string) => ({ nome, valor: 10, data: '2026-01-01', tipo: 'entrada' });

const enderecoDe = async (registro: string) =>
  (
    await queryRows<{ endereco: string }>(
      env.db,
      sql`select endereco from auditoria where recurso = 'movimentacoes_caixa' and registro = ${registro}`,
    )
  )[0]?.endereco;

describe('the audit trail’s address', () => {
  it('is the entry the proxy appended, not the client’s left-most one', async () => {
    const res = await admin.request('POST', '/api/caixa/movimentacoes', mov('Auditada Proxy'), {
      'x-forwarded-for': '6.6.6.6, 203.0.113.9',
    });
    expect(res.status).toBe(201);
    expect(await enderecoDe(res.body.id)).toBe('203.0.113.9');
  });

  it('counts hops as TRUST_PROXY says (2: the second from the right)', async () => {
    const two = await createTestDeps({ trustProxy: 2 });
    try {
      const a = await loginAdmin(two);
      const res = await a.request('POST', '/api/caixa/movimentacoes', mov('Auditada Dois'), {
        'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.2',
      });
      expect(res.status).toBe(201);
      const [row] = await queryRows<{ endereco: string }>(
        two.db,
        sql`select endereco from auditoria where recurso = 'movimentacoes_caixa' and registro = ${res.body.id}`,
      );
      expect(row?.endereco).toBe('203.0.113.9');
    } finally {
      await two.close();
    }
  });
});
