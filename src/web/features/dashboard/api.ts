import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Permissao } from '../../../schemas/permissoes';
import { client, json, withSignal } from '../../lib/client';
import { chapasPainelOptions } from '../estoque/api';
import { producaoIndicadoresOptions } from '../producao/api';

/** The dashboard's own reads, keyed ['dashboard']: the prefix most resources' live events refresh. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};

const fetchDashboard = (signal?: AbortSignal) => json(client.dashboard.$get(undefined, withSignal(signal)));

/** The dashboard's figures: the page reads them, and the router fetches them while the page's chunk loads. */
export const dashboardOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => fetchDashboard(signal),
  });

/** What `GET /api/dashboard` answers, as the server's route types it. */
export type DashboardData = Awaited<ReturnType<typeof fetchDashboard>>;

/**
 * Everything the dashboard reads on arrival, asked at once: each card waiting for the one before it
 * to draw put three round trips before the last figure (the page's largest paint on a phone).
 */
export function prefetchDashboard(qc: QueryClient, can: (p: Permissao) => boolean) {
  void qc.prefetchQuery(dashboardOptions());
  void qc.prefetchQuery(producaoIndicadoresOptions());
  if (can('estoque')) void qc.prefetchQuery(chapasPainelOptions());
}
