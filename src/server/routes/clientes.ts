import { clientesTable } from '../../db/queries/clientes';
import { clienteCreate, clienteUpdate } from '../../schemas/clientes';
import type { ExportColumn } from '../export';
import { crudRoutes } from './crud';

/** The export's columns (pt-BR headers, spec doc 1 §6 labels). */
const exportColumns: ExportColumn[] = [
  { header: 'Nome', value: 'nome' },
  { header: 'Tipo', value: 'tipo' },
  { header: 'CPF/CNPJ', value: 'cpf_cnpj' },
  { header: 'Telefone', value: 'telefone' },
  { header: 'E-mail', value: 'email' },
  { header: 'Endereço', value: 'endereco' },
  { header: 'Cidade', value: 'cidade' },
  { header: 'UF', value: 'uf' },
  { header: 'CEP', value: 'cep' },
  { header: 'Cadastrado em', value: 'created_at', type: 'datetime' },
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
