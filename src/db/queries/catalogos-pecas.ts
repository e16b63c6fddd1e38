import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import { acabamentos, orcamentoItemBordas, orcamentoItemRecortes, orcamentoItens, recortes } from '../schema';
import { crudTable, porNome } from './crud';
import { emUsoRefusal } from './refusal';

/** How many saved quotes have a line pointing at the catalogue entry (served by the child's index). */
async function orcamentosQueUsam(
  db: Executor,
  child: typeof orcamentoItemBordas | typeof orcamentoItemRecortes,
  ref: PgColumn,
  id: string,
): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(distinct ${orcamentoItens.orcamento_id})::int` })
    .from(child)
    .innerJoin(orcamentoItens, eq(orcamentoItens.id, child.item_id))
    .where(eq(ref, id));
  return r?.n ?? 0;
}

const emUsoDetail = (o: string, n: number) =>
  `${o} é usado em ${n} orçamento${n === 1 ? '' : 's'} e não pode ser removido. Marque-o como inativo para que não apareça mais nos orçamentos novos.`;

/** The two catalogues share their shape: name, one price, status (issue 14). */
function catalogo<T extends typeof acabamentos | typeof recortes>(
  table: T,
  valor: PgColumn,
  emUso: (db: Executor, p: { id: string }) => Promise<number>,
  nome: string,
) {
  return crudTable({
    table,
    ...porNome(table, { id: table.id, nome: table.nome, [valor.name]: valor }, eq(table.status, 'ativo')),
    filters: (query) => [query.status ? eq(table.status, query.status) : undefined],
    sortable: { nome: table.nome, valor, status: table.status, created_at: table.created_at },
    emUso: async (db, p) =>
      emUsoRefusal(`Não é possível remover ${nome.toLowerCase()}`, emUsoDetail(nome, await emUso(db, p))),
  });
}

export const acabamentosTable = catalogo(
  acabamentos,
  acabamentos.valor_ml,
  (db, p) => orcamentosQueUsam(db, orcamentoItemBordas, orcamentoItemBordas.acabamento_id, p.id),
  'Este acabamento',
);

export const recortesTable = catalogo(
  recortes,
  recortes.valor,
  (db, p) => orcamentosQueUsam(db, orcamentoItemRecortes, orcamentoItemRecortes.recorte_id, p.id),
  'Este recorte',
);
