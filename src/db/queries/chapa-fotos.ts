import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { chapaFotos } from '../schema';

/** How many photos a slab may have: enough to show both faces and the defects. */
export const MAX_FOTOS_CHAPA = 8;

export async function countChapaFotos(db: Executor, p: { chapaId: string }) {
  const [r] = await db.select({ n: count() }).from(chapaFotos).where(eq(chapaFotos.chapa_id, p.chapaId));
  return r?.n ?? 0;
}

export async function insertChapaFoto(
  tx: Executor,
  p: { chapaId: string; mime: string; bytes: Buffer; por: string },
) {
  const [r] = await tx
    .insert(chapaFotos)
    .values({
      chapa_id: p.chapaId,
      mime: p.mime,
      tamanho: p.bytes.byteLength,
      bytes: p.bytes,
      created_by: p.por,
    })
    .returning({ id: chapaFotos.id, created_at: chapaFotos.created_at });
  return r!;
}

export async function listChapaFotos(db: Executor, p: { chapaId: string }) {
  return db
    .select({ id: chapaFotos.id, tamanho: chapaFotos.tamanho, created_at: chapaFotos.created_at })
    .from(chapaFotos)
    .where(eq(chapaFotos.chapa_id, p.chapaId))
    .orderBy(asc(chapaFotos.created_at), asc(chapaFotos.id));
}

export async function getChapaFoto(db: Executor, p: { chapaId: string; id: string }) {
  const [r] = await db
    .select({ mime: chapaFotos.mime, bytes: chapaFotos.bytes })
    .from(chapaFotos)
    .where(and(eq(chapaFotos.id, p.id), eq(chapaFotos.chapa_id, p.chapaId)));
  return r;
}

export async function deleteChapaFoto(tx: Executor, p: { chapaId: string; id: string }) {
  const r = await tx
    .delete(chapaFotos)
    .where(and(eq(chapaFotos.id, p.id), eq(chapaFotos.chapa_id, p.chapaId)))
    .returning({ id: chapaFotos.id });
  return r.length > 0;
}
