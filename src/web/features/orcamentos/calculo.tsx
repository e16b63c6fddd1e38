import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import type { CalculoOrcamento } from '../../../schemas/orcamentos';
import { api } from '../../lib/api';
import { type OrcamentoForm, toPayload } from './form';

interface CalculoState {
  data?: CalculoOrcamento;
  /** Row keys in the order the shown answer priced them (so a row finds its own figures). */
  keys: string[];
  pending: boolean;
  error: unknown;
}

const CalculoContext = createContext<CalculoState>({ keys: [], pending: false, error: null });

export const useCalculo = () => useContext(CalculoContext);

/** The figures the server answered for one row of the editor, if it has been priced yet. */
export function useLinhaCalculo(key: string) {
  const { data, keys } = useCalculo();
  const idx = keys.indexOf(key);
  return idx >= 0 ? data?.itens[idx] : undefined;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * The editor's live summary: what the form holds is sent to `POST /orcamentos/calcular` once typing
 * pauses, and every consumer (summary panel, row totals) reads the answer. Inputs stay uncontrolled,
 * so typing never waits for the server; the previous answer stays on screen while the next one loads.
 * Keyed under `orcamentos-calculo`, so a change in expenses, prices or rates elsewhere refreshes it.
 */
export function CalculoProvider({
  control,
  children,
}: {
  control: Control<OrcamentoForm>;
  children: React.ReactNode;
}) {
  const values = useWatch({ control }) as OrcamentoForm;
  const request = useMemo(
    () =>
      JSON.stringify({
        keys: (values.itens ?? []).map((i) => i.key),
        body: toPayload({ ...values, itens: values.itens ?? [] }),
      }),
    [values],
  );
  const debounced = useDebounced(request, 350);
  const query = useQuery<CalculoOrcamento>({
    queryKey: ['orcamentos-calculo', debounced],
    queryFn: ({ signal }) => {
      const { body } = JSON.parse(debounced) as { body: unknown };
      return api.post<CalculoOrcamento>('/orcamentos/calcular', body).then((r) => {
        signal.throwIfAborted();
        return r;
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
  // The keys that go with the answer on screen (a kept previous answer keeps its own keys).
  const [shownKeys, setShownKeys] = useState<string[]>([]);
  useEffect(() => {
    if (query.data && !query.isPlaceholderData) {
      setShownKeys((JSON.parse(debounced) as { keys: string[] }).keys);
    }
  }, [query.data, query.isPlaceholderData, debounced]);

  const state = useMemo<CalculoState>(
    () => ({
      data: query.data,
      keys: shownKeys,
      pending: request !== debounced || query.isFetching,
      error: query.error,
    }),
    [query.data, shownKeys, request, debounced, query.isFetching, query.error],
  );
  return <CalculoContext.Provider value={state}>{children}</CalculoContext.Provider>;
}
