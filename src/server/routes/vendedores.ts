import { Hono } from 'hono';
import { usoVendedor, vendedoresTable } from '../../db/queries/vendedores';
import { uuid } from '../../schemas/common';
import { vendedorCreate, vendedorUpdate } from '../../schemas/vendedores';
import { z } from '../../schemas/z';
import { type AppEnv, parseId } from '../context';
import { conflict } from '../errors';
import type { ExportColumn } from '../export';
import { requirePermission } from '../permissions';
import { crudRoutes } from './crud';

/** "2 orçamentos e 1 venda" — what still uses a person, for the delete refusal. */
export function descreverUso(uso: { orcamentos: number; vendas: number }): string {
  const parts: string[] = [];
  if (uso.orcamentos) parts.push(`${uso.orcamentos} ${uso.orcamentos === 1 ? 'orçamento' : 'orçamentos'}`);
  if (uso.vendas) parts.push(`${uso.vendas} ${uso.vendas === 1 ? 'venda' : 'vendas'}`);
  return parts.join(' e ') || 'outros registros';
}

/** The export's columns (the list's, with the address). */
const exportColumns: ExportColumn[] = [
  { header: 'Nome', value: 'nome' },
  { header: 'Tipo', value: 'tipo' },
  { header: 'CPF', value: 'cpf' },
  { header: 'Telefone', value: 'telefone' },
  { header: 'E-mail', value: 'email' },
  { header: 'Endereço', value: 'endereco' },
  { header: 'Cidade', value: 'cidade' },
  { header: 'UF', value: 'uf' },
  { header: 'CEP', value: 'cep' },
  { header: 'Comissão (%)', value: 'percentual_comissao', type: 'percent' },
  { header: 'Status', value: 'status', labels: { ativo: 'Ativo', inativo: 'Inativo' } },
  { header: 'Cadastrado em', value: 'created_at', type: 'datetime' },
];

const crud = crudRoutes({
  ...vendedoresTable,
  recurso: 'vendedores',
  permission: 'vendedores',
  opcoesPermissions: ['orcamentos', 'vendas'],
  create: vendedorCreate,
  update: vendedorUpdate,
  filterQuery: { status: z.enum(['ativo', 'inativo']).optional() },
  deleteConflict: async (db, id) => emUso(await usoVendedor(db, { id })),
  nome: 'vendedor',
  exportColumns,
});

const emUso = (uso: { orcamentos: number; vendas: number }) =>
  conflict(
    'Não é possível remover vendedor',
    `Este vendedor está vinculado a ${descreverUso(uso)} e não pode ser removido.`,
  );

/**
 * A seller named on quotes or sales cannot be deleted: checked first so the answer says what uses
 * them (the RESTRICT foreign keys still guard against a race).
 */
export const vendedoresRoutes = new Hono<AppEnv>()
  .delete('/:id', requirePermission('vendedores'), async (c, next) => {
    const uso = await usoVendedor(c.get('deps').db, { id: parseId(c, uuid) });
    if (uso.orcamentos || uso.vendas) throw emUso(uso);
    await next();
  })
  .route('/', crud);
