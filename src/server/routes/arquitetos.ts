import { Hono } from 'hono';
import { arquitetosTable, usoArquiteto } from '../../db/queries/arquitetos';
import { arquitetoCreate, arquitetoUpdate } from '../../schemas/arquitetos';
import { uuid } from '../../schemas/common';
import { z } from '../../schemas/z';
import { type AppEnv, parseId } from '../context';
import { conflict } from '../errors';
import type { ExportColumn } from '../export';
import { requirePermission } from '../permissions';
import { crudRoutes } from './crud';
import { descreverUso } from './vendedores';

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
  ...arquitetosTable,
  recurso: 'arquitetos',
  permission: 'arquitetos',
  opcoesPermissions: ['orcamentos', 'vendas'],
  create: arquitetoCreate,
  update: arquitetoUpdate,
  filterQuery: { status: z.enum(['ativo', 'inativo']).optional() },
  deleteConflict: async (db, id) => emUso(await usoArquiteto(db, { id })),
  nome: 'arquiteto',
  exportColumns,
});

const emUso = (uso: { orcamentos: number; vendas: number }) =>
  conflict(
    'Não é possível remover arquiteto',
    `Este arquiteto está vinculado a ${descreverUso(uso)} e não pode ser removido.`,
  );

/**
 * An architect named on quotes or sales cannot be deleted: checked first so the answer says what uses
 * them (the RESTRICT foreign keys still guard against a race).
 */
export const arquitetosRoutes = new Hono<AppEnv>()
  .delete('/:id', requirePermission('arquitetos'), async (c, next) => {
    const uso = await usoArquiteto(c.get('deps').db, { id: parseId(c, uuid) });
    if (uso.orcamentos || uso.vendas) throw emUso(uso);
    await next();
  })
  .route('/', crud);
