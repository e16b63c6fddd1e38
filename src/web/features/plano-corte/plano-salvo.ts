import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { client, json, withSignal } from '../../lib/client';

export const planoOsKey = (osId: string) => ['producao', 'plano-corte', osId] as const;

/** The OS's saved plan, or null while it has none (the API answers 404 then). */
export function usePlanoSalvo(osId: string, enabled = true) {
  return useQuery({
    queryKey: planoOsKey(osId),
    enabled,
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
}
