import { itensVendaTable } from '../../db/queries/itens-venda';
import { itemVendaCreate, itemVendaUpdate } from '../../schemas/itens-venda';
import { COLUNAS, type ExportColumn } from '../export';
import { crudRoutes } from './crud';

const exportColumns: ExportColumn[] = [
  COLUNAS.nome,
  { header: 'Formato de medida', value: 'formato_medida' },
  COLUNAS.cadastradoEm,
];

/** Sale items (what a quote line is: "Bancada", "Soleira"…), listed by name ascending (spec doc 2 §7). */
export const itensVendaRoutes = crudRoutes({
  ...itensVendaTable,
  recurso: 'itens-venda',
  permission: 'produtos',
  opcoesPermissions: ['orcamentos', 'vendas'],
  create: itemVendaCreate,
  update: itemVendaUpdate,
  nome: 'item de venda',
  exportColumns,
});
