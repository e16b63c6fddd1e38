import { createMiddleware } from 'hono/factory';
import { loadMe } from '../../db/queries/usuarios';
import type { AppEnv } from '../context';

/**
 * Resolves the signed-in user of every /api request from the session cookie. The session row, the
 * user's status and permissions are read from the database each time, never from the cookie.
 */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  c.set('me', null);
  const { auth, db } = c.get('deps');
  if (c.req.header('cookie')?.includes('lavra.session_token')) {
    const { headers, response } = await auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    if (response) {
      const me = await loadMe(db, response.user.id);
      if (me && me.status === 'ativo') c.set('me', me);
    }
    // Better Auth may extend the session (sliding expiry): pass its cookie on.
    const setCookie = headers?.get('set-cookie');
    await next();
    if (setCookie && !c.res.headers.has('set-cookie')) c.res.headers.append('set-cookie', setCookie);
    return;
  }
  await next();
});
