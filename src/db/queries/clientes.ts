import { count, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { clientes, orcamentos, vendas } from '../schema';
import { orWhere, searchAny } from './common';
import { crudTable } from './crud';
import { searchDocumento } from './documentos';
import { type ConstraintMap, emUsoRefusal } from './refusal';

/** The clients list's search: name, e-mail, or the CPF/CNPJ by its digits. */
export const searchClientes = (q: string) =>
  orWhere(searchAny(q, [clientes.nome, clientes.email]), searchDocumento(q, clientes.cpf_cnpj));

/** The quotes and sales that point at a client (what keeps it from being removed). */
export async function usoCliente(
  db: Executor,
  p: { id: string },
): Promise<{ orcamentos: number; vendas: number }> {
  const [[o], [v]] = await Promise.all([
    db.select({ n: count() }).from(orcamentos).where(eq(orcamentos.cliente_id, p.id)),
    db.select({ n: count() }).from(vendas).where(eq(vendas.cliente_id, p.id)),
  ]);
  return { orcamentos: o?.n ?? 0, vendas: v?.n ?? 0 };
}

/** The list's search and sorts, and the select box's options (by name). */
export const clientesTable = crudTable({
  table: clientes,
  emUso,
  search: searchClientes,
  sortable: { created_at: clientes.created_at, nome: clientes.nome, cidade: clientes.cidade },
  defaultSort: '-created_at',
  opcoes: {
    columns: {
      id: clientes.id,
      nome: clientes.nome,
      tipo: clientes.tipo,
      cpf_cnpj: clientes.cpf_cnpj,
      telefone: clientes.telefone,
      email: clientes.email,
    },
    search: searchClientes,
    orderBy: clientes.nome,
  },
});

/** Why a client cannot be removed: the quotes and sales that point at it. */
async function emUso(db: Executor, p: { id: string }) {
  const u = await usoCliente(db, p);
  const uses = [
    u.orcamentos ? `${u.orcamentos} orçamento(s)` : null,
    u.vendas ? `${u.vendas} venda(s)` : null,
  ].filter(Boolean);
  return emUsoRefusal(
    'Não é possível remover cliente',
    `Este cliente possui ${uses.join(' e ') || 'registros vinculados'} e não pode ser removido.`,
  );
}

/** A PATCH that marks "Isento" on a client with an IE saved (or the reverse) without clearing the other. */
export const clientesConstraints: ConstraintMap = {
  clientes_ie_ck: {
    code: '23514',
    refusal: {
      status: 400,
      title: 'Dados inválidos',
      detail: 'Informe a inscrição estadual ou marque "Isento", não os dois.',
      path: 'inscricao_estadual',
    },
  },
};
