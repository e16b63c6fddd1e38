import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatMedidas,
  formatMoney,
  formatPercent,
  parseNumberInput,
  setBusinessTz,
} from './format';

describe('pt-BR formatting', () => {
  it('formats money as R$ with comma decimals', () => {
    expect(formatMoney(1234.56)).toBe('R$ 1.234,56');
    expect(formatMoney('0.5')).toBe('R$ 0,50');
    expect(formatMoney(-10)).toBe('-R$ 10,00');
    expect(formatMoney(null)).toBe('R$ 0,00');
  });
  it('formats dates dd/MM/yyyy without shifting date-only values', () => {
    expect(formatDate('2026-01-31')).toBe('31/01/2026');
    // 02:30 UTC on 1 Dec is still 30 Nov in São Paulo (the zone GET /api/config serves by default)
    setBusinessTz('America/Sao_Paulo');
    expect(formatDate('2026-12-01T02:30:00Z')).toBe('30/11/2026');
    // the zone is the server's, not a constant of the web: another shop's zone moves the day
    setBusinessTz('UTC');
    expect(formatDate('2026-12-01T02:30:00Z')).toBe('01/12/2026');
    setBusinessTz(undefined);
  });
  it('formats percentages', () => {
    expect(formatPercent(3.5)).toBe('3,5%');
  });
  it('parses typed numbers, junk becoming 0', () => {
    expect(parseNumberInput('1.234,56')).toBe(1234.56);
    expect(parseNumberInput('12.5')).toBe(12.5);
    expect(parseNumberInput('abc')).toBe(0);
    expect(parseNumberInput('')).toBe(0);
  });
});

describe('formatMedidas (issue 26 §3: "2,4 x 0,6" and "2,40 m" were written two ways)', () => {
  it("writes a piece's measures one way: two decimals, ×, metres", () => {
    expect(formatMedidas(2.4, 0.6)).toBe('2,40 × 0,60 m');
    expect(formatMedidas('1.85', '0.55')).toBe('1,85 × 0,55 m');
    // the column keeps millimetres: they are not rounded away
    expect(formatMedidas('1.005', 0.6)).toBe('1,005 × 0,60 m');
  });
});
