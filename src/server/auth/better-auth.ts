import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../../db/client';
import { authAccount, authSession, authUser, authVerification } from '../../db/schema';

export const SESSION_DAYS = 7;

/**
 * Better Auth keeps accounts, password hashes and sessions in the database, so any server instance
 * can serve any request. Sign-up through Better Auth is off: accounts are created only by an
 * administrator (routes/usuarios) or by the first start (bootstrap).
 */
export function createAuth(db: Db, opts: { secret: string; baseURL: string; trustedOrigins: string[] }) {
  return betterAuth({
    appName: 'Lavra',
    secret: opts.secret,
    baseURL: opts.baseURL,
    basePath: '/api/auth/ba', // never mounted: Lavra calls Better Auth's API from its own routes
    trustedOrigins: opts.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification },
    }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 8, maxPasswordLength: 128 },
    session: {
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      updateAge: 60 * 60 * 24,
      // No cookie cache: every request reads the session row, so deactivating a user ends it at once.
      cookieCache: { enabled: false },
    },
    // Lavra's login route counts failures in the database itself (works across instances).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'lavra',
      useSecureCookies: opts.baseURL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: () => randomUUID() },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
