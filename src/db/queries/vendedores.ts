import { count, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { orcamentos, vendas, vendedores } from '../schema';
import { orWhere, searchAny, searchDigits } from './common';
import { crudTable } from './crud';
import { emUsoRefusal } from './refusal';

/** How many quotes and sales name this seller (what stops a delete). */
export async function usoVendedor(db: Executor, p: { id: string }) {
  const [o] = await db.select({ n: count() }).from(orcamentos).where(eq(orcamentos.vendedor_id, p.id));
  const [v] = await db.select({ n: count() }).from(vendas).where(eq(vendas.vendedor_id, p.id));
  return { orcamentos: o?.n ?? 0, vendas: v?.n ?? 0 };
}

/** The list's search, filters and sorts, and the select box's options (active ones, by name). */
export const vendedoresTable = crudTable({
  table: vendedores,
  emUso,
  search: (q) =>
    orWhere(
      searchAny(q, [vendedores.nome, vendedores.email, vendedores.telefone, vendedores.cpf]),
      searchDigits(q, vendedores.cpf),
      searchDigits(q, vendedores.telefone),
    ),
  filters: (query) => [
    query.status === 'ativo' || query.status === 'inativo' ? eq(vendedores.status, query.status) : undefined,
  ],
  sortable: {
    nome: vendedores.nome,
    created_at: vendedores.created_at,
    percentual_comissao: vendedores.percentual_comissao,
    status: vendedores.status,
  },
  defaultSort: '-created_at',
  opcoes: {
    columns: {
      id: vendedores.id,
      nome: vendedores.nome,
      percentual_comissao: vendedores.percentual_comissao,
    },
    where: eq(vendedores.status, 'ativo'),
    search: (q) => searchAny(q, [vendedores.nome]),
    orderBy: vendedores.nome,
  },
});

/** "2 orçamentos e 1 venda" — what still uses a person, for the delete refusal. */
export function descreverUso(uso: { orcamentos: number; vendas: number }): string {
  const parts: string[] = [];
  if (uso.orcamentos) parts.push(`${uso.orcamentos} ${uso.orcamentos === 1 ? 'orçamento' : 'orçamentos'}`);
  if (uso.vendas) parts.push(`${uso.vendas} ${uso.vendas === 1 ? 'venda' : 'vendas'}`);
  return parts.join(' e ') || 'outros registros';
}

/** A seller named on quotes or sales cannot be deleted; the answer says what uses them. */
async function emUso(db: Executor, p: { id: string }) {
  return emUsoRefusal(
    'Não é possível remover vendedor',
    `Este vendedor está vinculado a ${descreverUso(await usoVendedor(db, p))} e não pode ser removido.`,
  );
}
