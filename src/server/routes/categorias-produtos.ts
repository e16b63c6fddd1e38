import { Hono } from 'hono';
import { categoriasProdutosTable } from '../../db/queries/categorias-produtos';
import { categoriaProdutoCreate, categoriaProdutoUpdate } from '../../schemas/categorias-produtos';
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
    exportColumns,
    titulo: 'categorias-produtos',
  }),
);
