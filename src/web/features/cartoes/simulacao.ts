import { cents, dec, percentOf, toMoney } from '../../../domain/money';
import { type CardRates, computeCardRate } from '../../../domain/pricing';

import { decimalText } from '../../lib/decimal';
import type { CartaoOpcao } from '../../lib/resources';

/** Spec doc 2 §2: the simulator shows credit at 1x, 2x, 3x, 6x and 12x. */
export const PARCELAS_SIMULADAS = [1, 2, 3, 6, 12] as const;

export interface LinhaSimulacao {
  /** null for a debit (single, à vista) payment. */
  parcelas: number | null;
  /** Rate in percent, as the rule of doc 1 §5 picked it. */
  taxa: number;
  valor_taxa: number;
  valor_liquido: number;
}

/** "1.000,00" / "1000.5" → "1000.00"-style decimal text, or null when it is not an amount of money. */
export function parseValor(texto: string): string | null {
  const s = decimalText(texto);
  return /^\d{1,12}(\.\d{1,2})?$/.test(s) ? s : null;
}

/**
 * Fee and net value of a sale of `valor` with a payment method, with the quote's own rate rule
 * (debit: taxa; credit: taxa_{n}x, else taxa_1x, else taxa) and decimal arithmetic rounded half-up to
 * cents, exactly as the server computes a sale.
 */
export function simular(valor: string, cartao: CartaoOpcao): LinhaSimulacao[] {
  const bruto = cents(dec(valor));
  const rates: CardRates = cartao; // a payment method carries the rates the rule reads
  const linha = (parcelas: number | null): LinhaSimulacao => {
    const rate = computeCardRate(rates, parcelas === null ? 'avista' : 'parcelado', parcelas ?? 1);
    const taxa = cents(percentOf(bruto, rate));
    return {
      parcelas,
      taxa: Number(rate.toString()),
      valor_taxa: toMoney(taxa),
      valor_liquido: toMoney(bruto.minus(taxa)),
    };
  };
  return cartao.tipo === 'Débito' ? [linha(null)] : PARCELAS_SIMULADAS.map((n) => linha(n));
}
