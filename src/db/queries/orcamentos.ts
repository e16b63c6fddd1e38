import { and, asc, between, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type CardRates, UTILITY_KEYWORDS } from '../../domain/pricing';
import type { Executor } from '../client';
import {
  arquitetos,
  cartoes,
  clientes,
  despesas,
  funcionarios,
  itensVenda,
  orcamentoFuncionarios,
  orcamentoItens,
  orcamentos,
  produtos,
  vendas,
  vendedores,
} from '../schema';
import { countKept, likePattern } from './common';

// ── What the pricing engine reads from the database (the client never sends prices or salaries)

export interface ProdutoPreco {
  id: string;
  nome: string;
  valor_m2: string;
  tipo_unidade: 'm²' | 'unitário';
}

export async function produtosPorId(db: Executor, ids: string[]): Promise<Map<string, ProdutoPreco>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: produtos.id,
      nome: produtos.nome,
      valor_m2: produtos.valor_m2,
      tipo_unidade: produtos.tipo_unidade,
    })
    .from(produtos)
    .where(inArray(produtos.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r as ProdutoPreco]));
}

export async function itensVendaExistentes(db: Executor, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: itensVenda.id })
    .from(itensVenda)
    .where(inArray(itensVenda.id, [...new Set(ids)]));
  return new Set(rows.map((r) => r.id));
}

/** Id, status and salary of the chosen employees (only active ones count in the hourly cost). */
export async function funcionariosPorId(db: Executor, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: funcionarios.id, status: funcionarios.status, salario: funcionarios.salario })
    .from(funcionarios)
    .where(inArray(funcionarios.id, ids));
}

/**
 * Expenses due within [inicio, fim] (the current month in the business time zone) that may be fixed
 * costs: the database drops those whose description, unaccented and lower-cased as
 * `isDespesaFixa` does, names none of the keywords, so a month of a large shop's expenses does not
 * travel to the server on every keystroke of the quote editor. The domain rule still decides.
 */
export async function despesasDoPeriodo(db: Executor, inicio: string, fim: string) {
  return db
    .select({ descricao: despesas.descricao, valor: despesas.valor })
    .from(despesas)
    .where(
      and(
        between(despesas.data_vencimento, inicio, fim),
        sql`lower(regexp_replace(normalize(${despesas.descricao}, NFD), '[\\u0300-\\u036f]', '', 'g')) ~ ${`(${UTILITY_KEYWORDS.join('|')})`}`,
      ),
    );
}

export async function percentualVendedor(db: Executor, id: string) {
  const [r] = await db
    .select({ percentual: vendedores.percentual_comissao })
    .from(vendedores)
    .where(eq(vendedores.id, id));
  return r?.percentual;
}

export async function percentualArquiteto(db: Executor, id: string) {
  const [r] = await db
    .select({ percentual: arquitetos.percentual_comissao })
    .from(arquitetos)
    .where(eq(arquitetos.id, id));
  return r?.percentual;
}

export async function cartaoTaxas(db: Executor, id: string): Promise<CardRates | undefined> {
  const [r] = await db
    .select({
      tipo: cartoes.tipo,
      taxa: cartoes.taxa,
      taxa_1x: cartoes.taxa_1x,
      taxa_2x: cartoes.taxa_2x,
      taxa_3x: cartoes.taxa_3x,
      taxa_4x: cartoes.taxa_4x,
      taxa_5x: cartoes.taxa_5x,
      taxa_6x: cartoes.taxa_6x,
      taxa_7x: cartoes.taxa_7x,
      taxa_8x: cartoes.taxa_8x,
      taxa_9x: cartoes.taxa_9x,
      taxa_10x: cartoes.taxa_10x,
      taxa_11x: cartoes.taxa_11x,
      taxa_12x: cartoes.taxa_12x,
    })
    .from(cartoes)
    .where(eq(cartoes.id, id));
  return r as CardRates | undefined;
}

export async function clienteExiste(db: Executor, id: string): Promise<boolean> {
  const [r] = await db.select({ n: count() }).from(clientes).where(eq(clientes.id, id));
  return (r?.n ?? 0) > 0;
}

// ── Writes (call inside a transaction)

export type OrcamentoValues = Omit<
  typeof orcamentos.$inferInsert,
  'id' | 'numero' | 'created_at' | 'updated_at'
>;
export type ItemValues = Omit<typeof orcamentoItens.$inferInsert, 'id' | 'orcamento_id'>;

export async function insertOrcamento(
  tx: Executor,
  values: OrcamentoValues,
  itens: ItemValues[],
  funcionarioIds: string[],
): Promise<string> {
  const [row] = await tx.insert(orcamentos).values(values).returning({ id: orcamentos.id });
  const id = row!.id;
  await writeChildren(tx, id, itens, funcionarioIds);
  return id;
}

/** Replaces the quote's fields, lines and employees; the caller holds the row lock. */
export async function replaceOrcamento(
  tx: Executor,
  id: string,
  values: OrcamentoValues,
  itens: ItemValues[],
  funcionarioIds: string[],
) {
  await tx
    .update(orcamentos)
    .set({ ...values, updated_at: sql`clock_timestamp()` })
    .where(eq(orcamentos.id, id));
  await tx.delete(orcamentoItens).where(eq(orcamentoItens.orcamento_id, id));
  await tx.delete(orcamentoFuncionarios).where(eq(orcamentoFuncionarios.orcamento_id, id));
  await writeChildren(tx, id, itens, funcionarioIds);
}

async function writeChildren(tx: Executor, id: string, itens: ItemValues[], funcionarioIds: string[]) {
  if (itens.length) {
    await tx.insert(orcamentoItens).values(itens.map((i, posicao) => ({ ...i, posicao, orcamento_id: id })));
  }
  if (funcionarioIds.length) {
    await tx
      .insert(orcamentoFuncionarios)
      .values(funcionarioIds.map((funcionario_id) => ({ orcamento_id: id, funcionario_id })));
  }
}

export async function deleteOrcamento(tx: Executor, id: string) {
  await tx.delete(orcamentos).where(eq(orcamentos.id, id));
}

/** Locks the quote row until the transaction ends (update, delete and sale generation serialise here). */
export async function lockOrcamento(tx: Executor, id: string) {
  const [row] = await tx.select().from(orcamentos).where(eq(orcamentos.id, id)).for('update');
  return row;
}

// ── Reads

const arq = alias(arquitetos, 'arq');

// Names come from scalar subqueries rather than joins: a four-way join costs PostgreSQL ~3 ms to plan
// on every request, more than running the page itself; these plan in ~0.1 ms and run once per row shown.
const listColumns = {
  id: orcamentos.id,
  numero: orcamentos.numero,
  cliente_id: orcamentos.cliente_id,
  cliente_nome: sql<
    string | null
  >`(select ${clientes.nome} from ${clientes} where ${clientes.id} = ${orcamentos.cliente_id})`,
  vendedor_id: orcamentos.vendedor_id,
  vendedor_nome: sql<
    string | null
  >`(select ${vendedores.nome} from ${vendedores} where ${vendedores.id} = ${orcamentos.vendedor_id})`,
  arquiteto_id: orcamentos.arquiteto_id,
  arquiteto_nome: sql<
    string | null
  >`(select ${arquitetos.nome} from ${arquitetos} where ${arquitetos.id} = ${orcamentos.arquiteto_id})`,
  cartao_id: orcamentos.cartao_id,
  cartao_bandeira: sql<
    string | null
  >`(select ${cartoes.bandeira} from ${cartoes} where ${cartoes.id} = ${orcamentos.cartao_id})`,
  cartao_tipo: sql<
    string | null
  >`(select ${cartoes.tipo} from ${cartoes} where ${cartoes.id} = ${orcamentos.cartao_id})`,
  valor_total: orcamentos.valor_total,
  status: orcamentos.status,
  tipo_venda: orcamentos.tipo_venda,
  valor_entrada: orcamentos.valor_entrada,
  numero_parcelas: orcamentos.numero_parcelas,
  validade: orcamentos.validade,
  created_at: orcamentos.created_at,
  updated_at: orcamentos.updated_at,
};

export interface ListParams {
  q?: string;
  status?: string;
  page: number;
  limit: number;
  sort?: string;
}

/**
 * Search by número ("123" or "#123") or by client name. The name match runs on clientes (trigram
 * index) and reaches the quotes through orcamentos_cliente_idx, so no per-row subquery or join is
 * needed to filter or count.
 */
export function listWhere(p: { q?: string; status?: string }): SQL | undefined {
  const parts: SQL[] = [];
  if (p.status) parts.push(eq(orcamentos.status, p.status));
  const q = p.q?.trim();
  if (q) {
    // `= any(array(…))` runs the name search once (trigram index) and lets PostgreSQL combine
    // orcamentos_cliente_idx with the número index; `in (subquery)` inside an OR scans every quote.
    const byName = sql`${orcamentos.cliente_id} = any(array(select ${clientes.id} from ${clientes} where ${clientes.nome} ilike ${likePattern(q)}))`;
    const digits = /^#?\s*(\d{1,9})$/.exec(q);
    parts.push(digits ? sql`(${orcamentos.numero} = ${Number(digits[1])} or ${byName})` : byName);
  }
  return parts.length ? and(...parts) : undefined;
}

const SORTABLE = {
  created_at: orcamentos.created_at,
  numero: orcamentos.numero,
  valor_total: orcamentos.valor_total,
} as const;

export function listOrder(sort = '-created_at'): SQL | null {
  const descending = sort.startsWith('-');
  const col = SORTABLE[(descending ? sort.slice(1) : sort) as keyof typeof SORTABLE];
  if (!col) return null;
  // Spelled as the indexes are built (drizzle writes `DESC NULLS LAST`): plain `desc` means NULLS FIRST,
  // and PostgreSQL would then sort the whole table instead of reading the page off the index.
  return descending
    ? sql`${col} desc nulls last, ${orcamentos.id} desc nulls last`
    : sql`${asc(col)}, ${asc(orcamentos.id)}`;
}

export async function listOrcamentos(
  db: Executor,
  where: SQL | undefined,
  order: SQL,
  limit: number,
  offset: number,
) {
  return db.select(listColumns).from(orcamentos).where(where).orderBy(order).limit(limit).offset(offset);
}

/** Without a search the total comes from the kept counts (all quotes, or one status). */
export async function countOrcamentos(
  db: Executor,
  p: { q?: string; status?: string },
  where: SQL | undefined,
): Promise<number> {
  if (!p.q?.trim()) return countKept(db, 'orcamentos', p.status || undefined);
  const [r] = await db.select({ n: count() }).from(orcamentos).where(where);
  return r?.n ?? 0;
}

export async function getOrcamento(db: Executor, id: string) {
  const [row] = await db
    .select({
      ...listColumns,
      valor_frete: orcamentos.valor_frete,
      valor_instalacao: orcamentos.valor_instalacao,
      custo_hora: orcamentos.custo_hora,
      horas_trabalho: orcamentos.horas_trabalho,
      margem_lucro: orcamentos.margem_lucro,
      observacoes: orcamentos.observacoes,
      resumo: orcamentos.resumo,
      arquiteto_percentual: arq.percentual_comissao,
      cliente: {
        nome: clientes.nome,
        tipo: clientes.tipo,
        cpf_cnpj: clientes.cpf_cnpj,
        telefone: clientes.telefone,
        email: clientes.email,
        endereco: clientes.endereco,
        cidade: clientes.cidade,
        uf: clientes.uf,
        cep: clientes.cep,
      },
    })
    .from(orcamentos)
    .leftJoin(clientes, eq(clientes.id, orcamentos.cliente_id))
    .leftJoin(arq, eq(arq.id, orcamentos.arquiteto_id))
    .where(eq(orcamentos.id, id));
  if (!row) return undefined;
  const [itens, equipe] = await Promise.all([
    db
      .select({
        id: orcamentoItens.id,
        posicao: orcamentoItens.posicao,
        produto_id: orcamentoItens.produto_id,
        produto_nome: produtos.nome,
        item_venda_id: orcamentoItens.item_venda_id,
        item_venda_nome: itensVenda.nome,
        formato_medida: itensVenda.formato_medida,
        tipo_unidade: orcamentoItens.tipo_unidade,
        quantidade: orcamentoItens.quantidade,
        valor_unitario: orcamentoItens.valor_unitario,
        valor_total: orcamentoItens.valor_total,
        medida1: orcamentoItens.medida1,
        medida2: orcamentoItens.medida2,
        area: orcamentoItens.area,
      })
      .from(orcamentoItens)
      .leftJoin(produtos, eq(produtos.id, orcamentoItens.produto_id))
      .leftJoin(itensVenda, eq(itensVenda.id, orcamentoItens.item_venda_id))
      .where(eq(orcamentoItens.orcamento_id, id))
      .orderBy(asc(orcamentoItens.posicao)),
    db
      .select({ id: funcionarios.id, nome: funcionarios.nome, cargo: funcionarios.cargo })
      .from(orcamentoFuncionarios)
      .innerJoin(funcionarios, eq(funcionarios.id, orcamentoFuncionarios.funcionario_id))
      .where(eq(orcamentoFuncionarios.orcamento_id, id))
      .orderBy(asc(funcionarios.nome)),
  ]);
  return { ...row, itens, funcionarios: equipe };
}

// ── Sale generation

export async function vendaDoOrcamento(db: Executor, orcamentoId: string) {
  const [r] = await db.select({ id: vendas.id }).from(vendas).where(eq(vendas.orcamento_id, orcamentoId));
  return r;
}

export async function insertVenda(tx: Executor, values: typeof vendas.$inferInsert) {
  const [row] = await tx.insert(vendas).values(values).returning();
  return row!;
}

export async function setStatusOrcamento(tx: Executor, id: string, status: string) {
  await tx
    .update(orcamentos)
    .set({ status, updated_at: sql`clock_timestamp()` })
    .where(eq(orcamentos.id, id));
}
