import { queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

/** The Fornecedores feature's reads other screens share (the supplier selectors of products and stock). */
export const fornecedoresKeys = {
  all: ['fornecedores'] as const,
  opcoes: () => ['fornecedores', 'opcoes'] as const,
};

/** Every supplier as a selector's option (no search). */
export const fornecedoresOpcoesOptions = () =>
  queryOptions({
    queryKey: fornecedoresKeys.opcoes(),
    queryFn: ({ signal }) => json(client.fornecedores.opcoes.$get({ query: {} }, withSignal(signal))),
  });
