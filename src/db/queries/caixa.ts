import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { CaixaResumo, Movimentacao } from '../../schemas/caixa';
import type { Executor } from '../client';
import { caixaInicial, movimentacoesCaixa, recebimentos } from '../schema';
import { countWhere, figures, pageOf, queryRows, searchAny, updateVersioned } from './common';
import { apiRow } from './crud';
import type { KeyPart } from './keyset';

type MovRow = typeof movimentacoesCaixa.$inferSelect;

export function movimentacaoOut(
  row: MovRow & { recebimento_id?: string | null; recebimento_parcela_id?: string | null },
): Movimentacao {
  return apiRow(movimentacoesCaixa, row) as unknown as Movimentacao;
}

/**
 * The cash position in one statement: the latest initial value (0 when none was ever recorded) plus
 * entradas minus saídas (spec doc 2 §9).
 */
export async function resumoCaixa(db: Executor): Promise<CaixaResumo> {
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`with inicial as (
          select coalesce(
            (select ${caixaInicial.valor} from ${caixaInicial}
              order by ${caixaInicial.created_at} desc, ${caixaInicial.id} desc limit 1),
            0) as valor
        ), mov as (
          select coalesce(sum(${movimentacoesCaixa.valor}) filter (where ${movimentacoesCaixa.tipo} = 'entrada'), 0) as entradas,
                 coalesce(sum(${movimentacoesCaixa.valor}) filter (where ${movimentacoesCaixa.tipo} = 'saida'), 0) as saidas
          from ${movimentacoesCaixa}
        )
        select inicial.valor as caixa_inicial, mov.entradas as total_entradas, mov.saidas as total_saidas,
               inicial.valor + mov.entradas - mov.saidas as saldo
        from inicial, mov`,
  );
  return figures(r, ['caixa_inicial', 'total_entradas', 'total_saidas', 'saldo']);
}

/**
 * Records a new initial value. Its created_at is kept strictly after the previous one's, so "the
 * latest" is never a tie even for two saves within the same millisecond.
 */
export async function insertCaixaInicial(tx: Executor, p: { valor: string }) {
  const [row] = await tx
    .insert(caixaInicial)
    .values({
      valor: p.valor,
      created_at: sql`greatest(clock_timestamp(), coalesce((select max(${caixaInicial.created_at}) from ${caixaInicial}) + interval '1 millisecond', clock_timestamp()))`,
    })
    .returning();
  return { ...row!, valor: Number(row!.valor) };
}

export interface MovFilter {
  q?: string;
  tipo?: string;
}

export function movWhere(f: MovFilter): SQL | undefined {
  return and(
    searchAny(f.q, [movimentacoesCaixa.nome]),
    f.tipo ? eq(movimentacoesCaixa.tipo, f.tipo) : undefined,
  );
}

/**
 * The movement and, when it records a payment of an instalment (Recebimentos), that payment's id:
 * the screen links it there and offers no edit (recebimentos_movimentacao_uq is its index). The outer
 * id is written qualified: Drizzle leaves a one-table select's columns bare, which inside the subquery
 * would name recebimentos.id.
 */
const movSelect = {
  ...getTableColumns(movimentacoesCaixa),
  recebimento_id: sql<
    string | null
  >`(select r.id from ${recebimentos} r where r.movimentacao_id = ${sql.raw('"movimentacoes_caixa"."id"')})`,
  recebimento_parcela_id: sql<
    string | null
  >`(select r.parcela_id from ${recebimentos} r where r.movimentacao_id = ${sql.raw('"movimentacoes_caixa"."id"')})`,
};

/** Newest date first, then the latest recorded (movimentacoes_data_idx). */
export function listMovimentacoes(db: Executor, f: MovFilter & { limit: number; offset: number }) {
  return db
    .select(movSelect)
    .from(movimentacoesCaixa)
    .where(movWhere(f))
    .orderBy(
      // nulls last: the order of the index (data desc, created_at desc), which Drizzle creates that way
      sql`${movimentacoesCaixa.data} desc nulls last, ${movimentacoesCaixa.created_at} desc nulls last, ${movimentacoesCaixa.id} desc`,
    )
    .limit(f.limit)
    .offset(f.offset);
}

export function countMovimentacoes(db: Executor, f: MovFilter) {
  return countWhere(db, { table: movimentacoesCaixa, where: movWhere(f) });
}

export async function getMovimentacao(db: Executor, p: { id: string }) {
  const [r] = await db.select(movSelect).from(movimentacoesCaixa).where(eq(movimentacoesCaixa.id, p.id));
  return r;
}

export async function insertMovimentacao(
  tx: Executor,
  v: { nome: string; valor: string; data: string; tipo: string },
) {
  const [r] = await tx.insert(movimentacoesCaixa).values(v).returning();
  return r!;
}

export async function deleteMovimentacao(tx: Executor, p: { id: string }) {
  const rows = await tx
    .delete(movimentacoesCaixa)
    .where(eq(movimentacoesCaixa.id, p.id))
    .returning({ id: movimentacoesCaixa.id });
  return rows.length > 0;
}

/** Optimistic-lock update (see updateVersioned): the row, 'stale' or 'missing'. */
export const updateMovimentacao = (
  tx: Executor,
  p: { id: string; values: Record<string, unknown>; updatedAt?: string },
) => updateVersioned(tx, { table: movimentacoesCaixa, id: p.id, values: p.values, updatedAt: p.updatedAt });

/** The export's order: the list's (newest date, then latest recorded), ending with the id. */
export const movimentacoesExportOrder: KeyPart[] = [
  { col: movimentacoesCaixa.data, key: 'data', desc: true, notNull: true },
  { col: movimentacoesCaixa.created_at, key: 'created_at', desc: true, notNull: true },
  { col: movimentacoesCaixa.id, key: 'id', desc: true, notNull: true },
];

/** One export page (keyset). */
export const pageMovimentacoes = pageOf(movimentacoesCaixa);
