import type { Executor } from '../../db/client';
import { fornecedoresTable, usoFornecedor } from '../../db/queries/fornecedores';
import { fornecedorCreate, fornecedorUpdate } from '../../schemas/fornecedores';
import { conflict } from '../errors';
import type { ExportColumn } from '../export';
import { crudRoutes } from './crud';

/** Doc 2 §8: a supplier still in use is not removed; the message says what uses it. */
async function deleteConflict(db: Executor, id: string) {
  const n = (await usoFornecedor(db, { id })).produtos;
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
  ...fornecedoresTable,
  recurso: 'fornecedores',
  permission: 'fornecedores',
  // The product form picks its supplier from this list.
  opcoesPermissions: ['produtos', 'orcamentos', 'vendas'],
  create: fornecedorCreate,
  update: fornecedorUpdate,
  deleteConflict,
  nome: 'fornecedor',
  exportColumns,
});
