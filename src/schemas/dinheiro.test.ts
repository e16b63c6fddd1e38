import { describe, expect, it } from 'vitest';
import { moneyInput, textoDinheiro } from './common';

// Issue 26 §2: "4.400,00" typed in a pt-BR browser was refused ("Informe o valor."), and "4400,00" in an
// English one was stored as R$ 440.000,00. Every money field reads what a person in Brazil types.
describe('money as typed in Brazil', () => {
  it.each([
    ['4.400,00', '4400.00'],
    ['4400,00', '4400.00'],
    ['4400.00', '4400.00'],
    ['1.234.567,89', '1234567.89'],
    ['R$ 2.000,50', '2000.50'],
    ['389,9', '389.9'],
    ['389.90', '389.90'],
    ['0,01', '0.01'],
  ])('%s is %s', (typed, plain) => {
    expect(textoDinheiro(typed)).toBe(plain);
    expect(moneyInput().parse(typed)).toBe(plain);
  });

  it('refuses what is not an amount, with the field message', () => {
    // "4.400" without a comma is ambiguous (4,4 or 4.400?): three decimals, refused, never × 1000
    for (const junk of ['4,400,00', '4.40.0', 'abc', '1,234.56', '4.400', '10.001']) {
      const r = moneyInput({ message: 'Informe o valor.' }).safeParse(junk);
      expect(r.success, junk).toBe(false);
    }
  });
});
