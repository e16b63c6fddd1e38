import { clientesTable } from '../../db/queries/clientes';
import { clienteCreate, clienteUpdate } from '../../schemas/clientes';
import { COLUNAS, type ExportColumn } from '../export';
import { crudRoutes } from './crud';

/** The export's columns (pt-BR headers, spec doc 1 §6 labels). */
const exportColumns: ExportColumn[] = [
  COLUNAS.nome,
  { header: 'Tipo', value: 'tipo' },
  { header: 'CPF/CNPJ', value: 'cpf_cnpj' },
  COLUNAS.telefone,
  COLUNAS.email,
  ...COLUNAS.endereco,
  COLUNAS.cadastradoEm,
];

export const clientesRoutes = crudRoutes({
  ...clientesTable,
  recurso: 'clientes',
  permission: 'clientes',
  opcoesPermissions: ['orcamentos', 'vendas', 'financeiro'],
  create: clienteCreate,
  update: clienteUpdate,
  nome: 'cliente',
  exportColumns,
});
