import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../client';
import { osFotos, usuarios } from '../../schema';
import { lookup } from '../common';

// A work order's photos and signatures.

export async function insertFoto(
  tx: Executor,
  p: { osId: string; etapaId: string; tipo: 'foto' | 'assinatura'; mime: string; bytes: Buffer; por: string },
) {
  const [r] = await tx
    .insert(osFotos)
    .values({
      os_id: p.osId,
      etapa_id: p.etapaId,
      tipo: p.tipo,
      mime: p.mime,
      tamanho: p.bytes.byteLength,
      bytes: p.bytes,
      created_by: p.por,
    })
    .returning({ id: osFotos.id, created_at: osFotos.created_at });
  return r!;
}

export function listFotos(db: Executor, p: { osId: string }) {
  return db
    .select({
      id: osFotos.id,
      etapa_id: osFotos.etapa_id,
      tipo: osFotos.tipo,
      mime: osFotos.mime,
      tamanho: osFotos.tamanho,
      created_at: osFotos.created_at,
      created_by_nome: lookup<string>(usuarios.nome, usuarios.id, osFotos.created_by),
    })
    .from(osFotos)
    .where(eq(osFotos.os_id, p.osId))
    .orderBy(asc(osFotos.created_at));
}

export async function getFoto(db: Executor, p: { osId: string; id: string }) {
  const [r] = await db
    .select({ mime: osFotos.mime, bytes: osFotos.bytes, etapa_id: osFotos.etapa_id })
    .from(osFotos)
    .where(and(eq(osFotos.id, p.id), eq(osFotos.os_id, p.osId)));
  return r;
}
