import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { chavesIdempotencia } from '../schema';

/** One key's primary key: the signed-in user, the path and the client's key (the method is POST). */
export interface ChaveIdempotencia {
  usuarioId: string;
  caminho: string;
  chave: string;
}

const pk = (k: ChaveIdempotencia) =>
  and(
    eq(chavesIdempotencia.usuario_id, k.usuarioId),
    eq(chavesIdempotencia.metodo, 'POST'),
    eq(chavesIdempotencia.caminho, k.caminho),
    eq(chavesIdempotencia.chave, k.chave),
  );

/** Deletes the keys older than `horas`. */
export async function purgeChaves(db: Db, p: { horas: number }) {
  await db
    .delete(chavesIdempotencia)
    .where(lt(chavesIdempotencia.created_at, sql`now() - make_interval(hours => ${p.horas}::int)`));
}

/**
 * Reserves the key with INSERT … ON CONFLICT DO NOTHING: of any number of concurrent requests exactly
 * one gets true.
 */
export async function reservarChave(db: Db, p: ChaveIdempotencia & { hashCorpo: string }): Promise<boolean> {
  const reserved = await db
    .insert(chavesIdempotencia)
    .values({
      usuario_id: p.usuarioId,
      metodo: 'POST',
      caminho: p.caminho,
      chave: p.chave,
      hash_corpo: p.hashCorpo,
    })
    .onConflictDoNothing()
    .returning({ chave: chavesIdempotencia.chave });
  return reserved.length > 0;
}

/** The key's row (its body hash and, once stored, the answer), or undefined when it was let go. */
export async function lerChave(db: Db, p: ChaveIdempotencia) {
  const [row] = await db.select().from(chavesIdempotencia).where(pk(p));
  return row;
}

/** Stores the first answer, to be replayed to any retry with the same key. */
export async function guardarResposta(
  db: Db,
  p: ChaveIdempotencia & { status: number; contentType: string | null; resposta: string },
) {
  await db
    .update(chavesIdempotencia)
    .set({ status: p.status, content_type: p.contentType, resposta: p.resposta })
    .where(pk(p));
}

/** Lets the key go (the request failed: a retry may run it again). */
export async function liberarChave(db: Db, p: ChaveIdempotencia) {
  await db.delete(chavesIdempotencia).where(pk(p));
}
