import { eq, getTableColumns, sql } from 'drizzle-orm';
import { CATEGORIA_DUPLICADA } from '../../schemas/categorias-produtos';
import type { Executor } from '../client';
import { categoriasProdutos } from '../schema';
import { crudTable, porNome, selectOf } from './crud';
import { countProdutosNaCategoria } from './produtos';
import { type ConstraintMap, emUsoRefusal } from './refusal';

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
const select = selectOf(
  (db) => db.select(categoriaComUso).from(categoriasProdutos).$dynamic(),
  categoriasProdutos.id,
);

/** The list (with each category's product count), its search and sorts, and the active categories' options. */
export const categoriasProdutosTable = crudTable({
  table: categoriasProdutos,
  emUso,
  ...porNome(
    categoriasProdutos,
    { id: categoriasProdutos.id, nome: categoriasProdutos.nome },
    eq(categoriasProdutos.ativa, true),
  ),
  select,
});

/** A second category with a name already taken (names are what products point at). */
export const categoriasProdutosConstraints: ConstraintMap = {
  categorias_produtos_nome_unique: {
    code: '23505',
    refusal: { status: 409, title: 'Categoria duplicada', detail: CATEGORIA_DUPLICADA },
  },
};

/** A category its products still name cannot be deleted. */
async function emUso(db: Executor, p: { id: string }) {
  const n = await countProdutosNaCategoria(db, p);
  return emUsoRefusal(
    'Não é possível remover categoria',
    `Esta categoria é usada por ${n} produto${n === 1 ? '' : 's'} e não pode ser removida. Altere ou remova primeiro os produtos dessa categoria.`,
  );
}
