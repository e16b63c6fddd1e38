import { type Decimalish, dec, toMoney } from './money';

/** Cash balance; the SQL computes the sums, this is the reference the tests hold it to. */
export function saldo(
  inicial: Decimalish | null,
  entradas: Decimalish | null,
  saidas: Decimalish | null,
): number {
  return toMoney(dec(inicial).plus(dec(entradas)).minus(dec(saidas)));
}
