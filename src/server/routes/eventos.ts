import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { type AppEnv, currentUser } from '../context';
import { route } from '../contract';
import { RECURSO_PERMISSAO } from '../permissions';

const HEARTBEAT_MS = 25_000;

const doc = route({
  summary: 'Eventos ao vivo (SSE): { recurso, acao, id } de cada escrita que o usuário pode ver',
  access: 'sessao',
  produces: 'text/event-stream',
});

/** Server-Sent Events: `{ recurso, acao, id }` after each committed write the user may see. */
export const eventosRoutes = new Hono<AppEnv>().get('/', doc, (c) => {
  const me = currentUser(c);
  const { events } = c.get('deps');
  return streamSSE(c, async (stream) => {
    const unsubscribe = events.subscribe((e) => {
      const perm = RECURSO_PERMISSAO[e.recurso];
      if (perm && !me.permissoes.includes(perm)) return;
      void stream.writeSSE({ event: 'mudanca', data: JSON.stringify(e) });
    });
    let alive = true;
    stream.onAbort(() => {
      alive = false;
      unsubscribe();
    });
    await stream.writeSSE({ event: 'pronto', data: '{}' });
    while (alive) {
      await stream.sleep(HEARTBEAT_MS);
      if (alive) await stream.writeSSE({ event: 'ping', data: '{}' });
    }
  });
});
