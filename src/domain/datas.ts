import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

export const BUSINESS_TZ = 'America/Sao_Paulo';

export interface MonthRange {
  inicio: string;
  fim: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function isoOf(ano: number, mes: number, dia: number): string {
  return `${pad(ano, 4)}-${pad(mes)}-${pad(dia)}`;
}

/** Days in a month, mes 1–12; UTC so the host's time zone cannot shift it. */
export function lastDayOfMonth(ano: number, mes: number): number {
  return new Date(Date.UTC(ano, mes, 0)).getUTCDate();
}

export function parseIsoDate(iso: string): { ano: number; mes: number; dia: number } {
  const m = ISO_DATE.exec(iso);
  const [ano, mes, dia] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (!m || mes < 1 || mes > 12 || dia < 1 || dia > lastDayOfMonth(ano, mes)) {
    throw new RangeError(`Data inválida: ${iso}`);
  }
  return { ano, mes, dia };
}

/** The calendar day in the business time zone, not the server's or UTC's. */
export function todayIso(tz: string = BUSINESS_TZ, now: Date = new Date()): string {
  return format(new TZDate(now, tz), 'yyyy-MM-dd');
}

/** mes is 1–12, as the screens' month filter and the API's `mes` parameter count it. */
export function monthRangeOf(ano: number, mes: number): MonthRange {
  if (!Number.isInteger(ano) || !Number.isInteger(mes) || mes < 1 || mes > 12) {
    throw new RangeError(`Mês inválido: ${ano}-${mes}`);
  }
  return { inicio: isoOf(ano, mes, 1), fim: isoOf(ano, mes, lastDayOfMonth(ano, mes)) };
}

export function monthRange(tz: string = BUSINESS_TZ, now: Date = new Date()): MonthRange {
  const local = new TZDate(now, tz);
  return monthRangeOf(local.getFullYear(), local.getMonth() + 1);
}

/** Same day n months later (n may be negative), clamped to that month's last day: 31/01 + 1 → 28/02. */
export function addMonthsClamped(isoDate: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Número de meses inválido: ${n}`);
  const { ano, mes, dia } = parseIsoDate(isoDate);
  const index = ano * 12 + (mes - 1) + n;
  const targetAno = Math.floor(index / 12);
  const targetMes = index - targetAno * 12 + 1;
  return isoOf(targetAno, targetMes, Math.min(dia, lastDayOfMonth(targetAno, targetMes)));
}

/** The calendar day n days after a YYYY-MM-DD date (n may be negative). */
export function addDaysIso(isoDate: string, n: number): string {
  const { ano, mes, dia } = parseIsoDate(isoDate);
  return new Date(Date.UTC(ano, mes - 1, dia + n)).toISOString().slice(0, 10);
}
