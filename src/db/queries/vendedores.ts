import { count, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { orcamentos, vendas } from '../schema';

/** How many quotes and sales name this seller (what stops a delete). */
export async function usoVendedor(db: Executor, id: string) {
  const [o] = await db.select({ n: count() }).from(orcamentos).where(eq(orcamentos.vendedor_id, id));
  const [v] = await db.select({ n: count() }).from(vendas).where(eq(vendas.vendedor_id, id));
  return { orcamentos: o?.n ?? 0, vendas: v?.n ?? 0 };
}
