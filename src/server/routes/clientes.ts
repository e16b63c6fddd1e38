import { clientesTable } from '../../db/queries/clientes';
import { clienteCreate, clienteUpdate } from '../../schemas/clientes';
import { cadastroColumns } from '../export';
import { crudRoutes } from './crud';

/** The export's columns (pt-BR headers, spec doc 1 §6 labels). */
const exportColumns = cadastroColumns([
  { header: 'Tipo', value: 'tipo' },
  { header: 'CPF/CNPJ', value: 'cpf_cnpj' },
]);

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
