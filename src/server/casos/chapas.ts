import type { ChapaRow, getChapa } from '../../db/queries/chapas';
import { numbersOut } from '../../db/queries/common';
import { areaM2 } from '../../domain/chapas';

type Lida = NonNullable<Awaited<ReturnType<typeof getChapa>>>;

/** A slab as the API answers it (Estoque and the work order's slabs): money as a number, its area in m². */
export const chapaOut = (r: Lida | ChapaRow) => ({
  ...(numbersOut(r as Record<string, unknown>, ['custo']) as unknown as Omit<Lida, 'custo'> & {
    custo: number;
  }),
  area_m2: Number(areaM2(r)),
});
