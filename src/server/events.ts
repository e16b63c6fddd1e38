import { type Database, EVENTS_CHANNEL, type Executor } from '../db/client';
import { notificarEvento, notificarEventoSql } from '../db/queries/eventos';

/**
 * `aprovado`, `alteracao` and `bloqueado` are the customer's doings on a quote's link (routes/publico.ts):
 * open screens refresh as for `atualizado` and also tell the staff ("Orçamento #N aprovado pelo cliente").
 */
export type Acao = 'criado' | 'atualizado' | 'removido' | 'aprovado' | 'alteracao' | 'bloqueado';
export interface Evento {
  recurso: string;
  acao: Acao;
  id?: string;
  /** The quote's number, on the customer's events (the toast names it). */
  numero?: number;
}

/**
 * Announces a write. Called inside the write's transaction: PostgreSQL delivers a NOTIFY only when
 * the transaction commits, so a rolled-back write announces nothing. Every server instance LISTENs,
 * so a browser connected to any instance hears writes made through any other.
 */
export async function publish(
  tx: Executor,
  recurso: string,
  acao: Acao,
  id?: string,
  numero?: number,
): Promise<void> {
  const payload: Evento = { recurso, acao, ...(id ? { id } : {}), ...(numero ? { numero } : {}) };
  await notificarEvento(tx, { payload: JSON.stringify(payload) });
}

/** The same announcement as an SQL expression, for a write done in one statement (`id` is SQL). */
export function publishSql(recurso: string, acao: Acao) {
  return notificarEventoSql({ recurso, acao });
}

type Listener = (e: Evento) => void;

export class EventHub {
  private listeners = new Set<Listener>();
  private stop?: () => Promise<void>;

  async start(database: Database) {
    this.stop = await database.listen(EVENTS_CHANNEL, (payload) => {
      let evento: Evento;
      try {
        evento = JSON.parse(payload) as Evento;
      } catch {
        return;
      }
      for (const l of this.listeners) l(evento);
    });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private shutdownHooks = new Set<() => void>();

  /** Registers how to end one open SSE stream when the server shuts down; returns the unregister. */
  onShutdown(end: () => void): () => void {
    this.shutdownHooks.add(end);
    return () => this.shutdownHooks.delete(end);
  }

  /** Ends every open SSE stream (graceful shutdown: browsers reconnect, to another instance if any). */
  endStreams() {
    for (const end of this.shutdownHooks) end();
    this.shutdownHooks.clear();
  }

  get size() {
    return this.listeners.size;
  }

  /** Open live-update streams per user id, oldest first (a Set keeps insertion order). */
  private streams = new Map<string, Set<() => void>>();

  /**
   * Counts an open stream of a user; when the user already holds `max`, the oldest are closed (their
   * `close` is called) to make room. Returns the function that forgets the stream when it ends.
   */
  track(userId: string, close: () => void, max: number): () => void {
    let open = this.streams.get(userId);
    if (!open) {
      open = new Set();
      this.streams.set(userId, open);
    }
    const mine = open;
    for (const oldest of mine) {
      if (mine.size < max) break;
      mine.delete(oldest);
      oldest();
    }
    mine.add(close);
    return () => {
      mine.delete(close);
      if (!mine.size && this.streams.get(userId) === mine) this.streams.delete(userId);
    };
  }

  /** How many streams a user holds open on this instance. */
  streamsOf(userId: string): number {
    return this.streams.get(userId)?.size ?? 0;
  }

  async close() {
    this.listeners.clear();
    await this.stop?.();
  }
}
