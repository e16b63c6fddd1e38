import type { AnyColumn, SQL } from 'drizzle-orm';
import { searchDigits } from './common';

/**
 * Digits-insensitive search on a CPF/CNPJ column, used only when the text typed looks like a
 * document ("529.982", "52998224725", "11.222.333/0001"): a name with a number in it ("Loja 2")
 * must not also match every document containing that digit.
 */
export function searchDocumento(q: string | undefined, column: AnyColumn): SQL | undefined {
  if (!q || !/^[\d.\-/\s]+$/.test(q)) return undefined;
  return searchDigits(q, column);
}
