import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { abrirStream, fecharStream, tocarStream } from '../../db/queries/eventos';
import type { Me } from '../../schemas/auth';
import { currentSessionUser } from '../auth/session';
import { type AppEnv, currentUser } from '../context';
import { route } from '../contract';
import { type Evento, publish } from '../events';
import { RECURSO_PERMISSAO } from '../permissions';

const HEARTBEAT_MS = 25_000;
/**
 * A stream's row not touched for this long is a dead process's (each heartbeat touches it): its slot
 * frees within a minute of the process dying.
 */
export const SSE_EXPIRA_S = 60;
/** The internal event that tells a stream, in whichever process holds it, to close to make room. */
export const SSE_RECURSO = 'eventos-stream';

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
 * At most `sseMaxPorUsuario` streams per user across every server process (table `sse_streams`,
 * one row per open stream, touched on each heartbeat; a dead process's rows stop counting after
 * SSE_EXPIRA_S): a new one closes the user's oldest wherever it is (`encerrado {motivo: "limite"}`,
 * told through the events channel, or at its next heartbeat when it finds its row gone). Closing the oldest rather than refusing the newest with
 * 429, because the oldest is the likeliest to be dead (a phone that lost its connection holds its slot
 * until TCP gives up, many minutes) and because EventSource never retries after an error status, so
 * a refusal would leave the tab the user is looking at without live updates.
 */
const doc = route({
  summary: 'Eventos ao vivo (SSE): { recurso, acao, id } de cada escrita que o usuário pode ver',
  description:
    'Começa com `pronto`, manda `mudanca` após cada escrita confirmada de um recurso que o usuário pode ver e `ping` a cada 25 s. A sessão é conferida de novo a cada minuto no máximo e na hora em que o próprio usuário muda; sessão encerrada fecha o stream com `encerrado {motivo: "sessao"}`. No máximo `SSE_MAX_POR_USUARIO` streams por usuário (10 por padrão): um novo fecha o mais antigo com `encerrado {motivo: "limite"}`.',
  access: 'sessao',
  produces: 'text/event-stream',
});

export const eventosRoutes = new Hono<AppEnv>().get('/', doc, (c) => {
  let me = currentUser(c);
  const deps = c.get('deps');
  const { events, config } = deps;
  const cookie = c.req.header('cookie');
  const streamId = randomUUID();
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
      // Never sent to a browser: a later stream of this user made room by closing this one.
      if (e.recurso === SSE_RECURSO) {
        if (e.id === streamId) end('limite');
        return;
      }
      if (e.recurso === 'usuarios' && (!e.id || e.id === me.id)) {
        void recheck().then(() => deliver(e));
        return;
      }
      // Events behind a check in flight wait for it, so none slips out under the old permissions.
      if (checking) void checking.then(() => deliver(e));
      else deliver(e);
    });
    // This process's count (the cap itself is kept across processes, below).
    const untrack = events.track(me.id, () => end('limite'), Number.POSITIVE_INFINITY);
    try {
      await deps.db.transaction(async (tx) => {
        const cerrar = await abrirStream(tx, {
          id: streamId,
          usuarioId: me.id,
          max: config.sseMaxPorUsuario,
          expiraS: SSE_EXPIRA_S,
        });
        for (const id of cerrar) await publish(tx, SSE_RECURSO, 'removido', id);
      });
    } catch (err) {
      // Without its row the stream would be closed at its first heartbeat: end it now, the browser retries.
      deps.logger.warn({ erro: (err as Error).name }, 'eventos: registro do stream falhou');
      end(null);
    }
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
        if (!open) break;
        await stream.writeSSE({ event: 'ping', data: '{}' });
        // The heartbeat keeps this stream's slot; a row gone means another stream took it.
        if (!(await tocarStream(deps.db, { id: streamId }).catch(() => true))) end('limite');
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
      await fecharStream(deps.db, { id: streamId }).catch((err) =>
        deps.logger.warn({ erro: (err as Error).name }, 'eventos: remoção do stream falhou'),
      );
    }
  });
});
