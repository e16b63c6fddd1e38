import { fornecedoresTable } from '../../db/queries/fornecedores';
import { fornecedorCreate, fornecedorUpdate } from '../../schemas/fornecedores';
import { COLUNAS, type ExportColumn } from '../export';
import { crudRoutes } from './crud';

const exportColumns: ExportColumn[] = [
  COLUNAS.nome,
  { header: 'CNPJ', value: 'cnpj' },
  { header: 'Contato', value: 'contato' },
  COLUNAS.telefone,
  COLUNAS.email,
  ...COLUNAS.endereco,
  COLUNAS.cadastradoEm,
];

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
