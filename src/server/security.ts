import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from './config';
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
 * The origins (scheme + host + port) that are this site: the configured public one and
 * TRUSTED_ORIGINS. While PUBLIC_URL is left at its default (http://localhost:PORT, a development or
 * single-machine setup), the other loopback spellings of the same port are this site too.
 */
export function allowedOrigins(
  config: Pick<Config, 'publicUrl' | 'publicUrlDefault' | 'trustedOrigins' | 'port'>,
) {
  const out = new Set<string>();
  const add = (u: string) => {
    try {
      const o = new URL(u).origin;
      if (o !== 'null') out.add(o);
    } catch {
      // a malformed TRUSTED_ORIGINS entry trusts nothing
    }
  };
  add(config.publicUrl);
  for (const t of config.trustedOrigins) add(t);
  if (config.publicUrlDefault) {
    for (const h of ['localhost', '127.0.0.1', '[::1]']) add(`http://${h}:${config.port}`);
  }
  return out;
}

/**
 * CSRF: a state-changing request must say it comes from this site. Its Origin header (scheme, host
 * and port) must be one of `allowedOrigins` — never compared with the request's own Host, which the
 * client writes. Browsers that send no Origin must send Sec-Fetch-Site: same-origin. A request with
 * neither is refused.
 */
/**
 * Server-to-server callbacks: no browser, no cookie, so no CSRF to guard against; each proves who sent
 * it by its own signature (the fiscal provider's webhook: X-Hub-Signature, server/fiscal/webhook.ts).
 */
const CALLBACKS = new Set(['/api/fiscal/webhook']);

export function sameOrigin(config: Parameters<typeof allowedOrigins>[0]) {
  const allowed = allowedOrigins(config);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (UNSAFE.has(c.req.method) && !CALLBACKS.has(c.req.path)) {
      const origin = c.req.header('origin');
      let ok = false;
      if (origin && origin !== 'null') {
        try {
          ok = allowed.has(new URL(origin).origin);
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

const NUL = '\u0000';
const nulRefused = () =>
  new HttpError(400, 'Dados inválidos', 'A requisição contém um caractere inválido (NUL).');

function hasNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes(NUL);
  if (!v || typeof v !== 'object') return false;
  if (depth > 64) return true; // the text has a \u0000 escape and no field of this API nests so deep
  if (Array.isArray(v)) return v.some((x) => hasNul(x, depth + 1));
  for (const [k, x] of Object.entries(v)) if (k.includes(NUL) || hasNul(x, depth + 1)) return true;
  return false;
}

/**
 * PostgreSQL cannot store a NUL character in text (it fails the statement), and no field of this API
 * has a use for one: a NUL in the path, the query string or a JSON body is refused here with a 400,
 * before any route sees it. Runs after the body limit, so at most 1 MB is read; the route reads the
 * body again from its clone.
 */
/** An uploaded file (the logo): bytes, where a zero byte is data, read by no text field. */
const binaryBody = (type: string | undefined) =>
  !!type && /^(image\/|multipart\/form-data|application\/octet-stream)/i.test(type);

export const refuseNul = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  // In a URL a NUL can only be spelled %00; URLSearchParams decodes leniently (never throws).
  if (/%00/.test(url.pathname)) throw nulRefused();
  for (const [k, v] of url.searchParams) if (k.includes(NUL) || v.includes(NUL)) throw nulRefused();
  if (c.req.raw.body && UNSAFE.has(c.req.method) && !binaryBody(c.req.header('content-type'))) {
    const text = await c.req.raw.clone().text();
    if (text.includes(NUL)) throw nulRefused();
    // JSON spells NUL as an escape (\u0000); only a parsed value says whether it is one.
    if (/\\u0000/i.test(text)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined; // bad JSON: the route answers its own 400
      }
      if (hasNul(parsed)) throw nulRefused();
    }
  }
  await next();
});

/**
 * One structured record per request (pino, JSON): the raw path as a JSON string (a %0a in it is
 * escaped, never a new line), never the query string (search text is personal data), never a body,
 * and the user's id rather than their e-mail.
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const start = performance.now();
  await next();
  const { config, logger } = c.get('deps');
  if (!config.logRequests) return;
  let path: string;
  try {
    path = new URL(c.req.url).pathname;
  } catch {
    path = c.req.path;
  }
  logger.info(
    {
      req: c.get('requestId'),
      method: c.req.method,
      path,
      status: c.res.status,
      ms: Math.round((performance.now() - start) * 10) / 10,
      usuario: c.get('me')?.id ?? null,
    },
    'requisição',
  );
});
