import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { queryRows } from '../../db/queries/common';
import { countUsuarios } from '../../db/queries/usuarios';
import { PERMISSOES } from '../../schemas/permissoes';
import {
  ADMIN_SENHA,
  Client,
  createTestDeps,
  freshPostgresDatabase,
  login,
  loginAdmin,
  type TestEnv,
  userWith,
} from '../testing/harness';
import { ensureAdmin } from './bootstrap';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestDeps({ loginMaxTentativas: 3 });
});
afterAll(() => env.close());

const countAuthUsers = async () => {
  const [r] = await queryRows<{ n: number }>(env.db, sql`select count(*)::int as n from auth_user`);
  return r!.n;
};

describe('sign-in', () => {
  it('the first start created admin with every permission, and "admin" signs in', async () => {
    const admin = await loginAdmin(env);
    const me = await admin.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'admin@lavra.test', role: 'admin', status: 'ativo' });
    expect([...me.body.permissoes].sort()).toEqual([...PERMISSOES].sort());
  });

  it('accepts the full e-mail as the user too', async () => {
    const c = await login(env, 'ADMIN@lavra.test', ADMIN_SENHA);
    expect((await c.get('/api/auth/me')).status).toBe(200);
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await new Client(env).post('/api/auth/login', { usuario: 'admin', senha: ADMIN_SENHA });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lavra.session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('a wrong password gets the pt-BR error and creates no account', async () => {
    const before = await countAuthUsers();
    const res = await new Client(env).post('/api/auth/login', { usuario: 'ninguem', senha: 'qualquer' });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(res.body.detail).toBe('Usuário ou senha inválidos');
    expect(await countAuthUsers()).toBe(before);
  });

  it('answers 400 in pt-BR for a missing field', async () => {
    const res = await new Client(env).post('/api/auth/login', { usuario: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: 'senha', message: 'Informe a senha.' });
  });

  it('limits repeated failures with 429 and a pt-BR message', async () => {
    const anon = new Client(env);
    for (let i = 0; i < 3; i++) {
      expect((await anon.post('/api/auth/login', { usuario: 'alvo', senha: `x${i}` })).status).toBe(401);
    }
    const blocked = await anon.post('/api/auth/login', { usuario: 'alvo', senha: 'outra' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Muitas tentativas de login/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('an inactive user cannot sign in, and deactivation ends open sessions', async () => {
    const u = await userWith(env, ['vendas']);
    expect((await u.client.get('/api/auth/me')).status).toBe(200);
    await env.db.execute(sql`update usuarios set status = 'inativo' where id = ${u.row.id}`);
    expect((await u.client.get('/api/auth/me')).status).toBe(401);
    const again = await new Client(env).post('/api/auth/login', { usuario: u.email, senha: u.senha });
    expect(again.status).toBe(403);
    expect(again.body.detail).toMatch(/inativo/);
  });

  it('a tampered session cookie is no session, and leaves the real one working', async () => {
    const c = await loginAdmin(env);
    const value = /lavra\.session_token=([^;]+)/.exec(c.cookie)![1]!;
    const token = decodeURIComponent(value).split('.')[0]!;
    // someone else's token with this cookie's signature, and this token with a forged signature
    const forged = [
      `other${token.slice(5)}.${decodeURIComponent(value).split('.')[1]}`,
      `${token}.AAAA${'A'.repeat(39)}=`,
    ];
    for (const f of forged) {
      const res = await new Client(env, `lavra.session_token=${encodeURIComponent(f)}`).get('/api/auth/me');
      expect(res.status).toBe(401);
    }
    expect((await c.get('/api/auth/me')).status).toBe(200);
  });

  it('an expired session is refused and removed', async () => {
    const c = await loginAdmin(env);
    const token = decodeURIComponent(/lavra\.session_token=([^;]+)/.exec(c.cookie)![1]!).split('.')[0]!;
    await env.db.execute(
      sql`update auth_session set expires_at = now() - interval '1 minute' where token = ${token}`,
    );
    expect((await c.get('/api/auth/me')).status).toBe(401);
    const [left] = await queryRows<{ n: number }>(
      env.db,
      sql`select count(*)::int as n from auth_session where token = ${token}`,
    );
    expect(left!.n).toBe(0);
  });

  it('a session used after a day is extended to a full week, with a fresh cookie', async () => {
    const c = await loginAdmin(env);
    const token = decodeURIComponent(/lavra\.session_token=([^;]+)/.exec(c.cookie)![1]!).split('.')[0]!;
    // signed in 2 days ago: 5 days left, past the 1-day refresh age
    await env.db.execute(
      sql`update auth_session set expires_at = now() + interval '5 days' where token = ${token}`,
    );
    const res = await c.get('/api/auth/me');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((k) => k.startsWith('lavra.session_token='))).toBe(true);
    const [row] = await queryRows<{ dias: number }>(
      env.db,
      sql`select extract(epoch from expires_at - now()) / 86400 as dias from auth_session where token = ${token}`,
    );
    expect(Number(row!.dias)).toBeGreaterThan(6.9);
    // a session still fresh is served without a new cookie
    const again = await c.get('/api/auth/me');
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('logout ends the session', async () => {
    const c = await loginAdmin(env);
    expect((await c.post('/api/auth/logout')).status).toBe(204);
    expect((await c.get('/api/auth/me')).status).toBe(401);
  });

  it('refuses unsafe requests from another origin', async () => {
    const c = await loginAdmin(env);
    const res = await c.request('POST', '/api/auth/logout', {}, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const none = await c.request('POST', '/api/auth/logout', {}, { origin: '' });
    expect(none.status).toBe(403);
  });

  it('answers 413 for a body over 1 MB', async () => {
    const res = await new Client(env).post('/api/auth/login', { usuario: 'x'.repeat(1_100_000), senha: 'y' });
    expect(res.status).toBe(413);
  });

  it('answers 400, not 500, for malformed JSON', async () => {
    const res = await new Client(env).request('POST', '/api/auth/login', '{"usuario":', {});
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/JSON/);
  });

  it('sends security headers', async () => {
    const res = await new Client(env).get('/api/health');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });
});

describe('first start', () => {
  it('refuses a short or common ADMIN_PASSWORD with a clear message and creates no admin', async () => {
    const { url, drop } = await freshPostgresDatabase();
    const database = await openDatabase({ databaseUrl: url });
    try {
      const start = (adminPassword?: string) =>
        ensureAdmin(database.db, { emailDominio: 'lavra.test', adminPassword, log: () => {} });
      await expect(start('admin1')).rejects.toThrow(
        'ADMIN_PASSWORD recusada: A senha deve ter no mínimo 8 caracteres. Defina outra e inicie de novo.',
      );
      await expect(start('password123')).rejects.toThrow(/ADMIN_PASSWORD recusada: Esta senha é muito comum/);
      expect(await countUsuarios(database.db)).toBe(0);
      // without ADMIN_PASSWORD the random one is made as before (16 characters of base64url)
      const made = await start();
      expect(made.created).toBe(true);
      expect(made.senha).toMatch(/^[A-Za-z0-9_-]{16}$/);
    } finally {
      await database.close();
      await drop();
    }
  });
});
