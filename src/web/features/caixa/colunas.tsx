import { TIPO_MOVIMENTACAO_LABEL } from '../../../schemas/caixa';
import { columnsOf } from '../../components/kit/data-table';
import { Badge } from '../../components/ui/badge';
import { formatDate, formatMoney } from '../../lib/format';
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
  col.accessor('data', {
    header: 'Data',
    meta: { nowrap: true, card: 'figure' },
    cell: (c) => formatDate(c.getValue()),
  }),
  col.accessor('tipo', {
    header: 'Tipo',
    meta: { nowrap: true, card: 'status' },
    cell: (c) => (
      <Badge variant={c.getValue() === 'entrada' ? 'green' : 'red'}>
        {TIPO_MOVIMENTACAO_LABEL[c.getValue()]}
      </Badge>
    ),
  }),
];
