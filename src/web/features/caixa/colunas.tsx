import { TIPO_MOVIMENTACAO_LABEL } from '../../../schemas/caixa';
import { badgeColumn, dateColumn } from '../../components/kit/column-kinds';
import { columnsOf } from '../../components/kit/data-table';
import { formatMoney } from '../../lib/format';
import type { Movimentacao } from '../../lib/resources';
import { cn } from '../../lib/utils';

/** The columns of the cash movements list. */
const col = columnsOf<Movimentacao>();
export const movimentacaoColumns = [
  col.accessor('nome', { header: 'Nome', meta: { card: 'title', className: 'min-w-36 font-medium' } }),
  col.accessor('valor', {
    header: 'Valor',
    meta: { numeric: true, card: 'figure' },
    cell: ({ row: { original: m } }) => (
      <span className={cn('font-medium', m.tipo === 'entrada' ? 'text-green-700' : 'text-red-600')}>
        {formatMoney(m.valor)}
      </span>
    ),
  }),
  col.accessor('data', dateColumn('Data', { card: 'figure' })),
  col.accessor(
    'tipo',
    badgeColumn('Tipo', (v) => (v === 'entrada' ? 'green' : 'red'), TIPO_MOVIMENTACAO_LABEL, {
      nowrap: true,
    }),
  ),
];
