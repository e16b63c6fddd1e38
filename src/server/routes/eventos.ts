import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Me } from '../../schemas/auth';
import { currentSessionUser } from '../auth/session';
import { type AppEnv, currentUser } from '../context';
import { route } from '../contract';
import type { Evento } from '../events';
import { RECURSO_PERMISSAO } from '../permissions';

const HEARTBEAT_MS = 25_000;

/** Why the server ended a stream (the last event it sends, `encerrado`). */
export type MotivoEncerrado = 'sessao' | 'limite';

function maySee(me: Me, e: Evento): boolean {
  // Own keys only: a `recurso` is never looked up on Object.prototype.
  const perm = Object.hasOwn(RECURSO_PERMISSAO, e.recurso) ? RECURSO_PERMISSAO[e.recurso] : undefined;
  // Installers (a user linked to an employee) follow their own jobs without the Produção screen.
  if (e.recurso === 'producao' && me.funcionario_id) return true;
  return !perm || me.permissoes.includes(perm);
}

/**
 * Server-Sent Events: `{ recurso, acao, id }` after each committed write the user may see.
 *
 * A stream lives for hours, so it does not trust what was true when it opened: it re-reads its
 * session every `sseRecheckMs` (at most a minute) and at once on any change of its own user (a
 * `usuarios` event with its id: deactivation, permissions, password). A session that ended (signed
 * out, deactivated, password reset) closes the stream with `event: encerrado {motivo: "sessao"}`;
 * changed permissions filter the very next event.
 *
 * At most `sseMaxPorUsuario` streams per user and server instance: a new one closes the user's
 * oldest (`encerrado {motivo: "limite"}`). Closing the oldest rather than refusing the newest with
 * 429, because the oldest is the likeliest to be dead (a phone that lost its connection holds its slot
 * until TCP gives up, many minutes) and because EventSource never retries after an error status, so
 * a refusal would leave the tab the user is looking at without live updates.
 */
const doc = route({
  summary: 'Eventos ao vivo (SSE): { recurso, acao, id } de cada escrita que o usuário pode ver',
  access: 'sessao',
  produces: 'text/event-stream',
});

export const eventosRoutes = new Hono<AppEnv>().get('/', doc, (c) => {
  let me = currentUser(c);
  const deps = c.get('deps');
  const { events, config } = deps;
  const cookie = c.req.header('cookie');
  return streamSSE(c, async (stream) => {
    let open = true;
    let motivo: MotivoEncerrado | null = null;
    let wake = () => {};
    const end = (why: MotivoEncerrado | null) => {
      if (!open) return;
      open = false;
      motivo = why;
      wake();
    };

    let checking: Promise<void> | null = null;
    const recheck = () => {
      checking ??= (async () => {
        try {
          const fresh = await currentSessionUser(deps, cookie);
          if (fresh) me = fresh;
          else end('sessao');
        } catch (err) {
          // The database did not answer: keep the stream, the next check decides.
          deps.logger.warn({ erro: (err as Error).name }, 'eventos: verificação da sessão falhou');
        } finally {
          checking = null;
        }
      })();
      return checking;
    };

    const deliver = (e: Evento) => {
      if (!open || !maySee(me, e)) return;
      stream.writeSSE({ event: 'mudanca', data: JSON.stringify(e) }).catch(() => end(null));
    };
    const unsubscribe = events.subscribe((e) => {
      if (e.recurso === 'usuarios' && (!e.id || e.id === me.id)) {
        void recheck().then(() => deliver(e));
        return;
      }
      // Events behind a check in flight wait for it, so none slips out under the old permissions.
      if (checking) void checking.then(() => deliver(e));
      else deliver(e);
    });
    const untrack = events.track(me.id, () => end('limite'), config.sseMaxPorUsuario);
    const timer = setInterval(() => void recheck(), config.sseRecheckMs);
    stream.onAbort(() => end(null));
    // A server shutting down ends every stream (the browser reconnects to another instance).
    const unregister = events.onShutdown(() => end(null));

    try {
      await stream.writeSSE({ event: 'pronto', data: '{}' });
      while (open) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, HEARTBEAT_MS);
          wake = () => {
            clearTimeout(t);
            resolve();
          };
        });
        if (open) await stream.writeSSE({ event: 'ping', data: '{}' });
      }
      if (motivo && !stream.aborted) {
        await stream.writeSSE({ event: 'encerrado', data: JSON.stringify({ motivo }) });
      }
    } finally {
      open = false;
      clearInterval(timer);
      unsubscribe();
      untrack();
      unregister();
    }
  });
});
