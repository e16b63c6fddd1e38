import { sql } from 'drizzle-orm';
import type { Executor } from '../../client';
import { likePattern, queryRows } from '../common';
import { iso } from './comum';

// The agenda: the stages scheduled in a period (list and month grid), an installer's jobs, and the
// stages still to schedule.

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
