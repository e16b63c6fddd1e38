import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { orcamentoCalculo } from '../../../schemas/orcamentos';
import { ApiError, type ProblemField } from '../../lib/api';
import type { OrcamentoCalculo } from '../../lib/resources';
import { calculoOptions } from './api';
import { type OrcamentoForm, toPayload } from './form';

/** Field path (as the server names it, e.g. `itens.0.medida1`) → message. */
export type Erros = Record<string, string>;

interface CalculoState {
  data?: OrcamentoCalculo;
  /** Row keys in the order the shown answer priced them (so a row finds its own figures). */
  keys: string[];
  pending: boolean;
  error: unknown;
  /**
   * What the server would refuse in the form as it is now (the shared schema, then the server's own
   * 400 answer), by field. While there is any, no summary is shown: figures computed from values the
   * server refuses would be a lie.
   */
  erros: Erros;
  /** The first message that keeps the summary from being computed, if any. */
  recusa?: string;
}

const CalculoContext = createContext<CalculoState>({ keys: [], pending: false, error: null, erros: {} });

export const useCalculo = () => useContext(CalculoContext);

/** The message for one field, from the live check or from the last save attempt. */
export const useErro = (path: string): string | undefined => useCalculo().erros[path];

export function errosDe(fields: ProblemField[] | { path: PropertyKey[]; message: string }[]): Erros {
  const out: Erros = {};
  for (const f of fields) {
    const path = Array.isArray(f.path) ? f.path.map(String).join('.') : String(f.path);
    out[path] ??= f.message;
  }
  return out;
}

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
  errosSalvar,
  children,
}: {
  control: Control<OrcamentoForm>;
  /** Fields the last save attempt was refused for (checks only saving makes, e.g. the client). */
  errosSalvar?: Erros;
  children: React.ReactNode;
}) {
  const values = useWatch({ control }) as OrcamentoForm;
  const { request, errosLocais } = useMemo(() => {
    const body = toPayload({ ...values, itens: values.itens ?? [] });
    const parsed = orcamentoCalculo.safeParse(body);
    return {
      request: JSON.stringify({ keys: (values.itens ?? []).map((i) => i.key), body }),
      errosLocais: parsed.success ? null : errosDe(parsed.error.issues),
    };
  }, [values]);
  const debounced = useDebounced(request, 350);
  // The request waiting out the pause may hold values refused since (a field typed wrong, then fixed
  // before the pause ended): it is checked too, or it would reach the server just as the form turns valid.
  const debouncedValido = useMemo(
    () => orcamentoCalculo.safeParse((JSON.parse(debounced) as { body: unknown }).body).success,
    [debounced],
  );
  const query = useQuery({
    ...calculoOptions(debounced),
    // Values the shared schema refuses are never sent: the server would answer 400 anyway.
    enabled: !errosLocais && debouncedValido,
  });
  // The keys that go with the answer on screen (a kept previous answer keeps its own keys).
  const [shownKeys, setShownKeys] = useState<string[]>([]);
  useEffect(() => {
    if (query.data && !query.isPlaceholderData) {
      setShownKeys((JSON.parse(debounced) as { keys: string[] }).keys);
    }
  }, [query.data, query.isPlaceholderData, debounced]);

  // The server's own refusals (e.g. a figure beyond what the database keeps), for the answer on screen.
  const recusado = query.error instanceof ApiError && query.error.status === 400 && request === debounced;
  const errosServidor = useMemo(
    () => (recusado && query.error instanceof ApiError ? errosDe(query.error.errors) : null),
    [recusado, query.error],
  );
  const state = useMemo<CalculoState>(() => {
    const erros = { ...errosSalvar, ...errosServidor, ...errosLocais };
    const invalido = !!errosLocais || !!errosServidor;
    return {
      // No figures while the form holds what the server refuses (nor the previous answer kept meanwhile).
      data: invalido ? undefined : query.data,
      keys: shownKeys,
      pending: !invalido && (request !== debounced || query.isFetching),
      error: invalido ? null : query.error,
      erros,
      recusa: invalido ? Object.values({ ...errosLocais, ...errosServidor })[0] : undefined,
    };
  }, [
    query.data,
    shownKeys,
    request,
    debounced,
    query.isFetching,
    query.error,
    errosLocais,
    errosServidor,
    errosSalvar,
  ]);
  return <CalculoContext.Provider value={state}>{children}</CalculoContext.Provider>;
}
