import { Hono } from 'hono';
import type { Executor } from '../../db/client';
import { countOrcamentosComItemVenda, itensVendaTable } from '../../db/queries/itens-venda';
import { itemVendaCreate, itemVendaUpdate } from '../../schemas/itens-venda';
import type { AppEnv } from '../context';
import { conflict } from '../errors';
import type { ExportColumn } from '../export';
import { crudRoutes } from './crud';

async function deleteConflict(db: Executor, id: string) {
  const n = await countOrcamentosComItemVenda(db, { id });
  return conflict(
    'Não é possível remover item',
    `Este item é usado em ${n} orçamento${n === 1 ? '' : 's'} e não pode ser removido.`,
  );
}

const exportColumns: ExportColumn[] = [
  { header: 'Nome', value: 'nome' },
  { header: 'Formato de medida', value: 'formato_medida' },
  { header: 'Cadastrado em', value: 'created_at', type: 'datetime' },
];

/** Sale items (what a quote line is: "Bancada", "Soleira"…), listed by name ascending (spec doc 2 §7). */
export const itensVendaRoutes = new Hono<AppEnv>().route(
  '/',
  crudRoutes({
    ...itensVendaTable,
    recurso: 'itens-venda',
    permission: 'produtos',
    opcoesPermissions: ['orcamentos', 'vendas'],
    create: itemVendaCreate,
    update: itemVendaUpdate,
    deleteConflict,
    nome: 'item de venda',
    exportColumns,
  }),
);
