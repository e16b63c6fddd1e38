import { count, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { fornecedores, produtos } from '../schema';
import { orWhere, searchAny } from './common';
import { crudTable } from './crud';
import { searchDocumento } from './documentos';
import { emUsoRefusal } from './refusal';

/** The suppliers list's search: name, contact, e-mail, city, or the CNPJ by its digits. */
export const searchFornecedores = (q: string) =>
  orWhere(
    searchAny(q, [fornecedores.nome, fornecedores.contato, fornecedores.email, fornecedores.cidade]),
    searchDocumento(q, fornecedores.cnpj),
  );

/** The select box's search: the name only. */
export const searchFornecedorOpcoes = (q: string) => searchAny(q, [fornecedores.nome]);

/** How many products name the supplier (what keeps it from being removed). */
export async function usoFornecedor(db: Executor, p: { id: string }): Promise<{ produtos: number }> {
  const [r] = await db.select({ n: count() }).from(produtos).where(eq(produtos.fornecedor_id, p.id));
  return { produtos: r?.n ?? 0 };
}

/** The list's search and sorts, and the select box's options (by name). */
export const fornecedoresTable = crudTable({
  table: fornecedores,
  emUso,
  search: searchFornecedores,
  sortable: { created_at: fornecedores.created_at, nome: fornecedores.nome },
  defaultSort: '-created_at',
  opcoes: {
    columns: { id: fornecedores.id, nome: fornecedores.nome },
    search: searchFornecedorOpcoes,
    orderBy: fornecedores.nome,
  },
});

/** Doc 2 §8: a supplier still in use is not removed; the message says what uses it. */
async function emUso(db: Executor, p: { id: string }) {
  const n = (await usoFornecedor(db, p)).produtos;
  return emUsoRefusal(
    'Não é possível remover fornecedor',
    n > 0
      ? `Este fornecedor está vinculado a ${n} produto(s) e não pode ser removido. Remova ou altere primeiro os produtos relacionados.`
      : 'Este fornecedor está vinculado a outros registros e não pode ser removido.',
  );
}
