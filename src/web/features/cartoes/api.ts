import { queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

/** The Cartões feature's reads, keyed under 'cartoes' (the resource its live events name). */
export const cartoesKeys = {
  all: ['cartoes'] as const,
  /** Every active method as a selector's option (the sale's and the payment's forms). */
  opcoes: () => ['cartoes', 'opcoes'] as const,
  simulador: () => ['cartoes', 'simulador'] as const,
  estatisticas: () => ['cartoes', 'estatisticas'] as const,
};

export const cartoesOpcoesOptions = () =>
  queryOptions({
    queryKey: cartoesKeys.opcoes(),
    queryFn: ({ signal }) => json(client.cartoes.opcoes.$get({ query: {} }, withSignal(signal))),
  });

/** The first four active methods, in the list's order (newest first). */
export const simuladorOptions = () =>
  queryOptions({
    queryKey: cartoesKeys.simulador(),
    queryFn: ({ signal }) =>
      json(client.cartoes.$get({ query: { status: 'Ativo', limit: 4 } }, withSignal(signal))),
  });

export const estatisticasOptions = () =>
  queryOptions({
    queryKey: cartoesKeys.estatisticas(),
    queryFn: ({ signal }) => json(client.cartoes.estatisticas.$get({}, withSignal(signal))),
  });
