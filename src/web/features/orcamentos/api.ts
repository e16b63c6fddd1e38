import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api';
import { type AnswerOf, type Call, client, json, withSignal } from '../../lib/client';
import type { OrcamentoDetalhe } from '../../lib/resources';

/** The selectors' sources (`GET /api/<recurso>/opcoes?q=`): each option's type is its route's answer. */
const OPCOES = {
  clientes: client.clientes.opcoes,
  vendedores: client.vendedores.opcoes,
  arquitetos: client.arquitetos.opcoes,
  funcionarios: client.funcionarios.opcoes,
  produtos: client.produtos.opcoes,
  'itens-venda': client['itens-venda'].opcoes,
  cartoes: client.cartoes.opcoes,
  acabamentos: client.acabamentos.opcoes,
  recortes: client.recortes.opcoes,
};

export type Recurso = keyof typeof OPCOES;

/** One option of a selector, as `/api/<recurso>/opcoes` answers it. */
export type OpcaoDe<R extends Recurso> = AnswerOf<(typeof OPCOES)[R]>[number];

// The spec's loading-failure toasts (doc 1 §8).
const NOMES: Record<Recurso, [string, string]> = {
  clientes: ['clientes', 'clientes'],
  vendedores: ['vendedores', 'vendedores'],
  arquitetos: ['arquitetos', 'arquitetos'],
  funcionarios: ['funcionários', 'funcionários'],
  produtos: ['produtos', 'produtos'],
  'itens-venda': ['itens', 'itens de venda'],
  cartoes: ['cartões', 'cartões'],
  acabamentos: ['acabamentos', 'acabamentos'],
  recortes: ['recortes', 'recortes'],
};

/** A selector's options (`/api/<recurso>/opcoes?q=`), keyed by the resource so live events refresh it. */
export function useOpcoes<R extends Recurso>(recurso: R, q = '', enabled = true) {
  // Every `opcoes` route takes the same `?q=`; the union of nine endpoints is called through one
  // signature and its answer typed by the resource asked for.
  const get = OPCOES[recurso].$get as Call;
  const query = useQuery({
    queryKey: [recurso, 'opcoes', q],
    queryFn: ({ signal }) => json(get({ query: { q } }, withSignal(signal))) as Promise<OpcaoDe<R>[]>,
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const error = query.error;
  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && error.status === 401) return;
    const [titulo, lista] = NOMES[recurso];
    toast.error(`Erro ao carregar ${titulo}`, {
      description: `Não foi possível carregar a lista de ${lista}.`,
    });
  }, [error, recurso]);
  return query;
}

export const detalheKey = (id: string) => ['orcamentos', 'detalhe', id] as const;

export function fetchDetalhe(id: string, signal?: AbortSignal): Promise<OrcamentoDetalhe> {
  return json(client.orcamentos[':id'].$get({ param: { id } }, withSignal(signal)));
}

export const empresaKey = ['empresa'] as const;
export function fetchEmpresa(signal?: AbortSignal) {
  return json(client.empresa.$get({}, withSignal(signal)));
}
