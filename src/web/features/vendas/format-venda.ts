import { STATUS_VENDA_LABEL, TIPO_VENDA_LABEL } from '../../../schemas/vendas';
import { formatMoney, formatPercent } from '../../lib/format';
import type { Venda } from '../../lib/resources';

/** "5,5%" from the stored fraction 0.055 (display only; the figures come from the server). */
export function taxaPercent(v: Pick<Venda, 'taxa_cartao'>): string {
  return formatPercent(Math.round(v.taxa_cartao * 1_000_000) / 10_000);
}

export function cartaoLabel(v: Pick<Venda, 'cartao_bandeira' | 'cartao_tipo'>): string | null {
  if (!v.cartao_bandeira) return null;
  return [v.cartao_bandeira, v.cartao_tipo].filter(Boolean).join(' - ');
}

/** How the customer pays, in words: "Entrada de R$ 500,00 + 3x (R$ 1.500,00) — Cartão - Crédito". */
export function formaPagamento(v: Venda): string {
  let text: string = TIPO_VENDA_LABEL[v.tipo_venda] ?? v.tipo_venda;
  if (v.tipo_venda === 'parcelado')
    text = `Parcelado em ${v.numero_parcelas}x (${formatMoney(v.valor_parcelas)})`;
  if (v.tipo_venda === 'entrada') {
    text = `Entrada de ${formatMoney(v.valor_entrada)} + ${v.numero_parcelas}x (${formatMoney(v.valor_parcelas)})`;
  }
  const cartao = cartaoLabel(v);
  return cartao ? `${text} — ${cartao}` : text;
}

export const statusLabel = (s: Venda['status']) => STATUS_VENDA_LABEL[s] ?? s;

export const STATUS_BADGE = { confirmada: 'blue', paga: 'green', cancelada: 'red' } as const;
