import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api';

export const MESES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
] as const;

/** Marks the fields the server named in its problem+json answer; true when it marked any. */
// biome-ignore lint/suspicious/noExplicitAny: works for any form's field names
export function markServerErrors(err: unknown, setError: UseFormSetError<any>, fields: readonly string[]) {
  if (!(err instanceof ApiError)) return false;
  let marked = false;
  for (const e of err.errors) {
    if (fields.includes(e.path)) {
      setError(e.path, { type: 'server', message: e.message });
      marked = true;
    }
  }
  return marked;
}
