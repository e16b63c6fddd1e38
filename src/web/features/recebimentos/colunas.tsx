import { STATUS_PARCELA_LABEL, type StatusParcela } from '../../../schemas/recebimentos';
import { columnsOf } from '../../components/kit/data-table';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { formatDate, formatMoney } from '../../lib/format';
import { type Parcela, rotuloParcela } from './api';

const STATUS_VARIANT: Record<StatusParcela, BadgeVariant> = {
  aberta: 'blue',
  parcial: 'yellow',
  paga: 'green',
  atrasada: 'red',
};

export function StatusParcelaBadge({ status }: { status: StatusParcela }) {
  return <Badge variant={STATUS_VARIANT[status]}>{STATUS_PARCELA_LABEL[status]}</Badge>;
}

const col = columnsOf<Parcela>();
export const parcelaColumns = [
  col.accessor('data_vencimento', {
    header: 'Vencimento',
    meta: { nowrap: true, card: 'subtitle' },
    cell: (c) => formatDate(c.getValue()),
  }),
  col.accessor('cliente_nome', {
    header: 'Cliente',
    meta: { card: 'title', className: 'min-w-40 font-medium' },
  }),
  col.accessor('venda_numero', {
    header: 'Venda',
    meta: { nowrap: true },
    cell: ({ row: { original: p } }) => `#${p.venda_numero} · ${rotuloParcela(p)}`,
  }),
  col.accessor('vendedor_nome', { header: 'Vendedor', cell: (c) => c.getValue() ?? '—' }),
  col.accessor('valor', {
    header: 'Valor',
    meta: { numeric: true, card: 'figure' },
    cell: (c) => formatMoney(c.getValue()),
  }),
  col.accessor('valor_recebido', {
    header: 'Recebido',
    meta: { numeric: true },
    cell: (c) => formatMoney(c.getValue()),
  }),
  col.accessor('saldo', {
    header: 'Saldo',
    meta: { numeric: true, card: 'figure' },
    cell: (c) => <span className="font-medium">{formatMoney(c.getValue())}</span>,
  }),
  col.accessor('status', {
    header: 'Status',
    meta: { nowrap: true, card: 'status' },
    cell: (c) => <StatusParcelaBadge status={c.getValue()} />,
  }),
];
