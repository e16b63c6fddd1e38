import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { dashboardKeys } from '../dashboard/api';
import { detalheOptions, orcamentosKeys } from './api';

/**
 * The quote as the server has it now, for a dialog that confirms or edits it. Whatever the cache holds
 * (a list row, an earlier opening) is not shown: until an answer fetched after the dialog opened
 * arrives, `data` is undefined and the dialog shows its loading state. `id` null = closed.
 */
export function useOrcamentoFresco(id: string | null) {
  // A new time for every opening (null → id), so a cached answer from an earlier opening never counts.
  const abertoEm = useMemo(() => (id ? Date.now() : 0), [id]);
  const query = useQuery({
    ...detalheOptions(id ?? ''),
    enabled: !!id,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const fresco = !!id && !!query.data && query.data.id === id && query.dataUpdatedAt >= abertoEm;
  return { ...query, data: fresco ? query.data : undefined, carregando: !!id && !fresco && !query.error };
}

/**
 * One run at a time: a double click must not send a request twice. The mutation's `isPending`
 * disables the button only from the next render, which a fast second click beats, so the guard is a
 * ref checked synchronously. Returns the run's promise (undefined when ignored); errors are left to
 * the mutation's `onError` toast.
 */
export function useUmaVez(opts: { propagar?: boolean } = {}) {
  const emCurso = useRef(false);
  // A ConfirmDialog stays open when its promise rejects (the 409 notice is shown inside it): its
  // runner passes the failure on; a button's runner keeps it (the toast already told the user).
  const propagar = !!opts.propagar;
  return useCallback(
    async <T>(fn: () => Promise<T>): Promise<T | undefined> => {
      if (emCurso.current) return undefined;
      emCurso.current = true;
      try {
        return await fn();
      } catch (err) {
        if (propagar) throw err;
        return undefined;
      } finally {
        emCurso.current = false;
      }
    },
    [propagar],
  );
}

/**
 * After any write to quotes: the shown lists and details refetch, and lists not on screen are dropped,
 * so going back to an earlier search never shows its older figures, even for a moment.
 */
export function atualizarOrcamentos(qc: QueryClient) {
  qc.removeQueries({ queryKey: orcamentosKeys.listas(), type: 'inactive' });
  qc.removeQueries({ queryKey: orcamentosKeys.detalhes(), type: 'inactive' });
  void qc.invalidateQueries({ queryKey: orcamentosKeys.all });
  void qc.invalidateQueries({ queryKey: dashboardKeys.all });
}
