import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { auditContext } from './audit-context';
import { sessionMiddleware } from './auth/session';
import type { AppDeps, AppEnv } from './context';
import { HttpError, problem, toHttpError } from './errors';
import { safeError } from './log';
import { apiApp } from './routes';
import { registerDocs } from './routes/docs';
import { healthRoutes } from './routes/health';
import { refuseNul, requestLog, sameOrigin, securityHeaders } from './security';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The HTTP application: /api and, when `web` is given, the built single-page app. `check` wraps every
 * /api answer (the test harness passes the response-contract check, testing/response-contract.ts).
 */
export function createApp(
  deps: AppDeps,
  web?: (app: Hono<AppEnv>) => void,
  check?: MiddlewareHandler<AppEnv>,
) {
  const app = new Hono<AppEnv>();
  if (check) app.use('/api/*', check);

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
  app.use('/api/*', sameOrigin(deps.config));
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
  app.use('/api/*', refuseNul);
  app.use('/api/*', sessionMiddleware);
  app.use('/api/*', auditContext);
  // Idempotency-Key: in each route's guard (contract.ts), after its permission check.

  app.route('/api/health', healthRoutes);
  app.route('/api', apiApp);
  registerDocs(app);

  app.all('/api/*', (c) => problem(c, new HttpError(404, 'Não encontrado', 'Rota da API inexistente.')));

  app.onError((err, c) => {
    const http = toHttpError(err, c.req.method);
    if (http) return problem(c, http);
    // Never the error as it is: a failed query's message carries its parameters (names, CPF…).
    deps.logger.error({ req: c.get('requestId'), err: safeError(err) }, 'erro interno');
    return problem(c, new HttpError(500, 'Erro interno', 'Ocorreu um erro inesperado.'));
  });

  web?.(app);
  return app;
}
