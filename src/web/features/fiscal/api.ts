import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

/** The fiscal tables' searches (NCM, IBGE municípios): fixed lists, kept for the whole session. */
export const fiscalKeys = {
  all: ['fiscal'] as const,
  ncm: (q: string) => ['fiscal', 'ncm', q] as const,
  municipios: (uf: string, q: string) => ['fiscal', 'municipios', uf, q] as const,
};

/** NCMs by code ("6802") or by words ("granito"). */
export const ncmOptions = (q: string) =>
  queryOptions({
    queryKey: fiscalKeys.ncm(q),
    queryFn: ({ signal }) => json(client.fiscal.ncm.$get({ query: { q } }, withSignal(signal))),
    staleTime: Number.POSITIVE_INFINITY,
    // While the next search is on its way the options on screen stay: emptied, the one being tapped
    // vanished under the finger and the tap chose nothing (seen on a busy machine: a product saved
    // without the NCM its user had picked).
    placeholderData: keepPreviousData,
  });

/** Municípios of the IBGE list, of one UF (`uf` '' for all). */
export const municipiosOptions = (uf: string, q: string) =>
  queryOptions({
    queryKey: fiscalKeys.municipios(uf, q),
    queryFn: ({ signal }) => json(client.fiscal.municipios.$get({ query: { uf, q } }, withSignal(signal))),
    staleTime: Number.POSITIVE_INFINITY,
    // The same for a search within one UF; another UF's list is never shown for this one.
    placeholderData: (anterior, consulta) => (consulta?.queryKey[2] === uf ? anterior : undefined),
  });
