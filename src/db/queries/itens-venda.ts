import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { orcamentoItens } from '../schema';

export async function countOrcamentosComItemVenda(db: Executor, itemVendaId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(distinct ${orcamentoItens.orcamento_id})::int` })
    .from(orcamentoItens)
    .where(eq(orcamentoItens.item_venda_id, itemVendaId));
  return r?.n ?? 0;
}
