import { Badge, type BadgeVariant } from '../../components/ui/badge';

/** Spec doc 1 §4: pendente yellow, aprovado green, venda_realizada blue, anything else red. */
export function statusLabel(status: string): string {
  if (status === 'venda_realizada') return 'Venda Realizada';
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : '';
}

function statusVariant(status: string): BadgeVariant {
  if (status === 'pendente') return 'yellow';
  if (status === 'aprovado') return 'green';
  if (status === 'venda_realizada') return 'blue';
  return 'red';
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={statusVariant(status)}>{statusLabel(status)}</Badge>;
}
