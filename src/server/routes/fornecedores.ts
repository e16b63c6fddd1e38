import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orWhere, searchAny } from '../../db/queries/common';
import { searchDocumento } from '../../db/queries/documentos';
import { fornecedores, produtos } from '../../db/schema';
import { fornecedorCreate, fornecedorUpdate } from '../../schemas/fornecedores';
import { conflict } from '../errors';
import type { ExportColumn } from '../export';
import { crudRoutes } from './crud';

const search = (q: string) =>
  orWhere(
    searchAny(q, [fornecedores.nome, fornecedores.contato, fornecedores.email, fornecedores.cidade]),
    searchDocumento(q, fornecedores.cnpj),
  );

/** Doc 2 §8: a supplier still in use is not removed; the message says what uses it. */
async function deleteConflict(db: Executor, id: string) {
  const [r] = await db.select({ n: count() }).from(produtos).where(eq(produtos.fornecedor_id, id));
  const n = r?.n ?? 0;
  return conflict(
    'Não é possível remover fornecedor',
    n > 0
      ? `Este fornecedor está vinculado a ${n} produto(s) e não pode ser removido. Remova ou altere primeiro os produtos relacionados.`
      : 'Este fornecedor está vinculado a outros registros e não pode ser removido.',
  );
}

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
  table: fornecedores,
  recurso: 'fornecedores',
  permission: 'fornecedores',
  // The product form picks its supplier from this list.
  opcoesPermissions: ['produtos', 'orcamentos', 'vendas'],
  create: fornecedorCreate,
  update: fornecedorUpdate,
  search,
  sortable: { created_at: fornecedores.created_at, nome: fornecedores.nome },
  defaultSort: '-created_at',
  opcoes: {
    columns: { id: fornecedores.id, nome: fornecedores.nome },
    search: (q) => searchAny(q, [fornecedores.nome]),
    orderBy: fornecedores.nome,
  },
  deleteConflict,
  nome: 'fornecedor',
  exportColumns,
});
