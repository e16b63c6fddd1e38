import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { categoriasProdutos } from '../schema';

// Products reference the category by name (produtos_categoria_idx serves this count).
const categoriaComUso = {
  ...getTableColumns(categoriasProdutos),
  // Raw on purpose: inside a select list Drizzle leaves columns unqualified, and "nome" would then
  // resolve to the product's own name inside the subquery.
  total_produtos:
    sql<number>`(select count(*) from produtos p where p.categoria = categorias_produtos.nome)::int`.as(
      'total_produtos',
    ),
};

/** Categories with how many products use each (the screen disables delete for those in use). */
export function listCategorias(
  db: Executor,
  where: SQL | undefined,
  order: SQL,
  limit: number,
  offset: number,
) {
  return db
    .select(categoriaComUso)
    .from(categoriasProdutos)
    .where(where)
    .orderBy(order)
    .limit(limit)
    .offset(offset);
}

export async function getCategoria(db: Executor, id: string) {
  const [row] = await db
    .select(categoriaComUso)
    .from(categoriasProdutos)
    .where(eq(categoriasProdutos.id, id));
  return row;
}
