import { count, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { type arquitetos, orcamentos, vendas, type vendedores } from '../schema';
import { orWhere, searchAny, searchDigits } from './common';
import { crudTable } from './crud';
import { emUsoRefusal } from './refusal';

/**
 * Sellers and architects are the same record (doc 2 §3: name, CPF, contact, address, commission,
 * status) in two tables; quotes and sales name each by its own column. One declaration serves both.
 */
type Comissionados = typeof vendedores | typeof arquitetos;

/** "2 orçamentos e 1 venda" — what still uses a person, for the delete refusal. */
export function descreverUso(uso: { orcamentos: number; vendas: number }): string {
  const parts: string[] = [];
  if (uso.orcamentos) parts.push(`${uso.orcamentos} ${uso.orcamentos === 1 ? 'orçamento' : 'orçamentos'}`);
  if (uso.vendas) parts.push(`${uso.vendas} ${uso.vendas === 1 ? 'venda' : 'vendas'}`);
  return parts.join(' e ') || 'outros registros';
}

/**
 * The list's search (name, e-mail, phone, CPF and `busca`; CPF and phone by digits too), status filter
 * and sorts, the select box's options (active ones, by name), and the delete refusal: one named on
 * quotes or sales cannot be deleted, and the answer says what uses them.
 */
export function comissionadoTable<T extends Comissionados>(
  table: T,
  p: { nome: 'vendedor' | 'arquiteto'; coluna: 'vendedor_id' | 'arquiteto_id'; busca?: T['cidade'][] },
) {
  async function emUso(db: Executor, { id }: { id: string }) {
    const [o] = await db.select({ n: count() }).from(orcamentos).where(eq(orcamentos[p.coluna], id));
    const [v] = await db.select({ n: count() }).from(vendas).where(eq(vendas[p.coluna], id));
    const uso = descreverUso({ orcamentos: o?.n ?? 0, vendas: v?.n ?? 0 });
    return emUsoRefusal(
      `Não é possível remover ${p.nome}`,
      `Este ${p.nome} está vinculado a ${uso} e não pode ser removido.`,
    );
  }
  return crudTable({
    table,
    emUso,
    search: (q) =>
      orWhere(
        searchAny(q, [table.nome, table.email, table.telefone, table.cpf, ...(p.busca ?? [])]),
        searchDigits(q, table.cpf),
        searchDigits(q, table.telefone),
      ),
    filters: (query) => [
      query.status === 'ativo' || query.status === 'inativo' ? eq(table.status, query.status) : undefined,
    ],
    sortable: {
      nome: table.nome,
      created_at: table.created_at,
      percentual_comissao: table.percentual_comissao,
      status: table.status,
    },
    defaultSort: '-created_at',
    opcoes: {
      columns: { id: table.id, nome: table.nome, percentual_comissao: table.percentual_comissao },
      where: eq(table.status, 'ativo'),
      search: (q) => searchAny(q, [table.nome]),
      orderBy: table.nome,
    },
  });
}
