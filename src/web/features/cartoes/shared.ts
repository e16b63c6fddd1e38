import { PARCELAS, TAXAS_PARCELA } from '../../../schemas/cartoes';
import { formatPercent } from '../../lib/format';
import type { Cartao } from '../../lib/resources';

export const nomeCartao = (c: Pick<Cartao, 'bandeira' | 'tipo'>) => `${c.bandeira} · ${c.tipo}`;

/** The rates a method has, as short text ("1x 3,5% · 2x 4%"); debit shows its single rate. */
export function taxasResumo(c: Cartao): string {
  if (c.tipo === 'Débito') return c.taxa === null ? '—' : formatPercent(c.taxa);
  const partes = PARCELAS.flatMap((n, i) => {
    const v = c[TAXAS_PARCELA[i]!];
    return v === null || v === undefined ? [] : [`${n}x ${formatPercent(v)}`];
  });
  return partes.length ? partes.join(' · ') : c.taxa === null ? '—' : formatPercent(c.taxa);
}
