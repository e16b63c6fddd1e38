/**
 * What a person typed in a decimal field, as the plain decimal text the shared zod schemas parse:
 * "1.234,56" → "1234.56", "3,5" → "3.5", "389.90" stays. Blank → ''. Junk passes through, so the
 * schema's own message names the field.
 */
export function decimalText(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = String(v).trim();
  if (!s) return '';
  return s.includes(',') ? s.replace(/\./g, '').replace(',', '.') : s;
}
