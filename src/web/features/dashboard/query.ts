import { client, json, withSignal } from '../../lib/client';

/** The dashboard's figures: the page reads them, and the router fetches them while the page's chunk loads. */
export const dashboardQuery = {
  queryKey: ['dashboard'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    json(client.dashboard.$get(undefined, withSignal(signal))),
};

/** What `GET /api/dashboard` answers, as the server's route types it. */
export type DashboardData = Awaited<ReturnType<typeof dashboardQuery.queryFn>>;
