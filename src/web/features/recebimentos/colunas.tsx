import { STATUS_PARCELA_LABEL, type StatusParcela } from '../../../schemas/recebimentos';
import { dateColumn, moneyColumn, textColumn, titleColumn } from '../../components/kit/column-kinds';
import { columnsOf } from '../../components/kit/data-table';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { formatMoney } from '../../lib/format';
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
  col.accessor('data_vencimento', dateColumn('Vencimento', { card: 'subtitle' })),
  col.accessor('cliente_nome', titleColumn('Cliente')),
  col.accessor('venda_numero', {
    header: 'Venda',
    meta: { nowrap: true },
    cell: ({ row: { original: p } }) => `#${p.venda_numero} · ${rotuloParcela(p)}`,
  }),
  col.accessor('vendedor_nome', textColumn('Vendedor')),
  col.accessor('valor', moneyColumn('Valor', { card: 'figure' })),
  col.accessor('valor_recebido', moneyColumn('Recebido')),
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
