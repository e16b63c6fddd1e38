import { count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { categoriasProdutos, fornecedores, orcamentoItens, produtos } from '../schema';
import { likePattern } from './common';
import { crudTable, selectOf } from './crud';
import { type ConstraintMap, emUsoRefusal } from './refusal';

const produtoComFornecedor = {
  ...getTableColumns(produtos),
  // Unset, the invoice's unit follows the product's (m² → M2, the rest UN): answered as such.
  unidade_comercial: sql<
    'M2' | 'UN' | 'ML'
  >`coalesce(${produtos.unidade_comercial}, case when ${produtos.tipo_unidade} = 'm²' then 'M2' else 'UN' end)`,
  fornecedor_nome: fornecedores.nome,
};

/** Products with their supplier's name joined (read only, spec doc 2 §3). */
const select = selectOf(
  (db) =>
    db
      .select(produtoComFornecedor)
      .from(produtos)
      .leftJoin(fornecedores, eq(fornecedores.id, produtos.fornecedor_id))
      .$dynamic(),
  produtos.id,
);

/**
 * `?q=` matches the product name (trigram index) or its category's name. The category side looks the
 * matching names up in the small categories table, so the product's categoria index serves it.
 */
export function searchProdutos(q: string): SQL {
  const p = likePattern(q);
  return sql`(${produtos.nome} ilike ${p} or ${produtos.categoria} in (select ${categoriasProdutos.nome} from ${categoriasProdutos} where ${categoriasProdutos.nome} ilike ${p}))`;
}

export const abaixoDoMinimo = sql`${produtos.estoque} < ${produtos.estoque_minimo}`;

/** How many quotes have a line with this product (`produto_id`) or sale item (`item_venda_id`). */
export async function countOrcamentosCom(
  db: Executor,
  p: { coluna: 'produto_id' | 'item_venda_id'; id: string },
): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(distinct ${orcamentoItens.orcamento_id})::int` })
    .from(orcamentoItens)
    .where(eq(orcamentoItens[p.coluna], p.id));
  return r?.n ?? 0;
}

export async function countProdutosNaCategoria(db: Executor, p: { id: string }): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(produtos)
    .innerJoin(categoriasProdutos, eq(categoriasProdutos.nome, produtos.categoria))
    .where(eq(categoriasProdutos.id, p.id));
  return r?.n ?? 0;
}

// A Map, not an object: `?abaixo_minimo=constructor` must not find Object.prototype's members.
export const FLAG = new Map<string, boolean>([
  ['true', true],
  ['1', true],
  ['false', false],
  ['0', false],
]);

/**
 * The list (with the supplier's name joined), its search, filters (`abaixo_minimo`, already checked by
 * the route, and `categoria`) and sorts, and the select box's options.
 */
export const produtosTable = crudTable({
  table: produtos,
  emUso,
  search: searchProdutos,
  filters: (query) => {
    const parts = [];
    const abaixo = query.abaixo_minimo;
    if (abaixo !== undefined && abaixo !== '' && FLAG.get(abaixo)) parts.push(abaixoDoMinimo);
    if (query.categoria) parts.push(eq(produtos.categoria, query.categoria.trim().toLowerCase()));
    return parts;
  },
  sortable: {
    nome: produtos.nome,
    categoria: produtos.categoria,
    valor_m2: produtos.valor_m2,
    estoque: produtos.estoque,
    created_at: produtos.created_at,
  },
  defaultSort: '-created_at',
  opcoes: {
    columns: {
      id: produtos.id,
      nome: produtos.nome,
      valor_m2: produtos.valor_m2,
      tipo_unidade: produtos.tipo_unidade,
      perda_percentual: produtos.perda_percentual,
    },
    search: searchProdutos,
    orderBy: produtos.nome,
  },
  select,
});

/** A product naming a category or supplier that does not exist (on create and edit). */
export const produtosConstraints: ConstraintMap = {
  produtos_categoria_categorias_produtos_nome_fk: {
    code: '23503',
    methods: ['POST', 'PATCH'],
    refusal: {
      status: 400,
      title: 'Dados inválidos',
      detail: 'Categoria não encontrada.',
      path: 'categoria',
    },
  },
  produtos_fornecedor_id_fornecedores_id_fk: {
    code: '23503',
    methods: ['POST', 'PATCH'],
    refusal: {
      status: 400,
      title: 'Dados inválidos',
      detail: 'Fornecedor não encontrado.',
      path: 'fornecedor_id',
    },
  },
};

/** A product used on quotes cannot be deleted. */
async function emUso(db: Executor, p: { id: string }) {
  const n = await countOrcamentosCom(db, { coluna: 'produto_id', id: p.id });
  return emUsoRefusal(
    'Não é possível remover produto',
    `Este produto é usado em ${n} orçamento${n === 1 ? '' : 's'} e não pode ser removido.`,
  );
}
