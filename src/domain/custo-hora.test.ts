import { describe, expect, it } from 'vitest';
import { resumoCustos } from './custo-hora';

/** One employee's hourly cost, as the Cálculo de Custo table shows it. */
const custoHoraFuncionario = (salario: string, horas_mensais?: number | null) =>
  resumoCustos([{ salario, horas_mensais }]).por_funcionario[0]!.custo_hora;

describe('custoHoraFuncionario', () => {
  it('divides the salary by the monthly hours', () => {
    expect(custoHoraFuncionario('2200.00')).toBe(10); // 2200 / 220
    expect(custoHoraFuncionario('3000.00', 180)).toBe(16.67); // 16.666… → 16.67
    expect(custoHoraFuncionario('1.10')).toBe(0.01); // 0.005 → 0.01 (half-up)
  });
  it('uses 220 when the hours are missing or not positive', () => {
    expect(custoHoraFuncionario('2500.00', 0)).toBe(11.36); // 2500 / 220 = 11.3636… → 11.36
    expect(custoHoraFuncionario('2500.00', -10)).toBe(11.36);
    expect(custoHoraFuncionario('2500.00', null)).toBe(11.36);
  });
});

describe('resumoCustos', () => {
  it('sums the rounded figures and averages them', () => {
    // 2200 / 220 = 10.00; 3000 / 180 = 16.67; total 26.67; mean 13.335 → 13.34
    const resumo = resumoCustos([
      { nome: 'Ana', salario: '2200.00' },
      { nome: 'Rui', salario: '3000.00', horas_mensais: 180 },
    ]);
    expect(resumo.por_funcionario.map((f) => [f.nome, f.custo_hora])).toEqual([
      ['Ana', 10],
      ['Rui', 16.67],
    ]);
    expect(resumo.total).toBe(26.67);
    expect(resumo.media).toBe(13.34);
  });
  it('is zero without employees', () => {
    expect(resumoCustos([])).toEqual({ por_funcionario: [], media: 0, total: 0 });
  });
});
