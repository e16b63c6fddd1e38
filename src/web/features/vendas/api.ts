import { queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

/** The Vendas feature's reads, keyed under 'vendas' (the resource its live events name). */
export const vendasKeys = {
  all: ['vendas'] as const,
  estatisticas: () => ['vendas', 'estatisticas'] as const,
};

/** The summary cards of the sales screen (/vendas/estatisticas). */
export const estatisticasOptions = () =>
  queryOptions({
    queryKey: vendasKeys.estatisticas(),
    queryFn: ({ signal }) => json(client.vendas.estatisticas.$get({}, withSignal(signal))),
  });
