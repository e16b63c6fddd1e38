import { queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

/** The Caixa feature's reads, keyed under 'caixa' (the resource its live events and a payment name). */
export const caixaKeys = {
  all: ['caixa'] as const,
  resumo: () => ['caixa', 'resumo'] as const,
};

/** The totals and the opening balance. */
export const resumoOptions = () =>
  queryOptions({
    queryKey: caixaKeys.resumo(),
    queryFn: ({ signal }) => json(client.caixa.$get({}, withSignal(signal))),
  });
