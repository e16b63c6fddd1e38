import { queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

/**
 * The Estoque feature's reads. Every one is keyed under 'chapas' (the resource its live events name),
 * so a slab's entry, reservation, consumption or photo refreshes the list, the cards, the details and
 * the work order's stone at once (`chapasKeys.all`).
 */
export const chapasKeys = {
  all: ['chapas'] as const,
  /** The dashboard's stock cards. */
  painel: () => ['chapas', 'painel'] as const,
  resumo: () => ['chapas', 'resumo'] as const,
  detalhe: (id: string) => ['chapas', 'detalhe', id] as const,
  fotos: (chapaId: string) => ['chapas', 'fotos', chapaId] as const,
  daOs: (osId: string) => ['chapas', 'os', osId] as const,
  /** The remnants a piece of `l` x `a` mm of this stone fits in. */
  sugestoes: (produtoId: string, l: number, a: number) => ['chapas', 'sugestoes', produtoId, l, a] as const,
};

/** The stock cards (holders of `estoque` only). */
export const chapasPainelOptions = () =>
  queryOptions({
    queryKey: chapasKeys.painel(),
    queryFn: ({ signal }) => json(client.chapas.painel.$get({}, withSignal(signal))),
  });

/** Per stone: slabs, remnants, m² available and reserved, value, remnants waiting too long. */
export const resumoOptions = () =>
  queryOptions({
    queryKey: chapasKeys.resumo(),
    queryFn: ({ signal }) => json(client.chapas.resumo.$get({ query: {} }, withSignal(signal))),
  });

export const chapaOptions = (id: string) =>
  queryOptions({
    queryKey: chapasKeys.detalhe(id),
    queryFn: ({ signal }) => json(client.chapas[':id'].$get({ param: { id } }, withSignal(signal))),
  });

export const fotosOptions = (chapaId: string) =>
  queryOptions({
    queryKey: chapasKeys.fotos(chapaId),
    queryFn: ({ signal }) =>
      json(client.chapas[':id'].fotos.$get({ param: { id: chapaId } }, withSignal(signal))),
  });

/** The work order's reserved and consumed slabs. */
export const chapasDaOsOptions = (osId: string) =>
  queryOptions({
    queryKey: chapasKeys.daOs(osId),
    queryFn: ({ signal }) =>
      json(client['ordens-servico'][':id'].chapas.$get({ param: { id: osId } }, withSignal(signal))),
  });

export const sugestoesOptions = (produtoId: string, l: number, a: number) =>
  queryOptions({
    queryKey: chapasKeys.sugestoes(produtoId, l, a),
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      json(
        client.chapas.sugestoes.$get(
          { query: { produto_id: produtoId, cabe: `${l}x${a}` } },
          withSignal(signal),
        ),
      ),
  });
