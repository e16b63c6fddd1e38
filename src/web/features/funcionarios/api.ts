import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

/** The Funcionários feature's reads, keyed under 'funcionarios' (the resource its live events name). */
export const funcionariosKeys = {
  all: ['funcionarios'] as const,
  /** The KPIs read only the totals (one row). */
  kpis: () => ['funcionarios', 'resumo', 1] as const,
  calculo: (page: number) => ['funcionarios', 'resumo', 'calculo', page] as const,
  /** Every active employee (name - role, never salaries), one cache entry per screen that lists them. */
  opcoes: (tela: 'producao' | 'usuarios') => ['funcionarios', 'opcoes', tela] as const,
};

export const kpisOptions = () =>
  queryOptions({
    queryKey: funcionariosKeys.kpis(),
    queryFn: ({ signal }) =>
      json(client.funcionarios.resumo.$get({ query: { limit: 1 } }, withSignal(signal))),
  });

export const calculoOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: funcionariosKeys.calculo(page),
    queryFn: ({ signal }) =>
      json(client.funcionarios.resumo.$get({ query: { page, limit } }, withSignal(signal))),
    placeholderData: keepPreviousData,
  });

export const funcionariosOpcoesOptions = (tela: 'producao' | 'usuarios') =>
  queryOptions({
    queryKey: funcionariosKeys.opcoes(tela),
    queryFn: ({ signal }) => json(client.funcionarios.opcoes.$get({ query: {} }, withSignal(signal))),
  });
