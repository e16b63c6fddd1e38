import { queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

/** The Clientes feature's reads, keyed under 'clientes' (the resource its live events name). */
export const clientesKeys = {
  all: ['clientes'] as const,
  contagem: () => ['clientes', 'contagem'] as const,
};

/** Every client counted, whatever the search (the tab's badge): one row read, its total used. */
export const contagemOptions = () =>
  queryOptions({
    queryKey: clientesKeys.contagem(),
    queryFn: ({ signal }) => json(client.clientes.$get({ query: { limit: 1 } }, withSignal(signal))),
  });
