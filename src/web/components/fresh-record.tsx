import { useQuery } from '@tanstack/react-query';
import { createContext, Fragment, type ReactNode, useCallback, useContext, useState } from 'react';
import { ApiError, api } from '../lib/api';
import { Button } from './ui/button';
import { Loading } from './ui/states';

/** The title of the server's stale-write 409 (`staleWrite()` in server/errors.ts). */
const STALE_TITLE = 'Conflito de edição';

export function isStaleWrite(err: unknown): boolean {
  return err instanceof ApiError && err.status === 409 && err.title === STALE_TITLE;
}

/**
 * The record as the server has it now, read every time a dialog that edits or confirms it opens.
 * Never answered from a cache: `gcTime: 0` drops it as soon as the dialog closes, so the next
 * opening waits for the server instead of showing what a list cached earlier. The key is not the
 * resource's (live updates do not refresh it), so what the user edits does not change under them: a
 * write by someone else shows as the server's 409 and an explicit "Recarregar".
 */
export function useFreshRecord<T>(path: string | null) {
  return useQuery({
    queryKey: ['registro-atual', path],
    queryFn: ({ signal }) => api.get<T>(path as string, signal),
    enabled: path !== null,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

type ReportError = (err: unknown) => void;
const ConflictContext = createContext<ReportError>(() => {});

/**
 * For a form inside `<FreshRecord>`: call it with a failed save's error; a stale-write 409 shows the
 * "Recarregar" notice above the form. Outside a FreshRecord it does nothing.
 */
export function useReportConflict(): ReportError {
  return useContext(ConflictContext);
}

export function ConflictNotice({ onReload, reloading }: { onReload: () => void; reloading?: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <span>
        Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual (o que você alterou
        aqui será descartado).
      </span>
      <Button size="sm" variant="outline" onClick={onReload} disabled={reloading}>
        Recarregar
      </Button>
    </div>
  );
}

/**
 * Renders `children` with the record read fresh from `path` (`/clientes/<id>`), a loading line
 * until it arrives, and — when the form reports a stale-write 409 through `useReportConflict` — a
 * notice with "Recarregar", which reads the record again and restarts the form with it. A null
 * `path` (a new record) renders `children(null)` at once.
 */
export function FreshRecord<T>({
  path,
  loadingText = 'Carregando...',
  children,
}: {
  path: string | null;
  loadingText?: string;
  children: (record: T | null) => ReactNode;
}) {
  if (path === null) return <>{children(null)}</>;
  return (
    <FreshRecordLoaded<T> key={path} path={path} loadingText={loadingText}>
      {children}
    </FreshRecordLoaded>
  );
}

function FreshRecordLoaded<T>({
  path,
  loadingText,
  children,
}: {
  path: string;
  loadingText: string;
  children: (record: T) => ReactNode;
}) {
  const q = useFreshRecord<T>(path);
  const [conflict, setConflict] = useState(false);
  const report = useCallback((err: unknown) => {
    if (isStaleWrite(err)) setConflict(true);
  }, []);

  if (q.isPending) return <Loading text={loadingText} />;
  if (q.isError) {
    const gone = q.error instanceof ApiError && q.error.status === 404;
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center text-sm">
        <p>
          {gone
            ? 'Este registro não existe mais (foi excluído).'
            : 'Não foi possível carregar o registro. Verifique a conexão.'}
        </p>
        {!gone && (
          <Button size="sm" variant="outline" onClick={() => void q.refetch()}>
            Tentar novamente
          </Button>
        )}
      </div>
    );
  }
  return (
    <ConflictContext.Provider value={report}>
      <div className="grid gap-4">
        {conflict && (
          <ConflictNotice
            reloading={q.isFetching}
            onReload={() => {
              void q.refetch().then((r) => {
                if (r.isSuccess) setConflict(false);
              });
            }}
          />
        )}
        {/* a reload remounts the form, so it starts from the server's values */}
        <Fragment key={q.dataUpdatedAt}>{children(q.data)}</Fragment>
      </div>
    </ConflictContext.Provider>
  );
}
