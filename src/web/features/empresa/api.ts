import { queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

/**
 * The Empresa feature's reads. The company's row is keyed ['empresa'] — the prefix its live events
 * (resource 'empresa') refresh — wherever it is read: the quote's PDF and link, the sale's and the
 * invoice's sending, the product's fiscal fields.
 */
export const empresaKeys = {
  all: ['empresa'] as const,
};

export function fetchEmpresa(signal?: AbortSignal) {
  return json(client.empresa.$get({}, withSignal(signal)));
}
export type Empresa = Awaited<ReturnType<typeof fetchEmpresa>>;

/** The company's row; callers set how long it stays fresh (`{ ...empresaOptions(), staleTime }`). */
export const empresaOptions = () =>
  queryOptions({
    queryKey: empresaKeys.all,
    queryFn: ({ signal }) => fetchEmpresa(signal),
  });
