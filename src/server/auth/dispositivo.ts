// "This browser signed in as this account before": a signed cookie set on every successful sign-in.
// It exempts the browser from the per-account lock (issue 26: about one wrong password an hour from
// anywhere kept the admin out for good) — the browser's failures are counted under a key of its own,
// so a stranger's failures lock the stranger out, not the owner at their usual desk. The per-address
// limits still apply to it. Signed with a key derived from the session secret: it cannot be forged,
// and a restored server (new secret) forgets every device.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

export const DEVICE_COOKIE = 'lavra_dispositivo';
const MAX_AGE_S = 180 * 24 * 3600;

export function deviceKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('lavra-dispositivo-v1').digest();
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** The device id of a valid cookie for `email`, else null (absent, another account, forged, expired). */
export function trustedDevice(c: Context, key: Buffer, email: string): string | null {
  const raw = getCookie(c, DEVICE_COOKIE);
  if (!raw) return null;
  const [v, id, conta, ate, mac] = raw.split('.');
  if (v !== 'v1' || !id || !conta || !ate || !mac) return null;
  const want = sign(key, `${v}.${id}.${conta}.${ate}`);
  if (want.length !== mac.length || !timingSafeEqual(Buffer.from(want), Buffer.from(mac))) return null;
  if (Number(ate) * 1000 < Date.now()) return null;
  if (Buffer.from(conta, 'base64url').toString('utf8') !== email) return null;
  return id;
}

/** Marks this browser as one that signed in as `email` (a new id each time, 180 days). */
export function rememberDevice(c: Context, key: Buffer, email: string, secure: boolean) {
  const id = randomBytes(12).toString('base64url');
  const ate = Math.floor(Date.now() / 1000) + MAX_AGE_S;
  const payload = `v1.${id}.${Buffer.from(email).toString('base64url')}.${ate}`;
  setCookie(c, DEVICE_COOKIE, `${payload}.${sign(key, payload)}`, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/api/auth',
    maxAge: MAX_AGE_S,
  });
}
