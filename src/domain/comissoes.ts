import { type Decimalish, dec, percentOf, toMoney } from './money';

type MaybeDecimal = Decimalish | null | undefined;

/** Per-sale commission as the reports compute it in SQL; this is the reference the tests hold them to. */
export function comissaoVenda(
  valor_bruto: Decimalish,
  valor_taxa: MaybeDecimal,
  percentual: MaybeDecimal,
): number {
  return toMoney(percentOf(dec(valor_bruto).minus(dec(valor_taxa)), dec(percentual)));
}
