import { count, eq, sql } from 'drizzle-orm';
import { TAXAS_PARCELA, type TaxaParcela } from '../../schemas/cartoes';
import type { Executor } from '../client';
import { cartoes, orcamentos, vendas } from '../schema';
import { likePattern, queryRows } from './common';
import { crudTable } from './crud';
import { emUsoRefusal } from './refusal';

export interface CartoesEstatisticasRow {
  total: number;
  ativos: number;
  taxa_media_debito: string | null;
  taxa_media_credito: string | null;
}

/** The screen's KPI figures in one aggregate: counts and the average rates of the active methods. */
export async function cartoesEstatisticas(db: Executor): Promise<CartoesEstatisticasRow> {
  const [r] = await queryRows<CartoesEstatisticasRow>(
    db,
    sql`select
      count(*)::int as total,
      (count(*) filter (where ${cartoes.status} = 'Ativo'))::int as ativos,
      round(avg(${cartoes.taxa}) filter (where ${cartoes.status} = 'Ativo' and ${cartoes.tipo} = 'Débito'), 2)::text as taxa_media_debito,
      round(avg(${cartoes.taxa_1x}) filter (where ${cartoes.status} = 'Ativo' and ${cartoes.tipo} = 'Crédito'), 2)::text as taxa_media_credito
    from ${cartoes}`,
  );
  return r ?? { total: 0, ativos: 0, taxa_media_debito: null, taxa_media_credito: null };
}

export async function getCartao(db: Executor, p: { id: string }) {
  const [row] = await db.select().from(cartoes).where(eq(cartoes.id, p.id));
  return row;
}

/** How many quotes and sales use a payment method (it cannot be deleted while any do). */
export async function usosDoCartao(db: Executor, p: { id: string }) {
  const [[o], [v]] = await Promise.all([
    db.select({ n: count() }).from(orcamentos).where(eq(orcamentos.cartao_id, p.id)),
    db.select({ n: count() }).from(vendas).where(eq(vendas.cartao_id, p.id)),
  ]);
  return { orcamentos: o?.n ?? 0, vendas: v?.n ?? 0 };
}

const search = (q: string) => {
  const p = likePattern(q);
  return sql`(${cartoes.bandeira} ilike ${p} or ${cartoes.tipo} ilike ${p} or ${cartoes.observacoes} ilike ${p})`;
};

/**
 * The list's search, filters (status and tipo, already checked by the route) and sorts, and the select
 * box's options (active methods, by brand, with every rate).
 */
export const cartoesTable = crudTable({
  table: cartoes,
  emUso,
  search,
  filters: (query) => {
    const parts = [];
    // any text may come in the query string: an unknown value lists nothing (the column's type is its enum)
    if (query.status) parts.push(sql`${cartoes.status} = ${query.status}`);
    if (query.tipo) parts.push(sql`${cartoes.tipo} = ${query.tipo}`);
    return parts;
  },
  sortable: { created_at: cartoes.created_at, bandeira: cartoes.bandeira, tipo: cartoes.tipo },
  defaultSort: '-created_at',
  opcoes: {
    columns: {
      id: cartoes.id,
      bandeira: cartoes.bandeira,
      tipo: cartoes.tipo,
      taxa: cartoes.taxa,
      observacoes: cartoes.observacoes,
      ...(Object.fromEntries(TAXAS_PARCELA.map((k) => [k, cartoes[k]])) as {
        [K in TaxaParcela]: (typeof cartoes)[K];
      }),
    },
    where: eq(cartoes.status, 'Ativo'),
    search,
    orderBy: cartoes.bandeira,
  },
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A payment method used by quotes or sales cannot be deleted (it can be made inactive). */
async function emUso(db: Executor, p: { id: string }) {
  const u = await usosDoCartao(db, p);
  const usos = [
    u.orcamentos ? plural(u.orcamentos, 'orçamento', 'orçamentos') : '',
    u.vendas ? plural(u.vendas, 'venda', 'vendas') : '',
  ].filter(Boolean);
  return emUsoRefusal(
    'Não é possível remover pagamento',
    `Este método de pagamento é usado em ${usos.join(' e ') || 'outros registros'} e não pode ser removido. Você pode marcá-lo como Inativo.`,
  );
}
