import { describe, expect, it } from 'vitest';
import { FINS_DE_MES_2026 } from './datas.test-helpers';
import { buildSchedule, type DespesaInput } from './despesas';

/** The schedule of a mensal expense of R$ 1,00 due on `data_vencimento`, with `outros` fields changed. */
const mensal = (data_vencimento: string, outros: Partial<DespesaInput> = {}) =>
  buildSchedule({ descricao: 'Água', valor: 1, data_vencimento, tipo: 'mensal', ...outros });

describe('buildSchedule', () => {
  it('makes one row for avulso', () => {
    expect(
      buildSchedule({
        descricao: 'Conserto',
        valor: 150,
        data_vencimento: '2026-05-10',
        tipo: 'avulso',
        parcelas: 9,
      }),
    ).toEqual([
      {
        descricao: 'Conserto',
        valor: '150.00',
        data_vencimento: '2026-05-10',
        tipo: 'avulso',
        parcelas: 1,
        parcela_atual: 1,
        observacoes: null,
      },
    ]);
  });

  it('makes a mensal from 31 January through December, clamping short months', () => {
    const rows = mensal('2026-01-31', { descricao: 'Aluguel', valor: '3300', observacoes: 'galpão' });
    // January is month index 0 → 12 − 0 = 12 rows; 2026 is not a leap year
    expect(rows.map((r) => r.data_vencimento)).toEqual(FINS_DE_MES_2026);
    expect(rows.map((r) => r.parcela_atual)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rows.every((r) => r.parcelas === 12 && r.valor === '3300.00' && r.observacoes === 'galpão')).toBe(
      true,
    );
  });

  it('gives 29 February in a leap year', () => {
    const rows = mensal('2028-01-31');
    expect(rows[1]?.data_vencimento).toBe('2028-02-29');
  });

  it('counts mensal rows as 12 minus the month index', () => {
    // September is index 8 → 4 rows; the 30th exists in every one of them
    const setembro = mensal('2026-09-30');
    expect(setembro.map((r) => [r.data_vencimento, r.parcelas, r.parcela_atual])).toEqual([
      ['2026-09-30', 4, 1],
      ['2026-10-30', 4, 2],
      ['2026-11-30', 4, 3],
      ['2026-12-30', 4, 4],
    ]);
    // December is index 11 → 1 row
    const dezembro = mensal('2026-12-10');
    expect(dezembro).toHaveLength(1);
    expect(dezembro[0]).toMatchObject({ parcelas: 1, parcela_atual: 1 });
  });

  it('makes a parcelada of 60 crossing years, same value on every row', () => {
    const rows = buildSchedule({
      descricao: 'Ponte rolante',
      valor: '89.9',
      data_vencimento: '2026-03-31',
      tipo: 'parcelada',
      parcelas: 60,
    });
    expect(rows).toHaveLength(60);
    // row 12: March 2026 + 11 months = February 2027 (not leap) → 28th; row 13: March 2027 → 31st
    expect(rows[11]?.data_vencimento).toBe('2027-02-28');
    expect(rows[12]?.data_vencimento).toBe('2027-03-31');
    // row 60: March 2026 + 59 months = March 2030 + 11 = February 2031, not a leap year → 2031-02-28
    expect(rows[59]).toMatchObject({ data_vencimento: '2031-02-28', parcela_atual: 60, parcelas: 60 });
    expect(new Set(rows.map((r) => r.valor))).toEqual(new Set(['89.90']));
  });

  it('rejects a parcelada outside 2–60 installments', () => {
    const base = { descricao: 'X', valor: 1, data_vencimento: '2026-01-10', tipo: 'parcelada' } as const;
    for (const parcelas of [undefined, null, 1, 61, 2.5]) {
      expect(() => buildSchedule({ ...base, parcelas })).toThrow(RangeError);
    }
    expect(buildSchedule({ ...base, parcelas: 2 })).toHaveLength(2);
  });

  it('rejects an invalid due date', () => {
    expect(() =>
      buildSchedule({ descricao: 'X', valor: 1, data_vencimento: '2026-02-31', tipo: 'avulso' }),
    ).toThrow(RangeError);
  });
});
