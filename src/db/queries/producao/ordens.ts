import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { LADOS_PECA } from '../../../schemas/enums';
import type { Executor } from '../../client';
import {
  clientes,
  orcamentoItemBordas,
  orcamentoItemRecortes,
  ordensServico,
  osEtapas,
  vendas,
} from '../../schema';
import { liberarDaOs } from '../chapas';
import { andWhere, columnsOf, countWhere, likePattern, lookup, queryRows, updateVersioned } from '../common';
import type { KeyPart } from '../keyset';
import { linhasDoOrcamento } from '../orcamentos';
import { etapaSelect } from './comum';
import { listFotos } from './fotos';

// ── The sale's hooks: its work order is created, cancelled and reopened in the sale's transaction.

/** Creates the work order of a sale just inserted (same transaction). Returns the OS id. */
export async function criarOrdemDaVenda(tx: Executor, venda: { id: string }): Promise<string | null> {
  const [r] = await queryRows<{ id: string | null }>(tx, sql`select lavra_criar_os(${venda.id}::uuid) as id`);
  return r?.id ?? null;
}

/**
 * Cancels the OS of a sale being cancelled or deleted (kept, with the reason; a deleted sale's OS
 * keeps its número in `venda_numero`). Returns the OS id, if the sale had an open one.
 */
export async function cancelarOrdemDaVenda(
  tx: Executor,
  p: { vendaId: string; motivo: string },
): Promise<string | null> {
  const [r] = await tx
    .update(ordensServico)
    .set({ status: 'cancelada', motivo_cancelamento: p.motivo, updated_at: sql`clock_timestamp()` })
    .where(and(eq(ordensServico.venda_id, p.vendaId), sql`${ordensServico.status} <> 'cancelada'`))
    .returning({ id: ordensServico.id });
  // The slabs it held go back to the yard (issue 28); what the cut consumed stays consumed.
  if (r) await liberarDaOs(tx, { osId: r.id });
  return r?.id ?? null;
}

/** A cancelled sale made valid again reopens its OS (or marks it concluded if every stage is done). */
export async function reabrirOrdemDaVenda(tx: Executor, p: { vendaId: string }): Promise<string | null> {
  const [r] = await tx
    .update(ordensServico)
    .set({
      status: sql`case when ${ordensServico.etapa_atual} is null then 'concluida' else 'aberta' end`,
      motivo_cancelamento: null,
      updated_at: sql`clock_timestamp()`,
    })
    .where(and(eq(ordensServico.venda_id, p.vendaId), eq(ordensServico.status, 'cancelada')))
    .returning({ id: ordensServico.id });
  return r?.id ?? null;
}

// ── List
// Correlated subqueries name the outer table literally: Drizzle writes a lone table's columns
// unqualified, and an unqualified "id" inside the subquery would be the subquery's own.

const etapaAtualInicio =
  sql<Date | null>`(select e.inicio from os_etapas e where e.os_id = ordens_servico.id and e.etapa = ordens_servico.etapa_atual)`.mapWith(
    osEtapas.inicio,
  );

const osListSelect = {
  id: ordensServico.id,
  numero: ordensServico.numero,
  venda_id: ordensServico.venda_id,
  venda_numero: ordensServico.venda_numero,
  cliente_id: ordensServico.cliente_id,
  cliente_nome: lookup<string>(clientes.nome, clientes.id, ordensServico.cliente_id),
  cidade: ordensServico.cidade,
  status: ordensServico.status,
  motivo_cancelamento: ordensServico.motivo_cancelamento,
  etapa_atual: ordensServico.etapa_atual,
  etapa_atual_inicio: etapaAtualInicio,
  etapas_concluidas: ordensServico.etapas_concluidas,
  etapas_total: ordensServico.etapas_total,
  created_at: ordensServico.created_at,
  updated_at: ordensServico.updated_at,
};

export interface OsFiltros {
  q?: string;
  etapa?: string;
  status?: string;
  funcionario_id?: string;
  venda_id?: string;
  /** Business-zone bounds of the period (a stage of the OS scheduled in it). */
  periodo?: { de?: Date; ate?: Date };
}

/**
 * The list's WHERE. Search: a number finds the OS (or its sale) by número, text the client's name
 * (trigram index on clientes, reaching the OS through ordens_servico_cliente_idx). Employee and
 * period: the OS has a stage assigned to that employee / scheduled in that period.
 */
export function osWhere(f: OsFiltros): SQL | undefined {
  const parts: SQL[] = [];
  if (f.q) {
    const byName = sql`${ordensServico.cliente_id} = any(array(select ${clientes.id} from ${clientes} where ${clientes.nome} ilike ${likePattern(f.q)}))`;
    const digits = f.q.replace(/^#/, '').trim();
    parts.push(
      /^\d{1,9}$/.test(digits)
        ? sql`(${ordensServico.numero} = ${Number(digits)} or ${ordensServico.venda_numero} = ${Number(digits)} or ${byName})`
        : byName,
    );
  }
  if (f.etapa) parts.push(eq(ordensServico.etapa_atual, f.etapa));
  if (f.status) parts.push(eq(ordensServico.status, f.status));
  if (f.venda_id) parts.push(eq(ordensServico.venda_id, f.venda_id));
  const stage: SQL[] = [];
  if (f.funcionario_id) {
    stage.push(
      sql`exists (select 1 from os_etapa_funcionarios ef where ef.etapa_id = e.id and ef.funcionario_id = ${f.funcionario_id})`,
    );
  }
  if (f.periodo?.de) stage.push(sql`e.fim > ${f.periodo.de}`);
  if (f.periodo?.ate) stage.push(sql`e.inicio < ${f.periodo.ate}`);
  if (stage.length) {
    parts.push(
      sql`exists (select 1 from os_etapas e where e.os_id = ordens_servico.id and ${sql.join(stage, sql` and `)})`,
    );
  }
  return andWhere(...parts);
}

export const osSort = {
  sortable: {
    numero: ordensServico.numero,
    created_at: ordensServico.created_at,
  },
  idCol: ordensServico.id,
} as const;

export function listOs(db: Executor, p: { where?: SQL; order: SQL; limit: number; offset: number }) {
  return db
    .select(osListSelect)
    .from(ordensServico)
    .where(p.where)
    .orderBy(p.order)
    .limit(p.limit)
    .offset(p.offset);
}

/** Without a filter the total comes from the kept counts (0020), never a count of every OS. */
export function countOs(db: Executor, p: { where?: SQL }): Promise<number> {
  return countWhere(db, { table: ordensServico, where: p.where });
}

export type OsListRow = Awaited<ReturnType<typeof listOs>>[number];

/** The export's order: newest first, the id breaking ties. */
export const osExportOrder: KeyPart[] = [
  { col: ordensServico.created_at, key: 'created_at', desc: true, notNull: true },
  { col: ordensServico.id, key: 'id', desc: true, notNull: true },
];

// ── One OS

/** The stages of these OS, each OS's in the workshop's order: one query for a whole page of OS. */
export function etapasDasOs(db: Executor, p: { osIds: string[] }) {
  if (!p.osIds.length) return Promise.resolve([]);
  return db
    .select(etapaSelect)
    .from(osEtapas)
    .where(inArray(osEtapas.os_id, p.osIds))
    .orderBy(asc(osEtapas.os_id), asc(osEtapas.ordem));
}

export async function getOs(db: Executor, p: { id: string }) {
  const [os] = await db
    .select({
      ...getTableColumns(ordensServico),
      cliente_nome: clientes.nome,
      cliente_telefone: clientes.telefone,
      cliente_email: clientes.email,
      venda_status: lookup<string>(vendas.status, vendas.id, ordensServico.venda_id),
      venda_valor_bruto: lookup<string>(vendas.valor_bruto, vendas.id, ordensServico.venda_id),
    })
    .from(ordensServico)
    .innerJoin(clientes, eq(clientes.id, ordensServico.cliente_id))
    .where(eq(ordensServico.id, p.id));
  if (!os) return undefined;
  const [etapas, itens, fotos] = await Promise.all([
    etapasDasOs(db, { osIds: [p.id] }),
    os.orcamento_id
      ? linhasDoOrcamento(db, { orcamentoId: os.orcamento_id, extra: {} })
      : Promise.resolve([]),
    listFotos(db, { osId: p.id }),
  ]);
  // Each piece's finished sides and cutouts (issue 14), so the workshop sees the drawing the
  // customer approved. Names only: the specification carries no prices of its own.
  const ids = itens.map((i) => i.id);
  const [bordas, recortes] = ids.length
    ? await Promise.all([
        db
          .select(columnsOf(orcamentoItemBordas, ['item_id', 'lado', 'nome']))
          .from(orcamentoItemBordas)
          .where(inArray(orcamentoItemBordas.item_id, ids)),
        db
          .select(columnsOf(orcamentoItemRecortes, ['item_id', 'nome', 'quantidade']))
          .from(orcamentoItemRecortes)
          .where(inArray(orcamentoItemRecortes.item_id, ids))
          .orderBy(asc(orcamentoItemRecortes.posicao)),
      ])
    : [[], []];
  const pecas = itens.map((i) => ({
    ...i,
    bordas: bordas
      .filter((b) => b.item_id === i.id)
      .map((b) => ({ lado: b.lado as (typeof LADOS_PECA)[number], nome: b.nome })),
    recortes: recortes
      .filter((r) => r.item_id === i.id)
      .map((r) => ({ nome: r.nome, quantidade: r.quantidade })),
  }));
  return { ...os, etapas, itens: pecas, fotos };
}

export type OsDetalhe = NonNullable<Awaited<ReturnType<typeof getOs>>>;

export async function lockOs(tx: Executor, p: { id: string }) {
  const [r] = await tx.select().from(ordensServico).where(eq(ordensServico.id, p.id)).for('update');
  return r;
}

export const updateOs = (
  tx: Executor,
  p: { id: string; values: Record<string, unknown>; updatedAt?: string },
) => updateVersioned(tx, { table: ordensServico, id: p.id, values: p.values, updatedAt: p.updatedAt });
