import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { type AppEnv, currentUser } from '../context';
import { RECURSO_PERMISSAO, requireAuth } from '../permissions';

const HEARTBEAT_MS = 25_000;

/** Server-Sent Events: `{ recurso, acao, id }` after each committed write the user may see. */
export const eventosRoutes = new Hono<AppEnv>().get('/', requireAuth, (c) => {
  const me = currentUser(c);
  const { events } = c.get('deps');
  return streamSSE(c, async (stream) => {
    const unsubscribe = events.subscribe((e) => {
      const perm = RECURSO_PERMISSAO[e.recurso];
      if (perm && !me.permissoes.includes(perm)) return;
      void stream.writeSSE({ event: 'mudanca', data: JSON.stringify(e) });
    });
    let alive = true;
    const unregister = events.onShutdown(() => {
      alive = false;
      unsubscribe();
      void stream.close();
    });
    stream.onAbort(() => {
      alive = false;
      unsubscribe();
      unregister();
    });
    await stream.writeSSE({ event: 'pronto', data: '{}' });
    while (alive) {
      await stream.sleep(HEARTBEAT_MS);
      if (alive) await stream.writeSSE({ event: 'ping', data: '{}' });
    }
  });
});
