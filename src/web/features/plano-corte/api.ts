import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { client, json, withSignal } from '../../lib/client';

/** The stones and pieces (in mm) of a quote, as `POST /planos-corte/estimativa` takes them. */
export type CorpoEstimativa = {
  pedras: { produto_id: string; pecas: { largura_mm: number; altura_mm: number; quantidade: number }[] }[];
};

/**
 * The Plano de corte feature's reads. A work order's saved plan is keyed under 'producao' (a stage's
 * or an OS's change refreshes it with the rest of the OS screen); the estimate under 'planos-corte'.
 */
export const planoCorteKeys = {
  daOs: (osId: string) => ['producao', 'plano-corte', osId] as const,
  estimativa: (corpo: CorpoEstimativa) => ['planos-corte', 'estimativa', corpo] as const,
};

/** The OS's saved plan, or null while it has none (the API answers 404 then). */
export const planoSalvoOptions = (osId: string) =>
  queryOptions({
    queryKey: planoCorteKeys.daOs(osId),
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return await json(
          client['ordens-servico'][':id']['plano-corte'].$get({ param: { id: osId } }, withSignal(signal)),
        );
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return null;
        throw err;
      }
    },
  });

export function usePlanoSalvo(osId: string, enabled = true) {
  return useQuery({ ...planoSalvoOptions(osId), enabled });
}

/** How many slabs each stone of a quote takes. */
export const estimativaOptions = (corpo: CorpoEstimativa) =>
  queryOptions({
    queryKey: planoCorteKeys.estimativa(corpo),
    staleTime: 60_000,
    retry: false,
    // the previous figures stay while the next arrive: the line under a stone does not blink per key
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      json(client['planos-corte'].estimativa.$post({ json: corpo }, withSignal(signal))),
  });
