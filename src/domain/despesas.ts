import { addMonthsClamped, parseIsoDate } from './datas';
import { type Decimalish, toDbMoney } from './money';

export type TipoDespesa = 'avulso' | 'mensal' | 'parcelada';

export const PARCELAS_MIN = 2;
export const PARCELAS_MAX = 60;

export interface DespesaInput {
  descricao: string;
  valor: Decimalish;
  data_vencimento: string;
  tipo: TipoDespesa;
  parcelas?: number | null;
  observacoes?: string | null;
}

export interface DespesaRow {
  descricao: string;
  valor: string;
  data_vencimento: string;
  tipo: TipoDespesa;
  parcelas: number;
  parcela_atual: number;
  observacoes: string | null;
}

function rowCount(input: DespesaInput): number {
  if (input.tipo === 'avulso') return 1;
  // One row per month from the due month through December: a 0-based month index m leaves 12 − m
  // months, which is the spec's "parcelas = 12 minus the month index" (January 12, December 1).
  if (input.tipo === 'mensal') return 12 - (parseIsoDate(input.data_vencimento).mes - 1);
  const n = input.parcelas;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < PARCELAS_MIN || n > PARCELAS_MAX) {
    throw new RangeError(`Parcelas deve ser um inteiro de ${PARCELAS_MIN} a ${PARCELAS_MAX}.`);
  }
  return n;
}

/**
 * The rows an expense creates. valor is the amount of each row (a parcelada's installment, not a total
 * to divide). Every due date is counted from the first one, so a 31st stays the 31st wherever the
 * month has one (31/01, 28/02, 31/03, 30/04…) instead of drifting to the 28th.
 */
export function buildSchedule(input: DespesaInput): DespesaRow[] {
  parseIsoDate(input.data_vencimento);
  const count = rowCount(input);
  const valor = toDbMoney(input.valor);
  return Array.from({ length: count }, (_, i) => ({
    descricao: input.descricao,
    valor,
    data_vencimento: addMonthsClamped(input.data_vencimento, i),
    tipo: input.tipo,
    parcelas: count,
    parcela_atual: i + 1,
    observacoes: input.observacoes ?? null,
  }));
}
