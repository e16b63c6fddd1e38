import Big from 'big.js';

// Money is decimal end to end: values come from the database as strings ("1234.50") and leave as
// numbers already rounded to cents, so no binary-float arithmetic ever touches a figure.
export type Decimalish = Big | string | number;

Big.RM = Big.roundHalfUp;
Big.DP = 20;

export const ZERO = new Big(0);

export function dec(v: Decimalish | null | undefined): Big {
  if (v === null || v === undefined || v === '') return ZERO;
  if (v instanceof Big) return v;
  return new Big(v);
}

/** Rounds half-up to cents (the spec's "rounded to 2 decimals"). */
export function cents(v: Decimalish): Big {
  return dec(v).round(2, Big.roundHalfUp);
}

/** A cents-rounded figure as the JSON number the API answers. */
export function toMoney(v: Decimalish): number {
  return Number(cents(v).toFixed(2));
}

/** A cents-rounded figure as the string a numeric(14,2) column takes. */
export function toDbMoney(v: Decimalish): string {
  return cents(v).toFixed(2);
}

/** v × pct / 100, unrounded. */
export function percentOf(v: Decimalish, pct: Decimalish): Big {
  return dec(v).times(dec(pct)).div(100);
}

export function sum(values: Decimalish[]): Big {
  return values.reduce<Big>((acc, v) => acc.plus(dec(v)), ZERO);
}

/**
 * "R$ 1.234,56" from a decimal, exactly (no float): for documents the server writes (PDFs); screens
 * format with web/lib/format.ts.
 */
export function moneyText(v: Decimalish): string {
  const c = cents(v);
  const [int, frac] = c.abs().toFixed(2).split('.');
  return `${c.lt(0) ? '-' : ''}R$ ${int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${frac}`;
}
