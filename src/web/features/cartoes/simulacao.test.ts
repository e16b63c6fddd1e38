import { describe, expect, it } from 'vitest';
import type { CartaoOpcao } from '../../lib/resources';
import { parseValor, simular } from './simulacao';

const semTaxas = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`taxa_${i + 1}x`, null]));
const credito = (rates: Record<string, number | null>): CartaoOpcao =>
  ({ id: 'c', bandeira: 'Cartão', tipo: 'Crédito', taxa: null, ...semTaxas, ...rates }) as CartaoOpcao;

describe('simulador de taxas', () => {
  it('credit: each installment count uses its own rate, falling back to taxa_1x', () => {
    const linhas = simular('1000', credito({ taxa_1x: 3.5, taxa_2x: 4, taxa_3x: 4.5, taxa_12x: 12.99 }));
    expect(linhas).toEqual([
      // 1000 × 3,5 % = 35,00 → net 965,00
      { parcelas: 1, taxa: 3.5, valor_taxa: 35, valor_liquido: 965 },
      // 1000 × 4 % = 40,00
      { parcelas: 2, taxa: 4, valor_taxa: 40, valor_liquido: 960 },
      // 1000 × 4,5 % = 45,00 → net 955,00
      { parcelas: 3, taxa: 4.5, valor_taxa: 45, valor_liquido: 955 },
      // no taxa_6x: falls back to taxa_1x 3,5 % → 35,00
      { parcelas: 6, taxa: 3.5, valor_taxa: 35, valor_liquido: 965 },
      // 1000 × 12,99 % = 129,90 → net 870,10
      { parcelas: 12, taxa: 12.99, valor_taxa: 129.9, valor_liquido: 870.1 },
    ]);
  });

  it('debit: one line with taxa, rounded half-up to cents', () => {
    const debito = { ...credito({}), tipo: 'Débito', taxa: 2.39 } as CartaoOpcao;
    // 1234,56 × 2,39 % = 29,505984 → 29,51; net 1234,56 − 29,51 = 1205,05
    expect(simular('1234.56', debito)).toEqual([
      { parcelas: null, taxa: 2.39, valor_taxa: 29.51, valor_liquido: 1205.05 },
    ]);
  });

  it('credit with no installment rate at all falls back to taxa; 0 % is a real rate', () => {
    // 0,1 + 0,2 style float traps: 0,30 × 10 % = 0,03 exactly
    expect(simular('0.30', credito({ taxa: 10 }))[0]).toMatchObject({
      valor_taxa: 0.03,
      valor_liquido: 0.27,
    });
    expect(simular('500', credito({ taxa_1x: 0, taxa_2x: null }))[1]).toMatchObject({
      taxa: 0,
      valor_taxa: 0,
      valor_liquido: 500,
    });
  });

  it('reads amounts typed the Brazilian way', () => {
    expect(parseValor('1.000,00')).toBe('1000.00');
    expect(parseValor('1000')).toBe('1000');
    expect(parseValor('12,5')).toBe('12.5');
    expect(parseValor('')).toBeNull();
    expect(parseValor('abc')).toBeNull();
    expect(parseValor('-5')).toBeNull();
    expect(parseValor('1,234')).toBeNull();
  });
});
