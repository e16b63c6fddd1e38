import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { loadMe, sessaoMe } from '../../db/queries/usuarios';
import type { AppDeps, AppEnv } from '../context';

interface CookieSettings {
  name: string;
  secret: string;
  /** Better Auth extends a session once `updateAge` of its `expiresIn` has passed. */
  expiresInMs: number;
  updateAgeMs: number;
}
const settings = new WeakMap<AppDeps['auth'], Promise<CookieSettings>>();

function cookieSettings(auth: AppDeps['auth']): Promise<CookieSettings> {
  let s = settings.get(auth);
  if (!s) {
    s = auth.$context.then((ctx) => ({
      name: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    }));
    settings.set(auth, s);
  }
  return s;
}

function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The session token of a cookie value signed as Better Auth signs it (`token.base64(HMAC-SHA256)`),
 * or null when the signature does not match.
 */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The token of the request's session cookie when its signature holds (which session "this" is). */
export async function currentSessionToken(c: Context<AppEnv>): Promise<string | null> {
  const header = c.req.header('cookie');
  if (!header) return null;
  const cfg = await cookieSettings(c.get('deps').auth);
  const value = readCookie(header, cfg.name);
  return value ? verifiedToken(value, cfg.secret) : null;
}

/**
 * Resolves the signed-in user of every /api request from the session cookie. The session row, the
 * user's status and permissions are read from the database each time, never from the cookie.
 *
 * The common case (a valid, current session) is one prepared query; Better Auth's own `getSession`
 * costs about 1 ms of CPU per request, which at 16 connections was most of every response time. Every
 * other case — no such session, expired, due for its sliding extension, or a "don't remember me"
 * cookie — goes to Better Auth, which deletes or extends the session and sets the cookie as it always does.
 */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  c.set('me', null);
  const { auth, db } = c.get('deps');
  const header = c.req.header('cookie');
  if (!header?.includes('session_token')) return next();
  const cfg = await cookieSettings(auth);
  const value = readCookie(header, cfg.name);
  if (value && !header.includes('dont_remember')) {
    const token = verifiedToken(value, cfg.secret);
    // A forged or tampered cookie: Better Auth would also answer "no session" and leave it alone.
    if (!token) return next();
    const row = await sessaoMe(db, { token });
    const now = Date.now();
    const dueForExtension = row && row.expires_at.getTime() - cfg.expiresInMs + cfg.updateAgeMs <= now;
    if (row && row.expires_at.getTime() > now && !dueForExtension) {
      const { expires_at: _, ...me } = row;
      if (me.status === 'ativo') c.set('me', me);
      return next();
    }
  }
  const { headers, response } = await auth.api.getSession({
    headers: c.req.raw.headers,
    returnHeaders: true,
  });
  if (response) {
    const me = await loadMe(db, { authUserId: response.user.id });
    if (me && me.status === 'ativo') c.set('me', me);
  }
  // Better Auth may extend the session (sliding expiry) or clear a dead cookie: pass its cookie on.
  const setCookie = headers?.get('set-cookie');
  await next();
  if (setCookie && !c.res.headers.has('set-cookie')) c.res.headers.append('set-cookie', setCookie);
});

/**
 * The user of a session cookie as the database has it now, or null when the session ended, expired
 * or its user is no longer active. For long-lived requests (the live-update stream) that must notice
 * a change after they started; it never extends a session or sets a cookie.
 */
export async function currentSessionUser(deps: AppDeps, cookieHeader: string | undefined) {
  if (!cookieHeader?.includes('session_token')) return null;
  const cfg = await cookieSettings(deps.auth);
  const value = readCookie(cookieHeader, cfg.name);
  const token = value ? verifiedToken(value, cfg.secret) : null;
  if (!token) return null;
  const row = await sessaoMe(deps.db, { token });
  if (!row || row.expires_at.getTime() <= Date.now() || row.status !== 'ativo') return null;
  const { expires_at: _, ...me } = row;
  return me;
}
