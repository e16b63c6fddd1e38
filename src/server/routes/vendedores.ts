import { arquitetosTable } from '../../db/queries/arquitetos';
import { vendedoresTable } from '../../db/queries/vendedores';
import { arquitetoCreate, arquitetoUpdate } from '../../schemas/arquitetos';
import type { Permissao } from '../../schemas/permissoes';
import { vendedorCreate, vendedorUpdate } from '../../schemas/vendedores';
import { z } from '../../schemas/z';
import { COLUNAS, cadastroColumns } from '../export';
import { crudRoutes } from './crud';

/** The export's columns (the list's, with the address); sellers and architects share them. */
const exportColumns = cadastroColumns(
  [
    { header: 'Tipo', value: 'tipo' },
    { header: 'CPF', value: 'cpf' },
  ],
  [
    ...COLUNAS.endereco,
    { header: 'Comissão (%)', value: 'percentual_comissao', type: 'percent' },
    COLUNAS.status,
  ],
);

/** What sellers and architects share: the quote and sale screens read their options, a status filter. */
const opcoesPermissions: Permissao[] = ['orcamentos', 'vendas', 'financeiro'];
const comissionado = {
  opcoesPermissions,
  filterQuery: { status: z.enum(['ativo', 'inativo']).optional() },
  exportColumns,
};

/**
 * Sellers and architects (doc 2 §3, the same fields). One named on quotes or sales cannot be deleted:
 * the RESTRICT foreign keys refuse it and the answer says what uses them (db/queries/<recurso>.ts).
 */
export const vendedoresRoutes = crudRoutes({
  ...vendedoresTable,
  ...comissionado,
  recurso: 'vendedores',
  permission: 'vendedores',
  create: vendedorCreate,
  update: vendedorUpdate,
  nome: 'vendedor',
});

export const arquitetosRoutes = crudRoutes({
  ...arquitetosTable,
  ...comissionado,
  recurso: 'arquitetos',
  permission: 'arquitetos',
  create: arquitetoCreate,
  update: arquitetoUpdate,
  nome: 'arquiteto',
});
