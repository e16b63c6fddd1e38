import { fornecedoresTable } from '../../db/queries/fornecedores';
import { fornecedorCreate, fornecedorUpdate } from '../../schemas/fornecedores';
import { cadastroColumns } from '../export';
import { crudRoutes } from './crud';

const exportColumns = cadastroColumns([
  { header: 'CNPJ', value: 'cnpj' },
  { header: 'Contato', value: 'contato' },
]);

export const fornecedoresRoutes = crudRoutes({
  ...fornecedoresTable,
  recurso: 'fornecedores',
  permission: 'fornecedores',
  // The product form picks its supplier from this list.
  opcoesPermissions: ['produtos', 'orcamentos', 'vendas'],
  create: fornecedorCreate,
  update: fornecedorUpdate,
  nome: 'fornecedor',
  exportColumns,
});
