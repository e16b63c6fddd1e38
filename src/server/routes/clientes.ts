import type { Executor } from '../../db/client';
import { clientesTable, usoCliente } from '../../db/queries/clientes';
import { clienteCreate, clienteUpdate } from '../../schemas/clientes';
import { conflict } from '../errors';
import type { ExportColumn } from '../export';
import { crudRoutes } from './crud';

/** Explains why a client cannot be deleted: the quotes and sales that point at it. */
async function deleteConflict(db: Executor, id: string) {
  const u = await usoCliente(db, { id });
  const uses = [
    u.orcamentos ? `${u.orcamentos} orçamento(s)` : null,
    u.vendas ? `${u.vendas} venda(s)` : null,
  ].filter(Boolean);
  return conflict(
    'Não é possível remover cliente',
    `Este cliente possui ${uses.join(' e ') || 'registros vinculados'} e não pode ser removido.`,
  );
}

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
  opcoesPermissions: ['orcamentos', 'vendas'],
  create: clienteCreate,
  update: clienteUpdate,
  deleteConflict,
  nome: 'cliente',
  exportColumns,
});
