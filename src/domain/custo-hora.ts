import { cents, type Decimalish, dec, sum, toMoney, ZERO } from './money';

export const HORAS_MENSAIS_PADRAO = 220;

export interface FuncionarioCusto {
  salario: Decimalish;
  horas_mensais?: Decimalish | null;
}

export interface ResumoCustos<T> {
  por_funcionario: Array<T & { custo_hora: number }>;
  media: number;
  total: number;
}

function hourlyCost(salario: Decimalish, horas_mensais: Decimalish | null | undefined) {
  const horas = dec(horas_mensais);
  // A missing or zero workload would divide by zero; the shop's standard month is the sane reading.
  const divisor = horas.gt(0) ? horas : dec(HORAS_MENSAIS_PADRAO);
  return cents(dec(salario).div(divisor));
}

/** Total is the sum of the rounded per-employee figures, so the table adds up; the mean derives from it. */
export function resumoCustos<T extends FuncionarioCusto>(funcionarios: T[]): ResumoCustos<T> {
  const custos = funcionarios.map((f) => hourlyCost(f.salario, f.horas_mensais));
  const total = sum(custos);
  const media = custos.length > 0 ? total.div(custos.length) : ZERO;
  return {
    por_funcionario: funcionarios.map((f, i) => ({ ...f, custo_hora: toMoney(custos[i] ?? ZERO) })),
    media: toMoney(media),
    total: toMoney(total),
  };
}
