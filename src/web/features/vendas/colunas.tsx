import { TIPO_VENDA_LABEL } from '../../../schemas/vendas';
import { columnsOf, orNone } from '../../components/kit/data-table';
import { Badge } from '../../components/ui/badge';
import { formatDate, formatMoney } from '../../lib/format';
import type { Venda } from '../../lib/resources';
import { ComissaoToggle } from './comissao-toggle';
import { STATUS_BADGE, statusLabel } from './format-venda';

/** The columns of the sales list (Nº, data and valor sort on the server). */
const col = columnsOf<Venda>();
export const vendaColumns = [
  col.accessor('numero', {
    header: 'Nº',
    enableSorting: true,
    meta: { nowrap: true, card: 'title', className: 'font-medium' },
    cell: (c) => `#${c.getValue()}`,
  }),
  col.accessor('cliente_nome', {
    header: 'Cliente',
    meta: { card: 'subtitle', className: 'min-w-32' },
    cell: (c) => orNone(c.getValue()),
  }),
  col.accessor('arquiteto_nome', { header: 'Arquiteto', cell: (c) => orNone(c.getValue()) }),
  col.accessor('data_venda', {
    header: 'Data',
    enableSorting: true,
    meta: { nowrap: true, card: 'figure' },
    cell: (c) => formatDate(c.getValue()),
  }),
  col.accessor('valor_bruto', {
    header: 'Valor Bruto',
    enableSorting: true,
    meta: { numeric: true, card: 'figure' },
    cell: (c) => formatMoney(c.getValue()),
  }),
  col.display({
    id: 'comissao',
    header: 'Comissão',
    meta: { card: 'figure' },
    cell: ({ row }) => <ComissaoToggle venda={row.original} />,
  }),
  col.accessor('tipo_venda', {
    header: 'Tipo',
    meta: { card: 'figure' },
    cell: (c) => TIPO_VENDA_LABEL[c.getValue()] ?? c.getValue(),
  }),
  col.accessor('status', {
    header: 'Status',
    meta: { nowrap: true, card: 'status' },
    cell: (c) => <Badge variant={STATUS_BADGE[c.getValue()]}>{statusLabel(c.getValue())}</Badge>,
  }),
];
