import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './context';
import { HttpError } from './errors';

export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Toasts and charts inject <style> elements; scripts stay strictly same-origin.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  xContentTypeOptions: 'nosniff',
  referrerPolicy: 'same-origin',
  crossOriginEmbedderPolicy: false,
});

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF: a state-changing request must say it comes from this site, by its Origin header (or, from
 * browsers that send no Origin, Sec-Fetch-Site). A request with neither is refused.
 */
export function sameOrigin(trusted: string[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (UNSAFE.has(c.req.method)) {
      const origin = c.req.header('origin');
      const host =
        (process.env.TRUST_PROXY === '1' && c.req.header('x-forwarded-host')) || c.req.header('host');
      let ok = false;
      if (origin && origin !== 'null') {
        try {
          ok = new URL(origin).host === host || trusted.includes(origin);
        } catch {
          ok = false;
        }
      } else {
        ok = c.req.header('sec-fetch-site') === 'same-origin';
      }
      if (!ok) throw new HttpError(403, 'Origem não permitida', 'Requisição recusada: origem não permitida.');
    }
    await next();
  });
}

/** One line per request with its id; never a body, so never a password. */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const start = performance.now();
  await next();
  if (!c.get('deps').config.logRequests) return;
  const ms = (performance.now() - start).toFixed(1);
  const user = c.get('me')?.email ?? '-';
  console.log(`[req ${c.get('requestId')}] ${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms ${user}`);
});
