// A line of what the customer receives (PDF and public page) as "quantity × price = total", each figure
// meaning what its unit says. An m² line is priced per m² (the extras spread into it) when some price in
// cents times its m² rounds to its total exactly; with more than 1 m² the cents of the price step the
// product by more than a cent, so often none does. Then the line is priced per piece (total ÷ pieces,
// exact in cents), and when even that leaves a remainder, as one set of its pieces. Never a price that
// a customer multiplies into another total.
import Big from 'big.js';
import { cents, type Decimalish, dec } from './money';

export type BaseLinha = 'm²' | 'peça' | 'un.' | 'conjunto';

export interface LinhaCliente {
  base: BaseLinha;
  /** How many of `base`: m² (area × pieces), pieces, units, or 1 set. */
  quantidade: Big;
  /** Price per `base`, in cents: round2(quantidade × preco) = total. */
  preco: Big;
  /** Pieces in the set (only for `conjunto`). */
  pecas?: number;
}

export interface LinhaClienteInput {
  tipo_unidade: 'm²' | 'unitário';
  /** Area of one piece (m²). */
  area: Decimalish | null | undefined;
  quantidade: Decimalish;
  /** The line's customer total (extras spread in). */
  total: Decimalish;
}

/** A price in cents whose product with `q`, rounded to cents, is `total`; undefined when none is. */
function precoExato(total: Big, q: Big): Big | undefined {
  if (!q.gt(0)) return undefined;
  const guess = cents(total.div(q));
  for (const p of [guess, guess.minus('0.01'), guess.plus('0.01')]) {
    if (p.gte(0) && cents(q.times(p)).eq(total)) return p;
  }
  return undefined;
}

export function linhaCliente(i: LinhaClienteInput): LinhaCliente {
  const total = cents(i.total);
  const pecas = dec(i.quantidade);
  if (i.tipo_unidade === 'm²') {
    const m2 = dec(i.area).times(pecas);
    const porM2 = precoExato(total, m2);
    if (porM2) return { base: 'm²', quantidade: m2, preco: porM2 };
  }
  const base: BaseLinha = i.tipo_unidade === 'm²' ? 'peça' : 'un.';
  // per piece/unit only when exact: total ÷ pieces with no remainder in cents
  if (pecas.gt(0) && total.div(pecas).eq(cents(total.div(pecas)))) {
    return { base, quantidade: pecas, preco: total.div(pecas) };
  }
  return { base: 'conjunto', quantidade: new Big(1), preco: total, pecas: Number(pecas) };
}
