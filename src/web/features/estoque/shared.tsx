import { STATUS_CHAPA_LABEL, TIPO_CHAPA_LABEL } from '../../../schemas/chapas';
import { Badge } from '../../components/ui/badge';
import { ApiError } from '../../lib/api';

export { STATUS_CHAPA_LABEL, TIPO_CHAPA_LABEL };

type StatusChapa = keyof typeof STATUS_CHAPA_LABEL;

const STATUS_VARIANT = {
  disponivel: 'green',
  reservada: 'blue',
  consumida: 'gray',
  baixada: 'red',
} as const;

export function StatusChapaBadge({ status }: { status: StatusChapa }) {
  return <Badge variant={STATUS_VARIANT[status]}>{STATUS_CHAPA_LABEL[status]}</Badge>;
}

/** "1,20 × 0,40 m" (and the L's missing corner). */
export function medidas(c: {
  largura_mm: number;
  altura_mm: number;
  formato?: string;
  recorte_largura_mm?: number | null;
  recorte_altura_mm?: number | null;
}) {
  const m = (mm: number) => (mm / 1000).toFixed(2).replace('.', ',');
  const base = `${m(c.largura_mm)} × ${m(c.altura_mm)} m`;
  return c.formato === 'L' && c.recorte_largura_mm && c.recorte_altura_mm
    ? `${base} (L, sem ${m(c.recorte_largura_mm)} × ${m(c.recorte_altura_mm)})`
    : base;
}

/** A server refusal's field messages by path (`largura_mm`, `chapas.0.sobras.1.largura_mm`). */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError ? Object.fromEntries(err.errors.map((e) => [e.path, e.message])) : {};
}
