import type { Executor } from '../../db/client';
import { searchClientes as search, usoCliente } from '../../db/queries/clientes';
import { clientes } from '../../db/schema';
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
  table: clientes,
  recurso: 'clientes',
  permission: 'clientes',
  opcoesPermissions: ['orcamentos', 'vendas'],
  create: clienteCreate,
  update: clienteUpdate,
  search,
  sortable: { created_at: clientes.created_at, nome: clientes.nome, cidade: clientes.cidade },
  defaultSort: '-created_at',
  opcoes: {
    columns: {
      id: clientes.id,
      nome: clientes.nome,
      tipo: clientes.tipo,
      cpf_cnpj: clientes.cpf_cnpj,
      telefone: clientes.telefone,
      email: clientes.email,
    },
    search,
    orderBy: clientes.nome,
  },
  deleteConflict,
  nome: 'cliente',
  exportColumns,
});
