import { fornecedoresTable } from '../../db/queries/fornecedores';
import { fornecedorCreate, fornecedorUpdate } from '../../schemas/fornecedores';
import type { ExportColumn } from '../export';
import { crudRoutes } from './crud';

const exportColumns: ExportColumn[] = [
  { header: 'Nome', value: 'nome' },
  { header: 'CNPJ', value: 'cnpj' },
  { header: 'Contato', value: 'contato' },
  { header: 'Telefone', value: 'telefone' },
  { header: 'E-mail', value: 'email' },
  { header: 'Endereço', value: 'endereco' },
  { header: 'Cidade', value: 'cidade' },
  { header: 'UF', value: 'uf' },
  { header: 'CEP', value: 'cep' },
  { header: 'Cadastrado em', value: 'created_at', type: 'datetime' },
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
