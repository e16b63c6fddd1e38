import type { Executor } from '../../db/client';
import { type ChapaRow, type getChapa, numeroDaOs, setSituacao } from '../../db/queries/chapas';
import { numbersOut } from '../../db/queries/common';
import { rowSchema } from '../../db/row-schema';
import { chapas } from '../../db/schema';
import { areaM2 } from '../../domain/chapas';
import { STATUS_CHAPA_LABEL } from '../../schemas/chapas';
import { z } from '../../schemas/z';
import { conflict, staleWrite } from '../errors';
import { publish } from '../events';

type Lida = NonNullable<Awaited<ReturnType<typeof getChapa>>>;

/** A slab as written (`chapaOut` of a bare row, e.g. the entry's new slabs): the table's row and its area. */
export const chapaLinhaSchema = rowSchema(chapas).extend({ area_m2: z.number() });

/** A slab as read (`chapaOut` of `getChapa`): the row, the names it shows, its area and photos. */
export const chapaSchema = chapaLinhaSchema.extend({
  produto_nome: z.string().nullable(),
  fornecedor_nome: z.string().nullable(),
  os_numero: z.number().nullable(),
  origem_codigo: z.string().nullable(),
  foto_id: z.string().nullable(),
  fotos: z.number(),
});

/** A slab as the API answers it (Estoque and the work order's slabs): money as a number, its area in m². */
export const chapaOut = (r: Lida | ChapaRow) => ({
  ...(numbersOut(r as Record<string, unknown>, ['custo']) as unknown as Omit<Lida, 'custo'> & {
    custo: number;
  }),
  area_m2: Number(areaM2(r)),
});

/** Read inside the holding transaction (`tx`): on PGlite another connection would wait for it. */
export async function osReservada(tx: Executor, cur: Pick<ChapaRow, 'ordem_servico_id'>) {
  const n = cur.ordem_servico_id ? await numeroDaOs(tx, { id: cur.ordem_servico_id }) : null;
  return n === null ? 'outra ordem de serviço' : `a OS ${n}`;
}

/**
 * Reserves a slab for an open work order (Estoque's "Reservar" and a saved cutting plan). `cur` is the
 * slab read under its row lock (`lockChapa`/`lockChapas`): of two reservations at once, the second
 * reads the first's. Already this OS's: nothing to do. Another OS's, or not available: 409 naming why.
 * `updatedAt`: the version the user saw, when the user chose this very slab.
 */
export async function reservarChapa(
  tx: Executor,
  p: { cur: ChapaRow; os: { id: string }; updatedAt?: string },
): Promise<void> {
  const { cur, os } = p;
  if (cur.status === 'reservada' && cur.ordem_servico_id === os.id) return;
  if (cur.status === 'reservada')
    throw conflict(
      'Chapa reservada',
      `A chapa ${cur.codigo} já está reservada para ${await osReservada(tx, cur)}.`,
    );
  if (cur.status !== 'disponivel')
    throw conflict(
      'Chapa indisponível',
      `A chapa ${cur.codigo} está ${STATUS_CHAPA_LABEL[cur.status].toLowerCase()}.`,
    );
  if (p.updatedAt !== undefined && cur.updated_at.getTime() !== new Date(p.updatedAt).getTime())
    throw staleWrite();
  await setSituacao(tx, { id: cur.id, status: 'reservada', ordemServicoId: os.id });
  await publish(tx, 'chapas', 'atualizado', cur.id);
}
