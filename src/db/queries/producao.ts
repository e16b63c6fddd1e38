import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { ETAPAS_OS, type LADOS_PECA } from '../../schemas/enums';
import type { Executor } from '../client';
import {
  clientes,
  funcionarios,
  orcamentoItemBordas,
  orcamentoItemRecortes,
  ordensServico,
  osEtapaFuncionarios,
  osEtapas,
  osFotos,
  producaoConfig,
  usuarios,
  vendas,
} from '../schema';
import { liberarDaOs } from './chapas';
import { andWhere, columnsOf, countWhere, likePattern, lookup, queryRows, updateVersioned } from './common';
import type { KeyPart } from './keyset';
import { linhasDoOrcamento } from './orcamentos';
import type { ConstraintMap } from './refusal';

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

/** A timestamp as the API writes it (ISO, UTC, milliseconds), for the raw-SQL answers. */
const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

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
export function countOs(db: Executor, where?: SQL): Promise<number> {
  return countWhere(db, { table: ordensServico, where });
}

export type OsListRow = Awaited<ReturnType<typeof listOs>>[number];

/** The export's order: newest first, the id breaking ties. */
export const osExportOrder: KeyPart[] = [
  { col: ordensServico.created_at, key: 'created_at', desc: true, notNull: true },
  { col: ordensServico.id, key: 'id', desc: true, notNull: true },
];

// ── One OS

const equipeJson = sql<
  { id: string; nome: string; cargo: string; status: string }[]
>`coalesce((select json_agg(json_build_object('id', f.id, 'nome', f.nome, 'cargo', f.cargo, 'status', f.status) order by f.nome)
   from os_etapa_funcionarios ef join funcionarios f on f.id = ef.funcionario_id where ef.etapa_id = os_etapas.id), '[]'::json)`;

const etapaSelect = {
  ...getTableColumns(osEtapas),
  iniciada_por_nome: lookup<string>(usuarios.nome, usuarios.id, osEtapas.iniciada_por),
  concluida_por_nome: lookup<string>(usuarios.nome, usuarios.id, osEtapas.concluida_por),
  funcionarios: equipeJson,
};

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

// ── Stages

/** A stage with its OS's status, locked for the rest of the transaction (checks, then writes). */
export async function lockEtapa(tx: Executor, p: { id: string }) {
  const [r] = await tx
    .select({
      ...getTableColumns(osEtapas),
      os_status: ordensServico.status,
      os_numero: ordensServico.numero,
    })
    .from(osEtapas)
    .innerJoin(ordensServico, eq(ordensServico.id, osEtapas.os_id))
    .where(eq(osEtapas.id, p.id))
    .for('update', { of: osEtapas });
  return r;
}

export async function getEtapa(db: Executor, p: { id: string }) {
  const [r] = await db.select(etapaSelect).from(osEtapas).where(eq(osEtapas.id, p.id));
  return r;
}

/** The stages before this one in its OS that are not completed yet (the order rule). */
export async function etapasAnterioresAbertas(tx: Executor, p: { osId: string; ordem: number }) {
  return tx
    .select({ etapa: osEtapas.etapa, status: osEtapas.status })
    .from(osEtapas)
    .where(
      and(
        eq(osEtapas.os_id, p.osId),
        sql`${osEtapas.ordem} < ${p.ordem}`,
        sql`${osEtapas.status} <> 'concluida'`,
      ),
    )
    .orderBy(asc(osEtapas.ordem));
}

/** The stages after this one that already started or finished (a completed stage is not reopened under them). */
export async function etapasSeguintesIniciadas(tx: Executor, p: { osId: string; ordem: number }) {
  return tx
    .select({ etapa: osEtapas.etapa })
    .from(osEtapas)
    .where(
      and(
        eq(osEtapas.os_id, p.osId),
        sql`${osEtapas.ordem} > ${p.ordem}`,
        sql`${osEtapas.status} in ('em_andamento', 'concluida')`,
      ),
    );
}

export const updateEtapa = (
  tx: Executor,
  p: { id: string; values: Record<string, unknown>; updatedAt?: string },
) => updateVersioned(tx, { table: osEtapas, id: p.id, values: p.values, updatedAt: p.updatedAt });

/** The employees of a stage (ids). */
export async function equipeIds(db: Executor, p: { etapaId: string }): Promise<string[]> {
  const rows = await db
    .select({ id: osEtapaFuncionarios.funcionario_id })
    .from(osEtapaFuncionarios)
    .where(eq(osEtapaFuncionarios.etapa_id, p.etapaId));
  return rows.map((r) => r.id);
}

export async function setEquipe(tx: Executor, p: { etapaId: string; funcionarioIds: string[] }) {
  await tx.delete(osEtapaFuncionarios).where(eq(osEtapaFuncionarios.etapa_id, p.etapaId));
  if (p.funcionarioIds.length) {
    await tx
      .insert(osEtapaFuncionarios)
      .values(p.funcionarioIds.map((funcionario_id) => ({ etapa_id: p.etapaId, funcionario_id })));
  }
}

/** Of the given ids, the employees that are active (the others are refused on a team). */
export async function funcionariosAtivos(db: Executor, p: { ids: string[] }) {
  if (!p.ids.length) return [];
  return db
    .select({ id: funcionarios.id, nome: funcionarios.nome })
    .from(funcionarios)
    .where(and(inArray(funcionarios.id, p.ids), eq(funcionarios.status, 'ativo')));
}

export interface ConflitoAgenda {
  funcionario_id: string;
  funcionario_nome: string;
  os_id: string;
  os_numero: number;
  etapa: string;
  inicio: string;
  fim: string;
}

/** Other stages (not completed, OS not cancelled) where one of these employees is booked at the same time. */
export async function conflitosAgenda(
  db: Executor,
  p: { etapaId: string; funcionarioIds: string[]; inicio: Date; fim: Date },
): Promise<ConflitoAgenda[]> {
  if (!p.funcionarioIds.length) return [];
  return queryRows<ConflitoAgenda>(
    db,
    sql`select ef.funcionario_id, f.nome as funcionario_nome, o.id as os_id, o.numero as os_numero, e.etapa,
               ${iso('e.inicio')} as inicio, ${iso('e.fim')} as fim
          from os_etapas e
          join os_etapa_funcionarios ef on ef.etapa_id = e.id
          join funcionarios f on f.id = ef.funcionario_id
          join ordens_servico o on o.id = e.os_id
         where e.inicio is not null
           and tstzrange(e.inicio, e.fim, '[)') && tstzrange(${p.inicio}::timestamptz, ${p.fim}::timestamptz, '[)')
           and e.id <> ${p.etapaId}
           and e.status <> 'concluida'
           and o.status <> 'cancelada'
           and ef.funcionario_id in (${sql.join(
             p.funcionarioIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})
         order by e.inicio, f.nome`,
  );
}

/**
 * Recomputes the OS's kept summary after a stage changed: its current stage (the first not
 * completed), the count of completed ones, and its status (concluída when every stage is).
 */
export async function atualizarResumoOs(tx: Executor, p: { osId: string }) {
  await tx.execute(sql`
    update ordens_servico o
       set etapa_atual = r.atual,
           etapas_concluidas = r.feitas,
           etapas_total = r.total,
           status = case when o.status = 'cancelada' then 'cancelada'
                         when r.atual is null then 'concluida' else 'aberta' end,
           updated_at = clock_timestamp()
      from (select (select e.etapa from os_etapas e where e.os_id = ${p.osId} and e.status <> 'concluida'
                     order by e.ordem limit 1) as atual,
                   (select count(*)::int from os_etapas e where e.os_id = ${p.osId} and e.status = 'concluida') as feitas,
                   (select count(*)::int from os_etapas e where e.os_id = ${p.osId}) as total) r
     where o.id = ${p.osId}`);
}

/** Is this employee on the team of this stage? Of any stage of this OS? (the installer's scope) */
export async function funcionarioNaEtapa(db: Executor, p: { etapaId: string; funcionarioId: string }) {
  const [r] = await db
    .select({ n: sql<number>`1` })
    .from(osEtapaFuncionarios)
    .where(
      and(
        eq(osEtapaFuncionarios.etapa_id, p.etapaId),
        eq(osEtapaFuncionarios.funcionario_id, p.funcionarioId),
      ),
    );
  return !!r;
}

export async function funcionarioNaOs(db: Executor, p: { osId: string; funcionarioId: string }) {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from os_etapas e join os_etapa_funcionarios ef on ef.etapa_id = e.id
         where e.os_id = ${p.osId} and ef.funcionario_id = ${p.funcionarioId} limit 1`,
  );
  return !!r;
}

// ── Agenda

export interface AgendaRow {
  id: string;
  os_id: string;
  os_numero: number;
  os_status: string;
  etapa: string;
  status: string;
  inicio: string;
  fim: string;
  notas: string | null;
  updated_at: string;
  cliente_nome: string;
  cliente_telefone: string | null;
  endereco: string | null;
  cidade: string | null;
  uf: string | null;
  funcionarios: { id: string; nome: string }[];
}

/** Most stages one agenda answer carries (one more is read to tell the screen it was cut). */
export const AGENDA_MAX = 2000;

/**
 * An agenda row's columns (stage `e`, with `o` the OS and `c` the client in a lateral), with the team as
 * JSON. Per-row lookups, not joins: the planner cannot tell how few stages a period keeps, and a hash join
 * would read every OS and client to serve one page of them.
 */
const agendaColunas = sql`e.id, e.os_id, x.os_numero, x.os_status, e.etapa, e.status,
  ${iso('e.inicio')} as inicio, ${iso('e.fim')} as fim, e.notas, ${iso('e.updated_at')} as updated_at,
  x.cliente_nome, x.cliente_telefone, x.endereco, x.cidade, x.uf,
  coalesce((select json_agg(json_build_object('id', f.id, 'nome', f.nome) order by f.nome)
              from os_etapa_funcionarios t join funcionarios f on f.id = t.funcionario_id
             where t.etapa_id = e.id), '[]'::json) as funcionarios`;
const agendaOs = sql`cross join lateral (
    select o.numero as os_numero, o.status as os_status, o.endereco, o.cidade, o.uf,
           c.nome as cliente_nome, c.telefone as cliente_telefone
      from ordens_servico o join clientes c on c.id = o.cliente_id
     where o.id = e.os_id) x`;

/** Not of a cancelled OS (an anti-join on the few cancelled ones), optionally one employee's: stage `s`. */
function etapaVisivel(p: { funcionarioId?: string }) {
  const doFuncionario = p.funcionarioId
    ? sql`and exists (select 1 from os_etapa_funcionarios y where y.etapa_id = s.id and y.funcionario_id = ${p.funcionarioId})`
    : sql``;
  return sql`not exists (select 1 from ordens_servico k where k.id = s.os_id and k.status = 'cancelada')
    ${doFuncionario}`;
}

/** Stages scheduled in [de, ate) (GiST index on the window), visible (etapaVisivel). */
function agendaPeriodo(p: { de: Date; ate: Date; funcionarioId?: string }) {
  return sql`s.inicio is not null
    and tstzrange(s.inicio, s.fim, '[)') && tstzrange(${p.de}::timestamptz, ${p.ate}::timestamptz, '[)')
    and ${etapaVisivel(p)}`;
}

/** Stages one day of the agenda shows at most when the screen asks for a month (`porDia`). */
export interface AgendaDia {
  /** The day ('YYYY-MM-DD', business time zone) a stage starts on, or the period's first day. */
  dia: string;
  total: number;
}

/** Every scheduled stage overlapping [de, ate), in start order, with the client and the team. */
export async function agenda(
  db: Executor,
  p: { de: Date; ate: Date; funcionarioId?: string },
): Promise<{ items: AgendaRow[]; dias: null }> {
  const items = await queryRows<AgendaRow>(
    db,
    sql`select ${agendaColunas}
          from (select s.id from os_etapas s where ${agendaPeriodo(p)}
                 order by s.inicio, s.id limit ${AGENDA_MAX + 1}) sel
          join os_etapas e on e.id = sel.id
          ${agendaOs}
         order by e.inicio, x.os_numero`,
  );
  return { items, dias: null };
}

/** A stage as the month grid shows it: what its chip, its drag (version) and its dialog (ids) need. */
export type AgendaItemMes = Pick<
  AgendaRow,
  'id' | 'os_id' | 'os_numero' | 'etapa' | 'status' | 'inicio' | 'fim' | 'updated_at' | 'cliente_nome'
>;

/**
 * The agenda's answer: the stages, whether the period had more than one answer carries, and for the
 * month grid (`dias` present) each day's total with lean stages.
 */
export type AgendaResposta =
  | { items: AgendaRow[]; truncado: boolean; dias: null }
  | { items: AgendaItemMes[]; truncado: false; dias: AgendaDia[] };

/** Stage `s` starts on day `d` (por_dia's row) and is visible. */
const noDiaD = (p: { funcionarioId?: string }) =>
  sql`s.inicio is not null and s.inicio >= d.ini and s.inicio < d.fim and ${etapaVisivel(p)}`;

/**
 * How many visible stages start on day `d`: from the hourly counts the database keeps (agenda_horas,
 * migration 0021) when the day's bounds fall on whole hours — always, for the business time zones of
 * Brazil —, else, or for one employee's agenda, counted from the stages.
 */
function contagemDoDia(p: { funcionarioId?: string }) {
  const contadas = sql`(select count(*) from os_etapas s where ${noDiaD(p)})`;
  if (p.funcionarioId) return contadas;
  return sql`case when lavra_agenda_hora(d.ini) = d.ini and lavra_agenda_hora(d.fim) = d.fim
                 then (select coalesce(sum(h.n), 0) from agenda_horas h where h.hora >= d.ini and h.hora < d.fim)
                 else ${contadas} end`;
}

/**
 * The month view's answer as JSON text (AgendaResposta), written by the database: at most `porDia`
 * stages per day (by start, the business time zone's day) and each day's total — a month of a big shop
 * has thousands of stages, and a month cell shows a handful and "N etapas". Parsing and re-serialising
 * its ~170 rows in Node cost more than finding them, and the stages carry only what a cell shows
 * (AgendaItemMes: the address, phone and team are read when one is opened), half the bytes.
 */
export async function agendaMesJson(
  db: Executor,
  p: { de: Date; ate: Date; funcionarioId?: string; porDia: number; tz: string },
): Promise<string> {
  // Day by day (business time zone) from the index on the start: each day's count and its first
  // stages, never every stage of the period. A stage begun before the period and still running at its
  // start (GiST) belongs to its first day.
  const de = sql`${p.de}::timestamptz`;
  const noDia = noDiaD(p);
  // The per-day limit is written into the statement (1–20, checked by the route's schema; at most 20
  // prepared variants): as a parameter, the generic plan guesses 65 rows a day and joins by scanning
  // every stage, OS and client, so PostgreSQL planned the statement anew on each call (~1 ms, a third
  // of the database's time for this answer). With the literal the generic plan is the custom one.
  if (!Number.isInteger(p.porDia) || p.porDia < 1 || p.porDia > 20)
    throw new Error(`por_dia inválido: ${p.porDia}`);
  const porDia = sql.raw(String(p.porDia));
  // The chosen stages carry what the cell shows from the day's own index scan (no second lookup of
  // each by id); each one's OS and client are read per row (the `limit 1` keeps the lateral a lookup:
  // flattened into a join, the generic plan, guessing ~1,300 stages, hashed all 60,000 OS of S = 1).
  const etapaMes = sql`s.id, s.os_id, s.etapa, s.status, s.inicio, s.fim, s.updated_at`;
  const [r] = await queryRows<{ resposta: string }>(
    db,
    sql`with dias as materialized (
          select g::date as dia,
                 greatest(g::date::timestamp at time zone ${p.tz}, ${de}) as ini,
                 least((g::date + 1)::timestamp at time zone ${p.tz}, ${p.ate}::timestamptz) as fim
            from generate_series((${de} at time zone ${p.tz})::date,
                                 ((${p.ate}::timestamptz - interval '1 microsecond') at time zone ${p.tz})::date,
                                 interval '1 day') g),
        antes as materialized (
          select ${etapaMes} from os_etapas s
           where s.inicio is not null and s.inicio < ${de}
             and tstzrange(s.inicio, s.fim, '[)') @> ${de} and ${etapaVisivel(p)}),
        por_dia as materialized (
          select d.dia, d.ini, d.fim, d.ini = ${de} as primeiro,
                 ${contagemDoDia(p)}
                   + case when d.ini = ${de} then (select count(*) from antes) else 0 end as total
            from dias d),
        sel as materialized (
          select x.* from por_dia d cross join lateral (
            select u.* from (
              select a.* from antes a where d.primeiro
              union all
              (select ${etapaMes} from os_etapas s where ${noDia} order by s.inicio, s.id limit ${porDia})
            ) u order by u.inicio, u.id limit ${porDia}) x
           where d.total > 0)
        select json_build_object(
                 'items', coalesce((select json_agg(r order by r.inicio, r.os_numero) from (
                            select e.id, e.os_id, x.numero as os_numero, e.etapa, e.status,
                                   ${iso('e.inicio')} as inicio, ${iso('e.fim')} as fim,
                                   ${iso('e.updated_at')} as updated_at, x.nome as cliente_nome
                              from sel e cross join lateral (
                                select o.numero, c.nome from ordens_servico o join clientes c on c.id = o.cliente_id
                                 where o.id = e.os_id limit 1) x) r), '[]'::json),
                 'truncado', false,
                 'dias', coalesce((select json_agg(r order by r.dia) from (
                                     select to_char(dia, 'YYYY-MM-DD') as dia, total::int as total
                                       from por_dia where total > 0) r), '[]'::json))::text as resposta`,
  );
  return r!.resposta;
}

/**
 * An installer's jobs: the stages assigned to them that are not completed and start before the end of
 * the window, or finished in it (today's completed ones stay on screen), OS not cancelled.
 */
export function minhaAgenda(db: Executor, p: { funcionarioId: string; de: Date; ate: Date }) {
  return queryRows<AgendaRow>(
    db,
    sql`select ${agendaColunas}
          from os_etapa_funcionarios ef
          join os_etapas e on e.id = ef.etapa_id
          ${agendaOs}
         where ef.funcionario_id = ${p.funcionarioId}
           and x.os_status <> 'cancelada'
           and ((e.status <> 'concluida' and (e.inicio is null or e.inicio < ${p.ate}))
                or (e.status = 'concluida' and e.concluida_em >= ${p.de}))
         order by e.inicio nulls last, x.os_numero
         limit 200`,
  );
}

export interface AAgendarRow {
  id: string;
  os_id: string;
  os_numero: number;
  etapa: string;
  updated_at: string;
  cliente_nome: string;
  cidade: string | null;
}

/**
 * The current stage of open OS that has no schedule yet, newest OS first (what the agenda's side list
 * offers to drag onto the calendar), optionally of one stage kind.
 */
export function aAgendar(db: Executor, p: { etapa?: string; q?: string; limit: number }) {
  // A shop with many open jobs finds one by its client or its number.
  const numero = p.q && /^#?\d{1,9}$/.test(p.q.trim()) ? Number(p.q.trim().replace('#', '')) : null;
  const busca = p.q
    ? numero !== null
      ? sql`and o.numero = ${numero}`
      : sql`and c.nome ilike ${likePattern(p.q)}`
    : sql``;
  return queryRows<AAgendarRow>(
    db,
    sql`select e.id, e.os_id, o.numero as os_numero, e.etapa, ${iso('e.updated_at')} as updated_at,
               c.nome as cliente_nome, o.cidade
          from ordens_servico o
          join os_etapas e on e.os_id = o.id and e.etapa = o.etapa_atual
          join clientes c on c.id = o.cliente_id
         where o.status = 'aberta' and e.inicio is null
           ${p.etapa ? sql`and o.etapa_atual = ${p.etapa}` : sql``}
           ${busca}
         order by o.created_at desc, o.id desc
         limit ${p.limit}`,
  );
}

// ── Photos and signatures

export async function insertFoto(
  tx: Executor,
  p: { osId: string; etapaId: string; tipo: 'foto' | 'assinatura'; mime: string; bytes: Buffer; por: string },
) {
  const [r] = await tx
    .insert(osFotos)
    .values({
      os_id: p.osId,
      etapa_id: p.etapaId,
      tipo: p.tipo,
      mime: p.mime,
      tamanho: p.bytes.byteLength,
      bytes: p.bytes,
      created_by: p.por,
    })
    .returning({ id: osFotos.id, created_at: osFotos.created_at });
  return r!;
}

export function listFotos(db: Executor, p: { osId: string }) {
  return db
    .select({
      id: osFotos.id,
      etapa_id: osFotos.etapa_id,
      tipo: osFotos.tipo,
      mime: osFotos.mime,
      tamanho: osFotos.tamanho,
      created_at: osFotos.created_at,
      created_by_nome: lookup<string>(usuarios.nome, usuarios.id, osFotos.created_by),
    })
    .from(osFotos)
    .where(eq(osFotos.os_id, p.osId))
    .orderBy(asc(osFotos.created_at));
}

export async function getFoto(db: Executor, p: { osId: string; id: string }) {
  const [r] = await db
    .select({ mime: osFotos.mime, bytes: osFotos.bytes, etapa_id: osFotos.etapa_id })
    .from(osFotos)
    .where(and(eq(osFotos.id, p.id), eq(osFotos.os_id, p.osId)));
  return r;
}

// ── Settings and dashboard

/** The settings; a shop that never saved them uses every stage (version: the epoch). */
export async function getProducaoConfig(db: Executor) {
  const [r] = await db.select().from(producaoConfig).where(eq(producaoConfig.id, true));
  return r ?? { id: true, etapas: [...ETAPAS_OS] as string[], updated_at: new Date(0) };
}

/** Saves the settings if `updatedAt` is the version read (the first save inserts the row). */
export async function setProducaoConfig(tx: Executor, p: { etapas: string[]; updatedAt: string }) {
  const rows = await tx
    .insert(producaoConfig)
    .values({ id: true, etapas: p.etapas })
    .onConflictDoUpdate({
      target: producaoConfig.id,
      set: { etapas: p.etapas, updated_at: sql`clock_timestamp()` },
      setWhere: eq(producaoConfig.updated_at, new Date(p.updatedAt)),
    })
    .returning();
  return rows[0];
}

/**
 * The dashboard's production cards: installation stages scheduled in [semanaDe, semanaAte) of OS not
 * cancelled, and the open OS with a stage past its scheduled end and not completed.
 */
export async function indicadoresProducao(db: Executor, p: { semanaDe: Date; semanaAte: Date; agora: Date }) {
  const [r] = await queryRows<{ instalacoes_semana: number; os_atrasadas: number }>(
    db,
    sql`select
          (select count(*)::int from os_etapas e join ordens_servico o on o.id = e.os_id
            where e.etapa = 'instalacao' and e.inicio is not null
              and tstzrange(e.inicio, e.fim, '[)') && tstzrange(${p.semanaDe}::timestamptz, ${p.semanaAte}::timestamptz, '[)')
              and o.status <> 'cancelada') as instalacoes_semana,
          (select count(distinct e.os_id)::int from os_etapas e join ordens_servico o on o.id = e.os_id
            where e.status <> 'concluida' and e.fim is not null and e.fim < ${p.agora}
              and o.status = 'aberta') as os_atrasadas`,
  );
  return r!;
}

/** Constraints the API words itself (the routes check first; these close the races). */
export const producaoConstraints: ConstraintMap = {
  usuarios_funcionario_uq: {
    code: '23505',
    refusal: {
      status: 409,
      title: 'Funcionário já vinculado',
      detail: 'Este funcionário já está vinculado a outro usuário.',
      path: 'funcionario_id',
    },
  },
  usuarios_funcionario_id_funcionarios_id_fk: {
    code: '23503',
    methods: ['POST', 'PATCH'],
    refusal: {
      status: 400,
      title: 'Dados inválidos',
      detail: 'Funcionário não encontrado.',
      path: 'funcionario_id',
    },
  },
  os_etapa_funcionarios_funcionario_id_funcionarios_id_fk: {
    code: '23503',
    methods: ['PATCH'],
    refusal: {
      status: 400,
      title: 'Dados inválidos',
      detail: 'Funcionário não encontrado.',
      path: 'funcionario_ids',
    },
  },
};
