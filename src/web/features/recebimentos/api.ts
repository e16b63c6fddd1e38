import { queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

/**
 * The Recebimentos feature's reads, keyed under 'recebimentos' (the resource its live events name):
 * a payment or an undo anywhere refreshes every one of them.
 */
export const recebimentosKeys = {
  all: ['recebimentos'] as const,
  kpis: () => ['recebimentos', 'kpis'] as const,
  cobranca: (parcelaId: string) => ['recebimentos', 'cobranca', parcelaId] as const,
  extrato: (clienteId: string) => ['recebimentos', 'extrato', clienteId] as const,
};

/** The typed reads of the Recebimentos screen: the answers' types come from the server's routes. */
export const fetchKpis = (signal?: AbortSignal) =>
  json(client.recebimentos.kpis.$get(undefined, withSignal(signal)));

export const fetchParcela = (id: string, signal?: AbortSignal) =>
  json(client.recebiveis[':id'].$get({ param: { id } }, withSignal(signal)));

export const fetchCobranca = (id: string, signal?: AbortSignal) =>
  json(client.recebiveis[':id'].cobranca.$get({ param: { id } }, withSignal(signal)));

export const fetchExtrato = (id: string, signal?: AbortSignal) =>
  json(client.recebimentos.extrato[':id'].$get({ param: { id } }, withSignal(signal)));

export const fetchConfig = (signal?: AbortSignal) =>
  json(client.recebimentos.config.$get(undefined, withSignal(signal)));

export const kpisOptions = () =>
  queryOptions({ queryKey: recebimentosKeys.kpis(), queryFn: ({ signal }) => fetchKpis(signal) });

/** The charge's message is written for now (amount owed today): never kept once the dialog closes. */
export const cobrancaOptions = (parcelaId: string) =>
  queryOptions({
    queryKey: recebimentosKeys.cobranca(parcelaId),
    queryFn: ({ signal }) => fetchCobranca(parcelaId, signal),
    gcTime: 0,
  });

/** A customer's statement: every instalment of every sale, with its payments. */
export const extratoOptions = (clienteId: string) =>
  queryOptions({
    queryKey: recebimentosKeys.extrato(clienteId),
    queryFn: ({ signal }) => fetchExtrato(clienteId, signal),
  });

export const desfazerRecebimento = (id: string) =>
  json(client.recebimentos[':id'].$delete({ param: { id } }));

export type Kpis = Awaited<ReturnType<typeof fetchKpis>>;
export type ParcelaDetalhe = Awaited<ReturnType<typeof fetchParcela>>;
export type Parcela = Omit<ParcelaDetalhe, 'recebimentos'>;
export type Recebimento = ParcelaDetalhe['recebimentos'][number];
export type Extrato = Awaited<ReturnType<typeof fetchExtrato>>;

/** "Entrada" or "2/3": the instalment's place in its sale. */
export const rotuloParcela = (p: { parcela: number; numero_parcelas: number }) =>
  p.parcela === 0 ? 'Entrada' : `${p.parcela}/${p.numero_parcelas}`;
