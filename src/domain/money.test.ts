import { describe, expect, it } from 'vitest';
import { cents, moneyText, percentOf, sum, toDbMoney, toMoney } from './money';

describe('money', () => {
  it('rounds half-up to cents without float drift', () => {
    expect(toMoney('0.125')).toBe(0.13);
    expect(toMoney('2.675')).toBe(2.68); // 2.675 as a float is 2.67499…: decimal keeps it right
    expect(toMoney('-0.005')).toBe(-0.01);
    expect(toDbMoney(cents('1.005'))).toBe('1.01');
  });
  it('adds 0.1 + 0.2 exactly', () => {
    expect(toDbMoney(sum(['0.1', '0.2']))).toBe('0.30');
    expect(sum(['0.1', '0.2']).eq('0.3')).toBe(true);
  });
  it('takes percentages', () => {
    expect(toMoney(percentOf('1234.56', '3.5'))).toBe(43.21); // 43.2096
  });
  it('writes R$ as pt-BR reads it, exactly', () => {
    expect(moneyText('1234567.891')).toBe('R$ 1.234.567,89');
    expect(moneyText('0.005')).toBe('R$ 0,01'); // half-up
    expect(moneyText('-50')).toBe('-R$ 50,00');
    expect(moneyText('999.995')).toBe('R$ 1.000,00');
  });
});
