import { describe, expect, it } from 'vitest';
import { addDaysIso, addMonthsClamped, lastDayOfMonth, monthRange, monthRangeOf, todayIso } from './datas';

const SP = 'America/Sao_Paulo';

describe('business day and month', () => {
  it('is still the previous day in São Paulo at 02:30 UTC (UTC−3)', () => {
    const now = new Date('2026-12-01T02:30:00Z'); // 23:30 on 30/11 in São Paulo
    expect(todayIso(SP, now)).toBe('2026-11-30');
    expect(todayIso(undefined, now)).toBe('2026-11-30');
    expect(todayIso('UTC', now)).toBe('2026-12-01');
    expect(monthRange(SP, now)).toEqual({ inicio: '2026-11-01', fim: '2026-11-30' });
  });
  it('turns the month at 03:00 UTC', () => {
    const now = new Date('2026-12-01T03:00:00Z');
    expect(todayIso(SP, now)).toBe('2026-12-01');
    expect(monthRange(SP, now)).toEqual({ inicio: '2026-12-01', fim: '2026-12-31' });
  });
});

describe('monthRangeOf', () => {
  it('ends on the month last day, leap years included', () => {
    expect(monthRangeOf(2026, 2)).toEqual({ inicio: '2026-02-01', fim: '2026-02-28' });
    expect(monthRangeOf(2028, 2)).toEqual({ inicio: '2028-02-01', fim: '2028-02-29' });
    expect(monthRangeOf(2100, 2).fim).toBe('2100-02-28'); // century, not divisible by 400
    expect(monthRangeOf(2026, 4).fim).toBe('2026-04-30');
    expect(lastDayOfMonth(2000, 2)).toBe(29);
  });
  it('rejects a month outside 1–12', () => {
    expect(() => monthRangeOf(2026, 0)).toThrow(RangeError);
    expect(() => monthRangeOf(2026, 13)).toThrow(RangeError);
  });
});

describe('addMonthsClamped', () => {
  it.each([
    // clamps to the last day of the target month
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-01-31', 3, '2026-04-30'],
    ['2026-03-31', -1, '2026-02-28'],
    // crosses years
    ['2026-11-15', 2, '2027-01-15'],
    ['2026-01-15', -1, '2025-12-15'],
    ['2026-05-10', 0, '2026-05-10'],
  ])('%s plus %i months is %s', (data, meses, esperado) => {
    expect(addMonthsClamped(data, meses)).toBe(esperado);
  });
  it('rejects what is not a real ISO date', () => {
    expect(() => addMonthsClamped('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addMonthsClamped('31/01/2026', 1)).toThrow(RangeError);
    expect(() => addMonthsClamped('2026-01-31', 1.5)).toThrow(RangeError);
  });
});

describe('addDaysIso', () => {
  it('counts calendar days across months, years and leap days', () => {
    expect(addDaysIso('2026-11-23', 15)).toBe('2026-12-08');
    expect(addDaysIso('2026-12-25', 10)).toBe('2027-01-04');
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
  });
});
