import { describe, expect, it } from 'vitest';
import { comissaoVenda } from './comissoes';

/** What a commission is charged on: the gross value less the card fee (the commission at 100 %). */
const baseComissao = (valor_bruto: string, valor_taxa: string | null) =>
  comissaoVenda(valor_bruto, valor_taxa, 100);

describe('comissoes', () => {
  it('takes the commission on gross less card fee', () => {
    expect(baseComissao('1000.00', '35.00')).toBe(965); // 1000.00 − 35.00
    expect(comissaoVenda('1000.00', '35.00', '5')).toBe(48.25); // 965.00 × 5% = 48.25
    // the full example sale: (4753.79 − 213.92) × 5% = 4539.87 × 0.05 = 226.9935 → 226.99
    expect(comissaoVenda('4753.79', '213.92', '5')).toBe(226.99);
  });
  it('counts a missing fee as 0', () => {
    expect(baseComissao('500.00', null)).toBe(500);
    expect(comissaoVenda('500.00', null, '10')).toBe(50); // 500.00 × 10%
  });
  it('rounds half-up', () => {
    expect(comissaoVenda('100.10', undefined, 5)).toBe(5.01); // 5.005 → 5.01
  });
});
