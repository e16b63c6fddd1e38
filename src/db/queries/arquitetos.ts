import { count, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { orcamentos, vendas } from '../schema';

/** How many quotes and sales name this architect (what stops a delete). */
export async function usoArquiteto(db: Executor, id: string) {
  const [o] = await db.select({ n: count() }).from(orcamentos).where(eq(orcamentos.arquiteto_id, id));
  const [v] = await db.select({ n: count() }).from(vendas).where(eq(vendas.arquiteto_id, id));
  return { orcamentos: o?.n ?? 0, vendas: v?.n ?? 0 };
}
