import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { itensVenda, orcamentoItens } from '../schema';
import { likePattern } from './common';
import { crudTable } from './crud';
import { emUsoRefusal } from './refusal';

export async function countOrcamentosComItemVenda(db: Executor, p: { id: string }): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(distinct ${orcamentoItens.orcamento_id})::int` })
    .from(orcamentoItens)
    .where(eq(orcamentoItens.item_venda_id, p.id));
  return r?.n ?? 0;
}

const search = (q: string) => sql`${itensVenda.nome} ilike ${likePattern(q)}`;

/** The list's search and sorts (by name ascending, spec doc 2 §7), and the select box's options. */
export const itensVendaTable = crudTable({
  table: itensVenda,
  emUso,
  search,
  sortable: { nome: itensVenda.nome, created_at: itensVenda.created_at },
  defaultSort: 'nome',
  opcoes: {
    columns: { id: itensVenda.id, nome: itensVenda.nome, formato_medida: itensVenda.formato_medida },
    search,
    orderBy: itensVenda.nome,
  },
});

/** A sale item used on quotes cannot be deleted. */
async function emUso(db: Executor, p: { id: string }) {
  const n = await countOrcamentosComItemVenda(db, p);
  return emUsoRefusal(
    'Não é possível remover item',
    `Este item é usado em ${n} orçamento${n === 1 ? '' : 's'} e não pode ser removido.`,
  );
}
