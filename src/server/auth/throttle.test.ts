import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { Client, createTestDeps, type TestEnv, userWith } from '../testing/harness';
import { DEVICE_COOKIE } from './dispositivo';
import { desbloquearConta, loginGate } from './throttle';

// Limits small enough to reach, and different from one another so each test shows which one bit:
// 5 failures per address+user, 12 per address whatever the user, 8 per account from any address.
const LIMITS = { loginMaxTentativas: 5, loginMaxFalhasEndereco: 12, loginContaMaxFalhas: 8 };

let env: TestEnv;
let busy: TestEnv;
beforeAll(async () => {
  // TRUST_PROXY=1: each test speaks from its own addresses through X-Forwarded-For.
  env = await createTestDeps({ ...LIMITS, trustProxy: 1, loginConcorrentes: 2, loginFila: 500 });
  busy = await createTestDeps({ ...LIMITS, trustProxy: 1, loginConcorrentes: 1, loginFila: 1 });
});
afterAll(async () => {
  await env?.close();
  await busy?.close();
});

let net = 0;
/** A fresh /24 for each test, so that the address counters of one test never touch another's. */
const freshNet = () => {
  net += 1;
  return (host: number) => `198.51.${net}.${host}`;
};

const attempt = (e: TestEnv, usuario: string, senha: string, from: string) =>
  new Client(e).request('POST', '/api/auth/login', { usuario, senha }, { 'x-forwarded-for': from });

const statuses = (rs: { status: number }[]) => {
  const n: Record<number, number> = {};
  for (const r of rs) n[r.status] = (n[r.status] ?? 0) + 1;
  return n;
};

describe('sign-in throttling', () => {
  it('40 parallel wrong passwords from one address: exactly the 5 allowed are checked', async () => {
    const ip = freshNet()(1);
    const rs = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(env, 'alvo.paralelo', `errada-${i}`, ip)),
    );
    // Before the fix the count was read, then the hash computed, then the failure written: all 40 were
    // checked (401). Now the count is taken under a row lock before hashing.
    expect(statuses(rs)).toEqual({ 401: 5, 429: 35 });
    const refused = rs.find((r) => r.status === 429)!;
    expect(refused.body.detail).toBe('Muitas tentativas de login. Aguarde 15 minutos e tente novamente.');
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
  });

  it('spraying 30 user names from one address is limited (12 per address)', async () => {
    const ip = freshNet()(7);
    const rs = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(env, `spray${i}`, 'senha-qualquer', ip)),
    );
    expect(statuses(rs)).toEqual({ 401: 12, 429: 18 });
  });

  it('successful sign-ins never count against the address (a shop behind one address)', async () => {
    const ip = freshNet()(9);
    const u = await userWith(env, ['dashboard']);
    for (let i = 0; i < 14; i++) expect((await attempt(env, u.email, u.senha, ip)).status).toBe(200);
    for (let i = 0; i < 12; i++)
      expect((await attempt(env, `outro${i}`, 'senha-errada', ip)).status).toBe(401);
    expect((await attempt(env, 'mais.um', 'senha-errada', ip)).status).toBe(429);
  });

  it('many addresses attacking one account: 8 checked, then the account backs off exponentially', async () => {
    const addr = freshNet();
    const u = await userWith(env, ['dashboard']);
    const rs = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(env, u.email, `errada-${i}`, addr(i + 1))),
    );
    expect(statuses(rs)).toEqual({ 401: 8, 429: 32 });
    const refused = rs.find((r) => r.status === 429)!;
    expect(refused.body.detail).toMatch(/para este usuário.*aguarde 1 minuto/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    // The right password, from a new address, while the account is locked: still refused.
    expect((await attempt(env, u.email, u.senha, addr(100))).status).toBe(429);

    const endBackOff = () =>
      env.db.execute(
        sql`update login_limites set bloqueado_ate = now() - interval '1 second' where chave = ${`c:${u.email}`}`,
      );
    // The minute passes; one more failure locks it again for twice as long.
    await endBackOff();
    expect((await attempt(env, u.email, 'errada-de-novo', addr(101))).status).toBe(401);
    const again = await attempt(env, u.email, u.senha, addr(102));
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(110);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(120);

    // When the back-off ends, the right password signs in and the account's count starts over.
    await endBackOff();
    expect((await attempt(env, u.email, u.senha, addr(103))).status).toBe(200);
    expect((await attempt(env, u.email, 'errada', addr(104))).status).toBe(401);
    expect((await attempt(env, u.email, u.senha, addr(105))).status).toBe(200);
  });

  it('a browser that signed in before is exempt from the account lock; desbloquear lifts it', async () => {
    const addr = freshNet();
    const u = await userWith(env, ['dashboard']);
    // The owner's browser signs in once: it keeps the signed device cookie.
    const owner = await attempt(env, u.email, u.senha, addr(1));
    expect(owner.status).toBe(200);
    const device = owner.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(device).toBeTruthy();
    const fromDevice = (senha: string, from: string, cookie = device) =>
      new Client(env, cookie).request(
        'POST',
        '/api/auth/login',
        { usuario: u.email, senha },
        { 'x-forwarded-for': from },
      );
    // Someone else, from many addresses, locks the account.
    const rs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(env, u.email, `errada-${i}`, addr(i + 10))),
    );
    expect(statuses(rs)).toEqual({ 401: 8, 429: 12 });
    expect((await attempt(env, u.email, u.senha, addr(50))).status).toBe(429);
    // The owner's browser, even from another address, still gets in.
    expect((await fromDevice(u.senha, addr(51))).status).toBe(200);
    // A forged or altered cookie is no device; nor is another account's.
    const forged = `${device.slice(0, -3)}abc`;
    expect((await fromDevice(u.senha, addr(52), forged)).status).toBe(429);
    const other = await userWith(env, ['dashboard']);
    const otherDevice = (await attempt(env, other.email, other.senha, addr(53))).headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect((await fromDevice(u.senha, addr(54), otherDevice)).status).toBe(429);

    // `npm run desbloquear -- <usuario>` (its function): the lock goes, the right password works.
    expect(await desbloquearConta(env.db, u.email)).toBeGreaterThan(0);
    expect((await attempt(env, u.email, u.senha, addr(55))).status).toBe(200);
  });

  it('IPv6 addresses of one /64 count as one address', async () => {
    net += 1;
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        attempt(env, 'alvo.v6', `errada-${i}`, `2001:db8:${net.toString(16)}:1::${(i + 1).toString(16)}`),
      ),
    );
    expect(statuses(rs)).toEqual({ 401: 5, 429: 5 });
  });

  it('TRUST_PROXY=1 takes the entry the proxy appended: rotating left-most values are still limited', async () => {
    const ip = freshNet()(3);
    const rs = [];
    for (let i = 0; i < 8; i++) {
      // the client writes "10.0.0.i", the trusted proxy appends the address it saw
      rs.push(await attempt(env, 'alvo.proxy', `errada-${i}`, `10.0.0.${i}, ${ip}`));
    }
    expect(rs.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('bounds the password checks running at once: one waits in line, the next gets 503', async () => {
    const gate = loginGate(busy.deps);
    const addr = freshNet();
    const release = await gate.acquire()!; // the only slot, taken by "someone else"
    const queued = attempt(busy, 'na.fila', 'senha-errada', addr(1));
    await vi.waitFor(() => expect(gate.waitingCount).toBe(1), { timeout: 10_000 });
    const over = await attempt(busy, 'sem.lugar', 'senha-errada', addr(2));
    expect(over.status).toBe(503);
    expect(over.headers.get('retry-after')).toBe('2');
    expect(over.body.detail).toBe('Muitos logins ao mesmo tempo. Tente novamente em alguns segundos.');
    // a refused check is not a failure: nothing is left counted for it
    const rows = await queryRows<{ falhas: number }>(
      busy.db,
      sql`select falhas from login_limites where chave like ${'%sem.lugar%'}`,
    );
    expect(rows.map((r) => r.falhas)).toEqual([0, 0]);
    release();
    expect((await queued).status).toBe(401);
    expect(gate.peak).toBe(1);
  });

  it('never runs more password checks at once than configured', async () => {
    const gate = loginGate(env.deps);
    const addr = freshNet();
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, i) => attempt(env, `fila${i}`, 'senha-errada', addr(i + 1))),
    );
    expect(statuses(rs)).toEqual({ 401: 10 });
    expect(gate.peak).toBeLessThanOrEqual(2);
  });
});
