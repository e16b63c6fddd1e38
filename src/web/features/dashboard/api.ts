import type { QueryClient } from '@tanstack/react-query';
import type { Permissao } from '../../../schemas/permissoes';
import { client, json, withSignal } from '../../lib/client';

/** The dashboard's figures: the page reads them, and the router fetches them while the page's chunk loads. */
export const dashboardQuery = {
  queryKey: ['dashboard'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    json(client.dashboard.$get(undefined, withSignal(signal))),
};

/** What `GET /api/dashboard` answers, as the server's route types it. */
export type DashboardData = Awaited<ReturnType<typeof dashboardQuery.queryFn>>;

/** "Instalações esta semana" and "OS atrasadas"; keyed under 'producao': any change of a work order refreshes them live. */
export const producaoIndicadoresQuery = {
  queryKey: ['producao', 'indicadores'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    json(client.producao.indicadores.$get({}, withSignal(signal))),
};

/** The stock cards (holders of `estoque` only). */
export const chapasPainelQuery = {
  queryKey: ['chapas', 'painel'],
  queryFn: ({ signal }: { signal: AbortSignal }) => json(client.chapas.painel.$get({}, withSignal(signal))),
};

/**
 * Everything the dashboard reads on arrival, asked at once: each card waiting for the one before it
 * to draw put three round trips before the last figure (the page's largest paint on a phone).
 */
export function prefetchDashboard(qc: QueryClient, can: (p: Permissao) => boolean) {
  void qc.prefetchQuery(dashboardQuery);
  void qc.prefetchQuery(producaoIndicadoresQuery);
  if (can('estoque')) void qc.prefetchQuery(chapasPainelQuery);
}
