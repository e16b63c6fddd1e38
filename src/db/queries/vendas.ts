import { count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { monthRange, todayIso } from '../../domain/datas';
import type { CardRates } from '../../domain/pricing';
import type { Executor } from '../client';
import { arquitetos, cartoes, clientes, orcamentos, vendas, vendedores } from '../schema';
import { andWhere, countKept, likePattern, lookup, queryRows, updateVersioned } from './common';
import { apiRow } from './crud';

/**
 * The sale plus the names the screens show (client, architect, seller, card, quote number), as scalar
 * subqueries: a five-way join costs PostgreSQL ~3 ms to plan on every request, these ~0.1 ms.
 */
const vendaSelect = {
  ...getTableColumns(vendas),
  cliente_nome: lookup<string>(clientes.nome, clientes.id, vendas.cliente_id),
  arquiteto_nome: lookup<string>(arquitetos.nome, arquitetos.id, vendas.arquiteto_id),
  vendedor_nome: lookup<string>(vendedores.nome, vendedores.id, vendas.vendedor_id),
  cartao_bandeira: lookup<string>(cartoes.bandeira, cartoes.id, vendas.cartao_id),
  cartao_tipo: lookup<string>(cartoes.tipo, cartoes.id, vendas.cartao_id),
  orcamento_numero: lookup<number>(orcamentos.numero, orcamentos.id, vendas.orcamento_id),
};

function joined(db: Executor) {
  return db.select(vendaSelect).from(vendas);
}

export type VendaRow = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

/** Decimal strings → JSON numbers (taxa_cartao stays a fraction, as the spec stores it). */
export function vendaOut<T extends Record<string, unknown>>(row: T) {
  return apiRow(vendas, row);
}

/**
 * `?q=`: a number (with or without #) finds the sale by número; any text, by client name (the name
 * search runs once on clientes, trigram index, and reaches the sales through vendas_cliente_idx).
 */
export function vendasSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const byName = sql`${vendas.cliente_id} = any(array(select ${clientes.id} from ${clientes} where ${clientes.nome} ilike ${likePattern(q)}))`;
  const digits = q.replace(/^#/, '').trim();
  if (/^\d{1,9}$/.test(digits)) return sql`(${vendas.numero} = ${Number(digits)} or ${byName})`;
  return byName;
}

/** The list's WHERE: the search and the status filter. */
export function vendasWhere(p: { q?: string; status?: string }): SQL | undefined {
  return andWhere(vendasSearch(p.q), p.status ? sql`${vendas.status} = ${p.status}` : undefined);
}

/** The columns the list sorts by, and the id that breaks ties (for the list and the export). */
export const vendasSort = {
  sortable: {
    numero: vendas.numero,
    data_venda: vendas.data_venda,
    created_at: vendas.created_at,
    valor_bruto: vendas.valor_bruto,
  },
  idCol: vendas.id,
} as const;

/** Optimistic-lock update (see updateVersioned): the row, 'stale' or 'missing'. */
export const updateVenda = (
  tx: Executor,
  p: { id: string; values: Record<string, unknown>; updatedAt?: string },
) => updateVersioned(tx, { table: vendas, id: p.id, values: p.values, updatedAt: p.updatedAt });

export async function listVendas(
  db: Executor,
  p: { where?: SQL; order: SQL; limit: number; offset: number },
) {
  return joined(db).where(p.where).orderBy(p.order).limit(p.limit).offset(p.offset);
}

/** Without a search the total comes from the kept counts (all sales, or one status). */
export async function countVendas(
  db: Executor,
  p: { q?: string; status?: string; where?: SQL },
): Promise<number> {
  if (!p.q) return countKept(db, { tabela: 'vendas', status: p.status || undefined });
  const [r] = await db.select({ n: count() }).from(vendas).where(p.where);
  return r?.n ?? 0;
}

export async function getVenda(db: Executor, p: { id: string }): Promise<VendaRow | undefined> {
  const [r] = await joined(db).where(eq(vendas.id, p.id));
  return r;
}

/** Locks the sale row for the rest of the transaction (an edit reads, recomputes, then writes). */
export async function lockVenda(tx: Executor, p: { id: string }) {
  const [r] = await tx.select().from(vendas).where(eq(vendas.id, p.id)).for('update');
  return r;
}

export async function cartaoRates(db: Executor, p: { id: string }): Promise<CardRates | null> {
  const [r] = await db.select().from(cartoes).where(eq(cartoes.id, p.id));
  if (!r) return null;
  return { ...r, tipo: r.tipo as CardRates['tipo'] };
}

/** The current commission percentages of the sale's seller and architect (null = none). */
export async function percentuaisComissao(
  db: Executor,
  p: { vendedorId: string | null; arquitetoId: string | null },
): Promise<{ vendedor: string | null; arquiteto: string | null }> {
  const { vendedorId, arquitetoId } = p;
  const [v] = vendedorId
    ? await db
        .select({ p: vendedores.percentual_comissao })
        .from(vendedores)
        .where(eq(vendedores.id, vendedorId))
    : [];
  const [a] = arquitetoId
    ? await db
        .select({ p: arquitetos.percentual_comissao })
        .from(arquitetos)
        .where(eq(arquitetos.id, arquitetoId))
    : [];
  return { vendedor: v?.p ?? null, arquiteto: a?.p ?? null };
}

/**
 * Deletes a sale and puts its origin quote back to `pendente`. Call inside a transaction: both
 * happen or neither does. Returns null when the sale does not exist.
 */
export async function deleteVendaReturningQuote(
  tx: Executor,
  p: { id: string },
): Promise<{ orcamento_id: string | null } | null> {
  const [gone] = await tx
    .delete(vendas)
    .where(eq(vendas.id, p.id))
    .returning({ orcamento_id: vendas.orcamento_id });
  if (!gone) return null;
  if (gone.orcamento_id) {
    await tx
      .update(orcamentos)
      .set({ status: 'pendente', updated_at: sql`clock_timestamp()` })
      .where(eq(orcamentos.id, gone.orcamento_id));
  }
  return gone;
}

/**
 * Marks the sale's commission paid or not. Paying pays what is released (issue 16): with the release
 * setting on, the base is what the customer has paid so far (Σ of the instalments' received values),
 * so the commission paid is comissaoLiberada(commission, base, gross); off, the whole sale (all of it,
 * the seed's behaviour). Unmarking pays nothing.
 */
export async function setComissaoPaga(tx: Executor, p: { id: string; paga: boolean; liberacao: boolean }) {
  const base = !p.paga
    ? sql`0`
    : p.liberacao
      ? sql`(select coalesce(sum(valor_recebido), 0) from parcelas where venda_id = ${p.id})`
      : sql`${vendas.valor_bruto}`;
  const [r] = await tx
    .update(vendas)
    // The sale's "Comissão paga" (spec) marks both the seller's commission and, when the sale has an
    // architect, the RT (each report then pays its own person with "Pagar liberado").
    .set({
      comissao_paga: p.paga,
      comissao_paga_base: base,
      rt_paga: sql`case when ${vendas.arquiteto_id} is null then ${vendas.rt_paga} else ${p.paga} end`,
      rt_paga_base: sql`case when ${vendas.arquiteto_id} is null then ${vendas.rt_paga_base} else ${base} end`,
      updated_at: sql`clock_timestamp()`,
    })
    .where(eq(vendas.id, p.id))
    .returning({ id: vendas.id });
  return r;
}

/**
 * "Pagar liberado" (issue 16): the commission stays marked paid and its base moves to `base` — the
 * received total the amount paid now was computed on (comissaoAPagarVenda), never re-read here, so a
 * payment from the customer committed in between is left for the next one.
 */
export async function setComissaoPagaBase(
  tx: Executor,
  p: { id: string; base: string; kind: 'vendedor' | 'arquiteto' },
) {
  // Each person on their own mark: the seller's report pays the seller, the architect's the RT.
  const set =
    p.kind === 'vendedor'
      ? { comissao_paga: true, comissao_paga_base: p.base }
      : { rt_paga: true, rt_paga_base: p.base };
  const [r] = await tx
    .update(vendas)
    .set({ ...set, updated_at: sql`clock_timestamp()` })
    .where(eq(vendas.id, p.id))
    .returning({ id: vendas.id });
  return r;
}

export interface EstatisticasRows {
  vendas_mes: string;
  vendas_hoje: number;
  total_cartao: string;
  total_parcelado: string;
}

/**
 * The sales screen's four KPIs (doc 2 §7): Σ valor_liquido with data_venda in the current month, the
 * count of today's sales, Σ valor_liquido of card sales and of `parcelado` sales. The sums come from the
 * month summaries the database keeps (vendas_mensal); today's count from vendas_data_idx. "Today" and
 * "this month" are the business time zone's, at `now`. A cancelled sale brought no money in.
 */
export async function estatisticasVendas(
  db: Executor,
  p: { tz: string; now?: Date },
): Promise<EstatisticasRows> {
  const now = p.now ?? new Date();
  const hoje = todayIso(p.tz, now);
  const mes = monthRange(p.tz, now);
  const [r] = await queryRows<EstatisticasRows>(
    db,
    sql`select
          coalesce(sum(liquido) filter (where mes = ${mes.inicio}::date), 0)::text as vendas_mes,
          (select count(*)::int from vendas where data_venda = ${hoje}::date and status <> 'cancelada') as vendas_hoje,
          coalesce(sum(liquido_cartao), 0)::text as total_cartao,
          coalesce(sum(liquido_parcelado), 0)::text as total_parcelado
        from vendas_mensal`,
  );
  return r!;
}
