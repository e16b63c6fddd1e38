import { columnsOf, NONE, orNone } from '../../components/kit/data-table';
import { Badge } from '../../components/ui/badge';
import { formatDate, formatMoney } from '../../lib/format';
import type { Funcionario } from '../../lib/resources';

const col = columnsOf<Funcionario>();

/** The columns of the employees list (nome, cargo and salário sort on the server). */
export const funcionarioColumns = [
  col.accessor('nome', {
    header: 'Nome',
    enableSorting: true,
    meta: { card: 'title', className: 'min-w-40 font-medium' },
  }),
  col.accessor('cargo', { header: 'Cargo', enableSorting: true, meta: { nowrap: true, card: 'subtitle' } }),
  col.accessor('telefone', { header: 'Telefone', meta: { nowrap: true }, cell: (c) => orNone(c.getValue()) }),
  col.accessor('salario', {
    header: 'Salário',
    enableSorting: true,
    meta: { numeric: true, card: 'figure' },
    cell: (c) => formatMoney(c.getValue()),
  }),
  col.accessor('custo_hora', {
    header: 'Custo/Hora',
    meta: { numeric: true, card: 'figure' },
    cell: (c) => formatMoney(c.getValue()),
  }),
  col.accessor('data_admissao', {
    header: 'Admissão',
    meta: { nowrap: true },
    cell: (c) => (c.getValue() ? formatDate(c.getValue()) : NONE),
  }),
  col.accessor('status', {
    header: 'Status',
    meta: { card: 'status' },
    cell: (c) => (
      <Badge variant={c.getValue() === 'ativo' ? 'green' : 'gray'}>
        {c.getValue() === 'ativo' ? 'Ativo' : 'Inativo'}
      </Badge>
    ),
  }),
];
