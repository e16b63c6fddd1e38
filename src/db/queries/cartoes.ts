import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { cartoes, orcamentos, vendas } from '../schema';
import { queryRows } from './common';

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

export async function getCartao(db: Executor, id: string) {
  const [row] = await db.select().from(cartoes).where(eq(cartoes.id, id));
  return row;
}

/** How many quotes and sales use a payment method (it cannot be deleted while any do). */
export async function usosDoCartao(db: Executor, id: string) {
  const [[o], [v]] = await Promise.all([
    db.select({ n: count() }).from(orcamentos).where(eq(orcamentos.cartao_id, id)),
    db.select({ n: count() }).from(vendas).where(eq(vendas.cartao_id, id)),
  ]);
  return { orcamentos: o?.n ?? 0, vendas: v?.n ?? 0 };
}
