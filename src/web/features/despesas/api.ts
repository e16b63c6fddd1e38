import { queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

/** The Despesas feature's reads, keyed under 'despesas' (the resource its live events name). */
export const despesasKeys = {
  all: ['despesas'] as const,
  relatorio: (ano: number) => ['despesas', 'relatorio', ano] as const,
};

/** The year's totals by type and by month. */
export const relatorioOptions = (ano: number) =>
  queryOptions({
    queryKey: despesasKeys.relatorio(ano),
    queryFn: ({ signal }) => json(client.despesas.relatorio.$get({ query: { ano } }, withSignal(signal))),
  });
