import type { OrcamentoItemDetalhe } from '../../../schemas/orcamentos';
import { formatNumber } from '../../lib/format';

/** "2,5 x 0,6 = 1,5 m²", or just the area when the measures are missing (spec doc 1 §2). */
export function medidasTexto(i: Pick<OrcamentoItemDetalhe, 'medida1' | 'medida2' | 'area'>): string {
  const area = i.area ?? 0;
  if (i.medida1 && i.medida2) {
    return `${formatNumber(i.medida1)} x ${formatNumber(i.medida2)} = ${formatNumber(area)} m²`;
  }
  return area > 0 ? `${formatNumber(area)} m²` : '';
}
