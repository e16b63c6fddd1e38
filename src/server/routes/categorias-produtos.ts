import { Hono } from 'hono';
import type { Executor } from '../../db/client';
import { categoriasProdutosTable } from '../../db/queries/categorias-produtos';
import { countProdutosNaCategoria } from '../../db/queries/produtos';
import {
  CATEGORIA_DUPLICADA,
  categoriaProdutoCreate,
  categoriaProdutoUpdate,
} from '../../schemas/categorias-produtos';
import type { AppEnv } from '../context';
import { conflict } from '../errors';
import type { ExportColumn } from '../export';
import { constraintMessages } from './constraint-errors';
import { crudRoutes } from './crud';

async function deleteConflict(db: Executor, id: string) {
  const n = await countProdutosNaCategoria(db, { id });
  return conflict(
    'Não é possível remover categoria',
    `Esta categoria é usada por ${n} produto${n === 1 ? '' : 's'} e não pode ser removida. Altere ou remova primeiro os produtos dessa categoria.`,
  );
}

const exportColumns: ExportColumn[] = [
  { header: 'Nome', value: 'nome' },
  { header: 'Ativa', value: 'ativa', type: 'boolean' },
  { header: 'Produtos', value: 'total_produtos', type: 'integer' },
  { header: 'Cadastrado em', value: 'created_at', type: 'datetime' },
];

/** Product categories (spec doc 2 §2 Produtos → Categorias), listed by name with their product count. */
export const categoriasProdutosRoutes = new Hono<AppEnv>()
  .use(
    '*',
    constraintMessages((v) =>
      v.code === '23505' && v.constraint === 'categorias_produtos_nome_unique'
        ? conflict('Categoria duplicada', CATEGORIA_DUPLICADA)
        : null,
    ),
  )
  .route(
    '/',
    crudRoutes({
      ...categoriasProdutosTable,
      recurso: 'categorias-produtos',
      permission: 'produtos',
      opcoesPermissions: ['orcamentos', 'vendas'],
      create: categoriaProdutoCreate,
      update: categoriaProdutoUpdate,
      deleteConflict,
      nome: 'categoria de produto',
      exportColumns,
      titulo: 'categorias-produtos',
    }),
  );
