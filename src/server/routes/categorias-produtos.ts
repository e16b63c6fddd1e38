import { Hono } from 'hono';
import { categoriasProdutosTable } from '../../db/queries/categorias-produtos';
import { rowSchema } from '../../db/row-schema';
import { categoriaProdutoCreate, categoriaProdutoUpdate } from '../../schemas/categorias-produtos';
import { z } from '../../schemas/z';
import type { AppEnv } from '../context';
import { COLUNAS, type ExportColumn } from '../export';
import { crudRoutes } from './crud';

const exportColumns: ExportColumn[] = [
  COLUNAS.nome,
  { header: 'Ativa', value: 'ativa', type: 'boolean' },
  { header: 'Produtos', value: 'total_produtos', type: 'integer' },
  COLUNAS.cadastradoEm,
];

/** Product categories (spec doc 2 §2 Produtos → Categorias), listed by name with their product count. */
export const categoriasProdutosRoutes = new Hono<AppEnv>().route(
  '/',
  crudRoutes({
    ...categoriasProdutosTable,
    recurso: 'categorias-produtos',
    permission: 'produtos',
    opcoesPermissions: ['orcamentos', 'vendas'],
    create: categoriaProdutoCreate,
    update: categoriaProdutoUpdate,
    nome: 'categoria de produto',
    // how many products use it (read only)
    row: rowSchema(categoriasProdutosTable.table).extend({ total_produtos: z.number().int() }),
    exportColumns,
    titulo: 'categorias-produtos',
  }),
);
