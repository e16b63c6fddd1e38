import { formatMedidas, formatMoney, formatNumber, formatPercent } from '../../lib/format';
import type { OrcamentoItemDetalhe, OrcamentoLinha } from '../../lib/resources';

/** "2,50 × 0,60 m = 1,5 m²", or just the area when the measures are missing (spec doc 1 §2). */
export function medidasTexto(i: Pick<OrcamentoItemDetalhe, 'medida1' | 'medida2' | 'area'>): string {
  const area = i.area ?? 0;
  if (i.medida1 && i.medida2) {
    return `${formatMedidas(i.medida1, i.medida2)} = ${formatNumber(area)} m²`;
  }
  return area > 0 ? `${formatNumber(area)} m²` : '';
}

const LADO: Record<OrcamentoItemDetalhe['bordas'][number]['lado'], string> = {
  frente: 'frente',
  fundo: 'fundo',
  esquerda: 'esquerda',
  direita: 'direita',
};

type PecaSalva = Pick<
  OrcamentoItemDetalhe,
  'tipo_unidade' | 'medida1' | 'medida2' | 'bordas' | 'recortes' | 'perda_percentual' | 'faixa'
>;

/** Whether a saved line has anything of issue 14 to show (a drawing and its lines). */
export const temPeca = (i: PecaSalva) =>
  i.tipo_unidade === 'm²' && (i.bordas.length > 0 || i.recortes.length > 0 || !!i.faixa);

/**
 * One line per finish and cutout of a saved line, with the prices saved with it, plus its loss and
 * the side a strip follows: what details and printout list under the piece's drawing.
 */
export function pecaLinhas(i: PecaSalva): string[] {
  const lado = (l: keyof typeof LADO) =>
    formatNumber(l === 'frente' || l === 'fundo' ? (i.medida1 ?? 0) : (i.medida2 ?? 0));
  return [
    ...(i.faixa
      ? [
          `${i.faixa.tipo === 'saia' ? 'Saia' : 'Frontão'} ao longo do lado ${LADO[i.faixa.lado]} do item ${i.faixa.item + 1}`,
        ]
      : []),
    ...i.bordas.map(
      (b) => `Borda ${LADO[b.lado]} (${lado(b.lado)} m): ${b.nome} — ${formatMoney(b.valor_ml)}/m`,
    ),
    ...i.recortes.map((r) => `Recorte: ${r.nome} × ${r.quantidade} — ${formatMoney(r.valor)} cada`),
    ...(i.perda_percentual > 0 ? [`Perda: ${formatPercent(i.perda_percentual)}`] : []),
  ];
}

/**
 * What the history shows of a quote's pieces, from the figures the list answers (`resumo_pecas`):
 * "2 itens · 3 m de acabamento · 1 recorte". A quote saved before edges and cutouts were priced
 * (or one without them) shows just its item count.
 */
export function resumoPecasTexto(r: OrcamentoLinha['resumo_pecas']): string {
  const partes = [r.itens === 1 ? '1 item' : `${r.itens} itens`];
  if (r.metros_borda > 0) partes.push(`${formatNumber(r.metros_borda)} m de acabamento`);
  if (r.recortes > 0) partes.push(r.recortes === 1 ? '1 recorte' : `${r.recortes} recortes`);
  return partes.join(' · ');
}
