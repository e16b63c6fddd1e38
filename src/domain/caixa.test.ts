import { describe, expect, it } from 'vitest';
import { saldo } from './caixa';

describe('saldo', () => {
  it('is initial + inflows − outflows', () => {
    expect(saldo('1000.00', '2500.50', '3600.75')).toBe(-100.25); // 1000.00 + 2500.50 − 3600.75
    expect(saldo(0.1, 0.2, 0)).toBe(0.3); // exact, not 0.30000000000000004
  });
  it('treats missing sums as 0 (empty database)', () => {
    expect(saldo(null, null, null)).toBe(0);
    expect(saldo(null, '10.00', null)).toBe(10);
  });
});
