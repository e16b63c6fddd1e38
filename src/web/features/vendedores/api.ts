import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

/** Whose commissions a report lists: the sellers' or the architects' (RT). */
export type RecursoComissao = 'vendedores' | 'arquitetos';
export type Periodo = { pessoa: string; inicio: string; fim: string; page: number };

/**
 * The commission reports' reads. The people are keyed under their resource ('vendedores' or
 * 'arquitetos'); the reports under 'relatorios', the prefix a sale, a payment or a person's change
 * refreshes (live-updates' DEPENDENTS).
 */
export const relatoriosKeys = {
  all: ['relatorios'] as const,
  comissoes: (recurso: RecursoComissao, p: Periodo) =>
    ['relatorios', recurso, { pessoa: p.pessoa, inicio: p.inicio, fim: p.fim, page: p.page }] as const,
};

export const pessoasKeys = {
  /** Every person, active or not: a former seller still has commissions in past periods. */
  todos: (recurso: RecursoComissao) => [recurso, 'todos'] as const,
};

export const pessoasOptions = (recurso: RecursoComissao) =>
  queryOptions({
    queryKey: pessoasKeys.todos(recurso),
    queryFn: ({ signal }) =>
      json(client[recurso].$get({ query: { sort: 'nome', limit: 200 } }, withSignal(signal))),
  });

/** A report of the period; `load` reads the kind's route and turns it into the shape both share. */
export const comissoesOptions = <R>(
  recurso: RecursoComissao,
  p: Periodo,
  load: (p: Periodo, signal: AbortSignal) => Promise<R>,
) =>
  queryOptions({
    queryKey: relatoriosKeys.comissoes(recurso, p),
    queryFn: ({ signal }) => load(p, signal),
    placeholderData: keepPreviousData,
  });
