import {
  ativoColumn,
  dateColumn,
  moneyColumn,
  textColumn,
  titleColumn,
} from '../../components/kit/column-kinds';
import { columnsOf } from '../../components/kit/data-table';
import type { Funcionario } from '../../lib/resources';

const col = columnsOf<Funcionario>();

/** The columns of the employees list (nome, cargo and salário sort on the server). */
export const funcionarioColumns = [
  col.accessor('nome', titleColumn('Nome', { sortable: true })),
  col.accessor('cargo', { header: 'Cargo', enableSorting: true, meta: { nowrap: true, card: 'subtitle' } }),
  col.accessor('telefone', textColumn('Telefone', { nowrap: true })),
  col.accessor('salario', moneyColumn('Salário', { sortable: true, card: 'figure' })),
  col.accessor('custo_hora', moneyColumn('Custo/Hora', { card: 'figure' })),
  col.accessor('data_admissao', dateColumn('Admissão')),
  col.accessor('status', ativoColumn()),
];
