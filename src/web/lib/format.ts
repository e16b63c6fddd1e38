// The one place money, numbers and dates are formatted for people (pt-BR).
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const num = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
const pct = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
const area = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** R$ 1.234,56 */
export function formatMoney(v: number | string | null | undefined): string {
  const n = typeof v === 'string' ? Number(v) : (v ?? 0);
  return brl.format(Number.isFinite(n) ? n : 0).replace(/\u00a0/g, ' ');
}

export function formatNumber(v: number | string | null | undefined): string {
  const n = typeof v === 'string' ? Number(v) : (v ?? 0);
  return num.format(Number.isFinite(n) ? n : 0);
}

/** A piece's measures, written one way on every surface (the server's customer PDF too): "2,40 × 0,60 m". */
export { formatMedidas } from '../../domain/medidas';

/** Stock area, always 3 decimals so a column of them lines up: "21,875", "20,140". */
export function formatArea(v: number | string | null | undefined): string {
  const n = typeof v === 'string' ? Number(v) : (v ?? 0);
  return area.format(Number.isFinite(n) ? n : 0);
}

export function formatPercent(v: number | string | null | undefined): string {
  const n = typeof v === 'string' ? Number(v) : (v ?? 0);
  return `${pct.format(Number.isFinite(n) ? n : 0)}%`;
}

/** dd/MM/yyyy from 'YYYY-MM-DD' (as is, no time zone shift) or an ISO timestamp (in the browser's zone). */
export function formatDate(v: string | Date | null | undefined): string {
  if (!v) return '';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const [y, m, d] = v.split('-');
    return `${d}/${m}/${y}`;
  }
  const date = typeof v === 'string' ? new Date(v) : v;
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('pt-BR', { timeZone: businessTz });
}

/**
 * The business time zone, as the server counts "today" and "this month" in it (`GET /api/config`,
 * read by the auth provider at sign-in). Until it answers, the browser's own zone.
 */
let businessTz: string | undefined;
export function setBusinessTz(tz: string | undefined) {
  businessTz = tz;
}
/** The business time zone (the browser's own until the server told it). */
export function businessTimeZone(): string {
  return businessTz ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** dd/MM/yyyy HH:mm (or with seconds) of an instant in the business time zone. */
export function formatDateTime(at: Date | string, timeStyle: 'short' | 'medium' = 'short'): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('pt-BR', { timeZone: businessTz, dateStyle: 'short', timeStyle }).format(
    date,
  );
}

/** 'YYYY-MM-DD' of an instant in the business time zone. */
export function isoDateIn(at: Date | string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: businessTz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(typeof at === 'string' ? new Date(at) : at);
}

/** Today as 'YYYY-MM-DD' in the business time zone (default of date inputs). */
export function todayIso(): string {
  return isoDateIn(new Date());
}

/** Parses what a person typed in a number field ("1.234,56" or "1234.56"); '' and junk → 0 (spec). */
export function parseNumberInput(v: string): number {
  const s = v.trim();
  if (!s) return 0;
  const normalized = s.includes(',') ? s.replace(/\./g, '').replace(',', '.') : s;
  const n = Number(normalized);
  return Number.isFinite(n) ? n : 0;
}
