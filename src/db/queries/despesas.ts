import { and, asc, between, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import { HORAS_MENSAIS_PADRAO } from '../../domain/custo-hora';
import type { DespesaRow } from '../../domain/despesas';
import {
  type Despesa,
  type DespesasRelatorio,
  type DespesasResumo,
  TIPOS_DESPESA,
  type TipoDespesa,
} from '../../schemas/despesas';
import type { Executor } from '../client';
import { despesas } from '../schema';
import { countWhere, figures, num, pageOf, queryRows, searchAny, updateVersioned } from './common';
import { apiRow } from './crud';
import type { KeyPart } from './keyset';

type Row = typeof despesas.$inferSelect;

/** A row as the API answers it (money as a JSON number, timestamps as ISO strings by JSON). */
export function despesaOut(row: Row): Despesa {
  return apiRow(despesas, row) as unknown as Despesa;
}

/** Numeric aggregates come back as strings (pg) or numbers (PGlite); both leave as JSON numbers. */

/** Writes a whole schedule with one shared serie_id. Call inside the creating transaction. */
export async function insertSchedule(
  tx: Executor,
  p: { rows: DespesaRow[]; serieId: string },
): Promise<Row[]> {
  const inserted = await tx
    .insert(despesas)
    .values(p.rows.map((r) => ({ ...r, serie_id: p.serieId })))
    .returning();
  return inserted.sort((a, b) => a.parcela_atual - b.parcela_atual);
}

export interface MonthFilter {
  inicio: string;
  fim: string;
  q?: string;
}

export function monthWhere(f: MonthFilter): SQL {
  const range = between(despesas.data_vencimento, f.inicio, f.fim);
  const search = searchAny(f.q, [despesas.descricao, despesas.observacoes]);
  return search ? and(range, search)! : range;
}

/** The month's rows in due-date order (despesas_vencimento_idx serves the range). */
export async function listDespesas(
  db: Executor,
  f: MonthFilter & { limit: number; offset: number },
): Promise<Row[]> {
  return db
    .select()
    .from(despesas)
    .where(monthWhere(f))
    .orderBy(
      asc(despesas.data_vencimento),
      asc(despesas.created_at),
      asc(despesas.parcela_atual),
      asc(despesas.id),
    )
    .limit(f.limit)
    .offset(f.offset);
}

export function countDespesas(db: Executor, f: MonthFilter): Promise<number> {
  return countWhere(db, { table: despesas, where: monthWhere(f) });
}

/** The screen's KPI figures for a month, summed in SQL; Custo Hora = month's total / 220 to cents. */
export async function resumoMes(db: Executor, f: { inicio: string; fim: string }): Promise<DespesasResumo> {
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`select
          coalesce(sum(${despesas.valor}), 0) as total_mes,
          coalesce(sum(${despesas.valor}) filter (where ${despesas.status} = 'paga'), 0) as total_pago,
          coalesce(sum(${despesas.valor}) filter (where ${despesas.status} = 'pendente'), 0) as total_pendente,
          round(coalesce(sum(${despesas.valor}), 0) / ${HORAS_MENSAIS_PADRAO}, 2) as custo_hora,
          count(*)::int as quantidade
        from ${despesas}
        where ${despesas.data_vencimento} between ${f.inicio} and ${f.fim}`,
  );
  return figures(r, ['total_mes', 'total_pago', 'total_pendente', 'custo_hora', 'quantidade']);
}

/** Optimistic-lock update (see updateVersioned): the row, 'stale' or 'missing'. */
export const updateDespesa = (
  tx: Executor,
  p: { id: string; values: Record<string, unknown>; updatedAt?: string },
) => updateVersioned(tx, { table: despesas, id: p.id, values: p.values, updatedAt: p.updatedAt });

/** The export's order: the list's (due date, then creation, then installment), ending with the id. */
export const despesasExportOrder: KeyPart[] = [
  { col: despesas.data_vencimento, key: 'data_vencimento', notNull: true },
  { col: despesas.created_at, key: 'created_at', notNull: true },
  { col: despesas.parcela_atual, key: 'parcela_atual', notNull: true },
  { col: despesas.id, key: 'id', notNull: true },
];

/** One export page (keyset). */
export const pageDespesas = pageOf(despesas);

export async function getDespesa(db: Executor, p: { id: string }): Promise<Row | undefined> {
  const [r] = await db.select().from(despesas).where(eq(despesas.id, p.id));
  return r;
}

/** Reads a row and locks it for the rest of the transaction (the edit and its replication). */
export async function lockDespesa(tx: Executor, p: { id: string }): Promise<Row | undefined> {
  const [r] = await tx.select().from(despesas).where(eq(despesas.id, p.id)).for('update');
  return r;
}

/**
 * Copies fields to the rows of the same monthly series due after `depoisDe` (the edited row's own due
 * date before the edit). Earlier months and other series are untouched. Returns how many changed.
 */
export async function replicarParaMesesSeguintes(
  tx: Executor,
  o: {
    serieId: string;
    depoisDe: string;
    excetoId: string;
    values: Partial<Pick<Row, 'descricao' | 'valor' | 'observacoes'>>;
  },
): Promise<number> {
  if (!Object.keys(o.values).length) return 0;
  const rows = await tx
    .update(despesas)
    .set({ ...o.values, updated_at: sql`clock_timestamp()` })
    .where(
      and(
        eq(despesas.serie_id, o.serieId),
        eq(despesas.tipo, 'mensal'),
        gt(despesas.data_vencimento, o.depoisDe),
        ne(despesas.id, o.excetoId),
      ),
    )
    .returning({ id: despesas.id });
  return rows.length;
}

export async function setStatus(tx: Executor, p: { id: string; status: string }): Promise<Row | undefined> {
  const [r] = await tx
    .update(despesas)
    .set({ status: p.status, updated_at: sql`clock_timestamp()` })
    .where(eq(despesas.id, p.id))
    .returning();
  return r;
}

export async function deleteDespesa(tx: Executor, p: { id: string }): Promise<boolean> {
  const rows = await tx.delete(despesas).where(eq(despesas.id, p.id)).returning({ id: despesas.id });
  return rows.length > 0;
}

/** Totals of a year by tipo and by month (all 12 months and all 3 tipos, zeros included), in SQL. */
export async function relatorioAno(db: Executor, p: { ano: number }): Promise<DespesasRelatorio> {
  const { ano } = p;
  const inicio = `${String(ano).padStart(4, '0')}-01-01`;
  const fim = `${String(ano).padStart(4, '0')}-12-31`;
  const inYear = sql`${despesas.data_vencimento} between ${inicio} and ${fim}`;
  const porTipo = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${despesas.tipo} as tipo, sum(${despesas.valor}) as total, count(*)::int as quantidade
        from ${despesas} where ${inYear} group by ${despesas.tipo}`,
  );
  const porMes = await queryRows<Record<string, unknown>>(
    db,
    sql`with agg as (
          select extract(month from ${despesas.data_vencimento})::int as mes,
                 sum(${despesas.valor}) as total,
                 coalesce(sum(${despesas.valor}) filter (where ${despesas.status} = 'paga'), 0) as pago,
                 coalesce(sum(${despesas.valor}) filter (where ${despesas.status} = 'pendente'), 0) as pendente,
                 count(*)::int as quantidade
          from ${despesas} where ${inYear} group by 1
        )
        select m.mes, coalesce(agg.total, 0) as total, coalesce(agg.pago, 0) as pago,
               coalesce(agg.pendente, 0) as pendente, coalesce(agg.quantidade, 0) as quantidade
        from generate_series(1, 12) as m(mes) left join agg on agg.mes = m.mes
        order by m.mes`,
  );
  const [tot] = await queryRows<Record<string, unknown>>(
    db,
    sql`select coalesce(sum(${despesas.valor}), 0) as total,
               coalesce(sum(${despesas.valor}) filter (where ${despesas.status} = 'paga'), 0) as pago,
               coalesce(sum(${despesas.valor}) filter (where ${despesas.status} = 'pendente'), 0) as pendente
        from ${despesas} where ${inYear}`,
  );
  const byTipo = new Map(porTipo.map((r) => [r.tipo as TipoDespesa, r]));
  return {
    ano,
    total: num(tot?.total),
    total_pago: num(tot?.pago),
    total_pendente: num(tot?.pendente),
    por_tipo: TIPOS_DESPESA.map((tipo) => ({
      tipo,
      total: num(byTipo.get(tipo)?.total),
      quantidade: num(byTipo.get(tipo)?.quantidade),
    })),
    por_mes: porMes.map((r) => ({
      mes: num(r.mes),
      total: num(r.total),
      pago: num(r.pago),
      pendente: num(r.pendente),
      quantidade: num(r.quantidade),
    })),
  };
}
