import { Hono } from 'hono';
import type { Executor } from '../../db/client';
import { countOrcamentosComProduto, FLAG, produtosTable } from '../../db/queries/produtos';
import { produtoCreate, produtoUpdate } from '../../schemas/produtos';
import { z } from '../../schemas/z';
import type { AppEnv } from '../context';
import { badRequest, conflict } from '../errors';
import type { ExportColumn } from '../export';
import { constraintMessages } from './constraint-errors';
import { crudRoutes } from './crud';

async function deleteConflict(db: Executor, id: string) {
  const n = await countOrcamentosComProduto(db, { id });
  return conflict(
    'Não é possível remover produto',
    `Este produto é usado em ${n} orçamento${n === 1 ? '' : 's'} e não pode ser removido.`,
  );
}

const exportColumns: ExportColumn[] = [
  { header: 'Nome', value: 'nome' },
  { header: 'Categoria', value: 'categoria' },
  { header: 'Fornecedor', value: 'fornecedor_nome' },
  { header: 'Valor (m²/unidade)', value: 'valor_m2', type: 'money' },
  { header: 'Estoque', value: 'estoque', type: 'number' },
  { header: 'Estoque mínimo', value: 'estoque_minimo', type: 'number' },
  { header: 'Unidade', value: 'unidade' },
  { header: 'Tipo de unidade', value: 'tipo_unidade' },
  { header: 'Descrição', value: 'descricao' },
  { header: 'Cadastrado em', value: 'created_at', type: 'datetime' },
];

/** Products with the supplier's name joined (read only; the update schema drops it). */
export const produtosRoutes = new Hono<AppEnv>()
  .use(
    '*',
    constraintMessages((v, method) => {
      if (v.code !== '23503' || (method !== 'POST' && method !== 'PATCH')) return null;
      if (v.constraint === 'produtos_categoria_categorias_produtos_nome_fk') {
        return badRequest('Categoria não encontrada.', [
          { path: 'categoria', message: 'Categoria não encontrada.' },
        ]);
      }
      if (v.constraint === 'produtos_fornecedor_id_fornecedores_id_fk') {
        return badRequest('Fornecedor não encontrado.', [
          { path: 'fornecedor_id', message: 'Fornecedor não encontrado.' },
        ]);
      }
      return null;
    }),
  )
  .route(
    '/',
    crudRoutes({
      ...produtosTable,
      recurso: 'produtos',
      permission: 'produtos',
      opcoesPermissions: ['orcamentos', 'vendas'],
      create: produtoCreate,
      update: produtoUpdate,
      // The filter's value is refused here, with the screen's words, before the query builds it.
      filters: (query) => {
        const abaixo = query.abaixo_minimo;
        if (abaixo !== undefined && abaixo !== '' && FLAG.get(abaixo) === undefined)
          throw badRequest('O filtro abaixo_minimo deve ser true ou false.');
        return produtosTable.filters!(query);
      },
      filterQuery: {
        abaixo_minimo: z.enum(['true', 'false', '1', '0']).optional(),
        categoria: z.string().optional(),
      },
      deleteConflict,
      nome: 'produto',
      exportColumns,
    }),
  );
