import { count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { categoriasProdutos, fornecedores, orcamentoItens, produtos } from '../schema';
import { likePattern } from './common';

const produtoComFornecedor = {
  ...getTableColumns(produtos),
  fornecedor_nome: fornecedores.nome,
};

/** Products with their supplier's name joined (read only, spec doc 2 §3). */
export function listProdutos(
  db: Executor,
  where: SQL | undefined,
  order: SQL,
  limit: number,
  offset: number,
) {
  return db
    .select(produtoComFornecedor)
    .from(produtos)
    .leftJoin(fornecedores, eq(fornecedores.id, produtos.fornecedor_id))
    .where(where)
    .orderBy(order)
    .limit(limit)
    .offset(offset);
}

export async function getProduto(db: Executor, id: string) {
  const [row] = await db
    .select(produtoComFornecedor)
    .from(produtos)
    .leftJoin(fornecedores, eq(fornecedores.id, produtos.fornecedor_id))
    .where(eq(produtos.id, id));
  return row;
}

/**
 * `?q=` matches the product name (trigram index) or its category's name. The category side looks the
 * matching names up in the small categories table, so the product's categoria index serves it.
 */
export function searchProdutos(q: string): SQL {
  const p = likePattern(q);
  return sql`(${produtos.nome} ilike ${p} or ${produtos.categoria} in (select ${categoriasProdutos.nome} from ${categoriasProdutos} where ${categoriasProdutos.nome} ilike ${p}))`;
}

export const abaixoDoMinimo = sql`${produtos.estoque} < ${produtos.estoque_minimo}`;

export async function countOrcamentosComProduto(db: Executor, produtoId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(distinct ${orcamentoItens.orcamento_id})::int` })
    .from(orcamentoItens)
    .where(eq(orcamentoItens.produto_id, produtoId));
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
