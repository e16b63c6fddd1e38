import { TIPO_VENDA_LABEL } from '../../../schemas/vendas';
import { badgeColumn, dateColumn, moneyColumn, textColumn } from '../../components/kit/column-kinds';
import { columnsOf } from '../../components/kit/data-table';
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
  col.accessor('cliente_nome', textColumn('Cliente', { card: 'subtitle', className: 'min-w-32' })),
  col.accessor('arquiteto_nome', textColumn('Arquiteto')),
  col.accessor('data_venda', dateColumn('Data', { sortable: true, card: 'figure' })),
  col.accessor('valor_bruto', moneyColumn('Valor Bruto', { sortable: true, card: 'figure' })),
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
  col.accessor('status', badgeColumn('Status', STATUS_BADGE, statusLabel, { nowrap: true })),
];
