import { count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { monthRange, todayIso } from '../../domain/datas';
import type { CardRates } from '../../domain/pricing';
import type { Executor } from '../client';
import { arquitetos, cartoes, clientes, orcamentos, vendas, vendedores } from '../schema';
import { likePattern, numbersOut, numericColumns, queryRows } from './common';

const vendaNumeric = numericColumns(vendas);

/** The sale plus the names the screens show (client, architect, seller, card, quote number). */
const vendaSelect = {
  ...getTableColumns(vendas),
  cliente_nome: clientes.nome,
  arquiteto_nome: arquitetos.nome,
  vendedor_nome: vendedores.nome,
  cartao_bandeira: cartoes.bandeira,
  cartao_tipo: cartoes.tipo,
  orcamento_numero: orcamentos.numero,
};

function joined(db: Executor) {
  return db
    .select(vendaSelect)
    .from(vendas)
    .leftJoin(clientes, eq(clientes.id, vendas.cliente_id))
    .leftJoin(arquitetos, eq(arquitetos.id, vendas.arquiteto_id))
    .leftJoin(vendedores, eq(vendedores.id, vendas.vendedor_id))
    .leftJoin(cartoes, eq(cartoes.id, vendas.cartao_id))
    .leftJoin(orcamentos, eq(orcamentos.id, vendas.orcamento_id));
}

export type VendaRow = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

/** Decimal strings → JSON numbers (taxa_cartao stays a fraction, as the spec stores it). */
export function vendaOut<T extends Record<string, unknown>>(row: T): T {
  return numbersOut(row, vendaNumeric);
}

/** `?q=`: a number (with or without #) finds the sale by número; any text, by client name. */
export function vendasSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const byName = sql`${clientes.nome} ilike ${likePattern(q)}`;
  const digits = q.replace(/^#/, '').trim();
  if (/^\d{1,9}$/.test(digits)) return sql`(${vendas.numero} = ${Number(digits)} or ${byName})`;
  return byName;
}

export async function listVendas(
  db: Executor,
  p: { where?: SQL; order: SQL; limit: number; offset: number },
) {
  return joined(db).where(p.where).orderBy(p.order).limit(p.limit).offset(p.offset);
}

export async function countVendas(db: Executor, where?: SQL): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(vendas)
    .leftJoin(clientes, eq(clientes.id, vendas.cliente_id))
    .where(where);
  return r?.n ?? 0;
}

export async function getVenda(db: Executor, id: string): Promise<VendaRow | undefined> {
  const [r] = await joined(db).where(eq(vendas.id, id));
  return r;
}

/** Locks the sale row for the rest of the transaction (an edit reads, recomputes, then writes). */
export async function lockVenda(tx: Executor, id: string) {
  const [r] = await tx.select().from(vendas).where(eq(vendas.id, id)).for('update');
  return r;
}

export async function cartaoRates(db: Executor, id: string): Promise<CardRates | null> {
  const [r] = await db.select().from(cartoes).where(eq(cartoes.id, id));
  if (!r) return null;
  return { ...r, tipo: r.tipo as CardRates['tipo'] };
}

/** The current commission percentages of the sale's seller and architect (null = none). */
export async function percentuaisComissao(
  db: Executor,
  vendedorId: string | null,
  arquitetoId: string | null,
): Promise<{ vendedor: string | null; arquiteto: string | null }> {
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
  id: string,
): Promise<{ orcamento_id: string | null } | null> {
  const [gone] = await tx
    .delete(vendas)
    .where(eq(vendas.id, id))
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

export async function setComissaoPaga(tx: Executor, id: string, paga: boolean) {
  const [r] = await tx
    .update(vendas)
    .set({ comissao_paga: paga, updated_at: sql`clock_timestamp()` })
    .where(eq(vendas.id, id))
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
 * The sales screen's four KPIs (doc 2 §7), one aggregate query: Σ valor_liquido with data_venda in
 * the current month, the count of today's sales, Σ valor_liquido of card sales and of `parcelado`
 * sales. "Today" and "this month" are the business time zone's, at `now`.
 */
export async function estatisticasVendas(
  db: Executor,
  tz: string,
  now: Date = new Date(),
): Promise<EstatisticasRows> {
  const hoje = todayIso(tz, now);
  const mes = monthRange(tz, now);
  const [r] = await queryRows<EstatisticasRows>(
    db,
    sql`select
          coalesce(sum(valor_liquido) filter (where data_venda between ${mes.inicio}::date and ${mes.fim}::date), 0)::text as vendas_mes,
          (count(*) filter (where data_venda = ${hoje}::date))::int as vendas_hoje,
          coalesce(sum(valor_liquido) filter (where cartao_id is not null), 0)::text as total_cartao,
          coalesce(sum(valor_liquido) filter (where tipo_venda = 'parcelado'), 0)::text as total_parcelado
        from vendas
        -- a cancelled sale brought no money in
        where status <> 'cancelada'`,
  );
  return r!;
}
