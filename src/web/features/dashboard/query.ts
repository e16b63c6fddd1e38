import type { Dashboard } from '../../../schemas/dashboard';
import { api } from '../../lib/api';

/** The dashboard's figures: the page reads them, and the router fetches them while the page's chunk loads. */
export const dashboardQuery = {
  queryKey: ['dashboard'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Dashboard>('/dashboard', signal),
};
