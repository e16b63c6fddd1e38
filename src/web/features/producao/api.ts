import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';
import { funcionariosOpcoesOptions } from '../funcionarios/api';

/**
 * The Produção feature's reads. Every query is keyed under 'producao', so a stage change (and the live
 * events of the resource 'producao') refreshes the OS screen, the agenda and the lists at once.
 * The stage update (useAtualizarEtapa) is in atualizar-etapa.ts: the router's dashboard prefetch
 * imports this module into the first chunk every screen loads, and the mutation would bring
 * useMutation, the formats and the stage labels with it (+5 kB gzip on the first load).
 */
export const producaoKeys = {
  all: ['producao'] as const,
  os: (id: string | null) => ['producao', 'os', id] as const,
  agenda: (q: AgendaQuery) => ['producao', 'agenda', q] as const,
  aAgendar: (busca: string) => ['producao', 'a-agendar', busca] as const,
  /** The dashboard's "Instalações esta semana" and "OS atrasadas". */
  indicadores: () => ['producao', 'indicadores'] as const,
  /** The signed-in installer's stages. */
  minhaAgenda: () => ['producao', 'minha-agenda'] as const,
  /** Which stages this shop uses. */
  config: () => ['producao', 'config'] as const,
};

/** "Instalações esta semana" and "OS atrasadas" (the dashboard): any change of a work order refreshes them live. */
export const producaoIndicadoresOptions = () =>
  queryOptions({
    queryKey: producaoKeys.indicadores(),
    queryFn: ({ signal }) => json(client.producao.indicadores.$get({}, withSignal(signal))),
  });

/** One OS as the details screen and the phone read it (typed by the route's answer). */
const fetchOs = (id: string, signal?: AbortSignal) =>
  json(client['ordens-servico'][':id'].$get({ param: { id } }, withSignal(signal)));
export type OsDetalhe = Awaited<ReturnType<typeof fetchOs>>;
export type Etapa = OsDetalhe['etapas'][number];

export const osOptions = (id: string | null) =>
  queryOptions({
    queryKey: producaoKeys.os(id),
    queryFn: ({ signal }) => fetchOs(id!, signal),
    enabled: !!id,
  });

export const useOs = (id: string | null) => useQuery(osOptions(id));

/** A period of the agenda; `por_dia`: the month grid (at most that many stages a day, and each day's total). */
export interface AgendaQuery {
  de: string;
  ate: string;
  funcionario_id?: string;
  por_dia?: number;
}
const fetchAgenda = (q: AgendaQuery, signal?: AbortSignal) =>
  json(client.agenda.$get({ query: q }, withSignal(signal)));
/** A stage of the week or day view (with its team), or of the month grid (lean: no team, no address). */
export type AgendaItem = Awaited<ReturnType<typeof fetchAgenda>>['items'][number];

export const agendaOptions = (q: AgendaQuery) =>
  queryOptions({
    queryKey: producaoKeys.agenda(q),
    queryFn: ({ signal }) => fetchAgenda(q, signal),
    placeholderData: keepPreviousData,
  });

const fetchAAgendar = (q: string, signal?: AbortSignal) =>
  json(client.producao['a-agendar'].$get({ query: q ? { q } : {} }, withSignal(signal)));
/** A stage of the "A agendar" list (dragged into the calendar). */
export type AAgendar = Awaited<ReturnType<typeof fetchAAgendar>>['items'][number];

export const aAgendarOptions = (busca: string) =>
  queryOptions({
    queryKey: producaoKeys.aAgendar(busca),
    queryFn: ({ signal }) => fetchAAgendar(busca, signal),
    placeholderData: keepPreviousData,
  });

const fetchMinhaAgenda = (signal?: AbortSignal) =>
  json(client.producao['minha-agenda'].$get({ query: {} }, withSignal(signal)));
/** A stage of the installer's phone agenda, with what the job needs. */
export type MinhaAgendaJob = Awaited<ReturnType<typeof fetchMinhaAgenda>>['items'][number];

export const minhaAgendaOptions = () =>
  queryOptions({ queryKey: producaoKeys.minhaAgenda(), queryFn: ({ signal }) => fetchMinhaAgenda(signal) });

export const etapasConfigOptions = () =>
  queryOptions({
    queryKey: producaoKeys.config(),
    queryFn: ({ signal }) => json(client.producao.config.$get({}, withSignal(signal))),
  });

/** Active employees for the team editor and the filters (name - role, never salaries). */
export function useEquipeOpcoes() {
  return useQuery({ ...funcionariosOpcoesOptions('producao'), staleTime: 60_000 });
}
