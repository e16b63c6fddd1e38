import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { auditContext } from './audit-context';
import { authRoutes } from './auth/routes';
import { sessionMiddleware } from './auth/session';
import type { AppDeps, AppEnv } from './context';
import { HttpError, problem, toHttpError } from './errors';
import { apiRoutes } from './routes';
import { eventosRoutes } from './routes/eventos';
import { healthRoutes } from './routes/health';
import { requestLog, sameOrigin, securityHeaders } from './security';

export const MAX_BODY_BYTES = 1024 * 1024;

/** The HTTP application: /api and, when `web` is given, the built single-page app. */
export function createApp(deps: AppDeps, web?: (app: Hono<AppEnv>) => void) {
  const app = new Hono<AppEnv>();

  app.use('*', requestId(), async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', securityHeaders);
  app.use('/api/*', requestLog);
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('cache-control', 'no-store');
  });
  app.use('/api/*', sameOrigin(deps.config.trustedOrigins));
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        problem(
          c,
          new HttpError(413, 'Requisição muito grande', 'O corpo da requisição passa do limite de 1 MB.'),
        ),
    }),
  );
  app.use('/api/*', sessionMiddleware);
  app.use('/api/*', auditContext);

  app.route('/api/health', healthRoutes);
  app.route('/api/auth', authRoutes);
  app.route('/api/eventos', eventosRoutes);
  for (const [path, router] of apiRoutes) app.route(`/api/${path}`, router);

  app.all('/api/*', (c) => problem(c, new HttpError(404, 'Não encontrado', 'Rota da API inexistente.')));

  app.onError((err, c) => {
    const http = toHttpError(err);
    if (http) return problem(c, http);
    console.error(`[req ${c.get('requestId')}] erro interno`, err);
    return problem(c, new HttpError(500, 'Erro interno', 'Ocorreu um erro inesperado.'));
  });

  web?.(app);
  return app;
}
