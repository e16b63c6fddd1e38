import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api';
import { type AnswerOf, type Call, client, json, withSignal } from '../../lib/client';
import type { OrcamentoCalculo, OrcamentoDetalhe } from '../../lib/resources';
import type { OrcamentoPayload } from './form';

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

/**
 * The Orçamentos feature's reads, keyed under 'orcamentos' (the resource its live events name; a sale,
 * a client, a seller or a card refreshes them too). The running calculation of the quote being edited
 * is keyed apart, under 'orcamentos-calculo': a price, salary or rate change reprices it, a write of a
 * quote does not.
 */
export const orcamentosKeys = {
  all: ['orcamentos'] as const,
  /** Every page of the history (the kit's list: ['orcamentos', 'lista', params]). */
  listas: () => ['orcamentos', 'lista'] as const,
  detalhes: () => ['orcamentos', 'detalhe'] as const,
  detalhe: (id: string) => ['orcamentos', 'detalhe', id] as const,
  /** The quote read for its client's phone when the screen sending it has none. */
  envio: (id: string) => ['orcamentos', 'envio', id] as const,
  /** The customer's side: the link, the acceptance and the change requests. */
  cliente: (id: string) => ['orcamentos', 'cliente', id] as const,
  /** What the sale will record, per version of the quote. */
  previaVenda: (id: string, versao: string) => ['orcamentos', 'previa-venda', id, versao] as const,
};

export const orcamentosCalculoKeys = {
  all: ['orcamentos-calculo'] as const,
  /** `pedido`: the JSON of the rows' keys and the payload priced. */
  pedido: (pedido: string) => ['orcamentos-calculo', pedido] as const,
};

export function fetchDetalhe(id: string, signal?: AbortSignal): Promise<OrcamentoDetalhe> {
  return json(client.orcamentos[':id'].$get({ param: { id } }, withSignal(signal)));
}

export const detalheOptions = (id: string) =>
  queryOptions({
    queryKey: orcamentosKeys.detalhe(id),
    queryFn: ({ signal }) => fetchDetalhe(id, signal),
  });

export const envioOptions = (id: string) =>
  queryOptions({
    queryKey: orcamentosKeys.envio(id),
    queryFn: ({ signal }) => fetchDetalhe(id, signal),
  });

export const ladoClienteOptions = (id: string) =>
  queryOptions({
    queryKey: orcamentosKeys.cliente(id),
    queryFn: ({ signal }) =>
      json(client.orcamentos[':id'].cliente.$get({ param: { id } }, withSignal(signal))),
  });

export const previaVendaOptions = (id: string, versao: string) =>
  queryOptions({
    queryKey: orcamentosKeys.previaVenda(id, versao),
    queryFn: ({ signal }) =>
      json(client.orcamentos[':id'].venda.previa.$get({ param: { id } }, withSignal(signal))),
  });

/** The server's pricing of the quote being edited (`pedido` as orcamentosCalculoKeys.pedido). */
export const calculoOptions = (pedido: string) =>
  queryOptions<OrcamentoCalculo>({
    queryKey: orcamentosCalculoKeys.pedido(pedido),
    queryFn: ({ signal }) => {
      const { body } = JSON.parse(pedido) as { body: OrcamentoPayload };
      return json(client.orcamentos.calcular.$post({ json: body })).then((r) => {
        signal.throwIfAborted();
        return r;
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
