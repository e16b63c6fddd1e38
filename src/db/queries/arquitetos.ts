import { count, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { arquitetos, orcamentos, vendas } from '../schema';
import { orWhere, searchAny, searchDigits } from './common';
import { crudTable } from './crud';
import { emUsoRefusal } from './refusal';
import { descreverUso } from './vendedores';

/** How many quotes and sales name this architect (what stops a delete). */
export async function usoArquiteto(db: Executor, p: { id: string }) {
  const [o] = await db.select({ n: count() }).from(orcamentos).where(eq(orcamentos.arquiteto_id, p.id));
  const [v] = await db.select({ n: count() }).from(vendas).where(eq(vendas.arquiteto_id, p.id));
  return { orcamentos: o?.n ?? 0, vendas: v?.n ?? 0 };
}

/** The list's search, filters and sorts, and the select box's options (active ones, by name). */
export const arquitetosTable = crudTable({
  table: arquitetos,
  emUso,
  search: (q) =>
    orWhere(
      searchAny(q, [
        arquitetos.nome,
        arquitetos.email,
        arquitetos.telefone,
        arquitetos.cpf,
        arquitetos.cidade,
      ]),
      searchDigits(q, arquitetos.cpf),
      searchDigits(q, arquitetos.telefone),
    ),
  filters: (query) => [
    query.status === 'ativo' || query.status === 'inativo' ? eq(arquitetos.status, query.status) : undefined,
  ],
  sortable: {
    nome: arquitetos.nome,
    created_at: arquitetos.created_at,
    percentual_comissao: arquitetos.percentual_comissao,
    status: arquitetos.status,
  },
  defaultSort: '-created_at',
  opcoes: {
    columns: {
      id: arquitetos.id,
      nome: arquitetos.nome,
      percentual_comissao: arquitetos.percentual_comissao,
    },
    where: eq(arquitetos.status, 'ativo'),
    search: (q) => searchAny(q, [arquitetos.nome]),
    orderBy: arquitetos.nome,
  },
});

/** An architect named on quotes or sales cannot be deleted; the answer says what uses them. */
async function emUso(db: Executor, p: { id: string }) {
  return emUsoRefusal(
    'Não é possível remover arquiteto',
    `Este arquiteto está vinculado a ${descreverUso(await usoArquiteto(db, p))} e não pode ser removido.`,
  );
}
