import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { type Call, json, type RecordEndpoint, type RecordOf, withSignal } from '../lib/client';
import { registroAtualKeys } from './kit/api';
import { Button } from './ui/button';

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
export function useFreshRecord<E extends RecordEndpoint>(endpoint: E, id: string | null) {
  const get = endpoint[':id'].$get as Call;
  return useQuery({
    queryKey: registroAtualKeys.registro(id),
    queryFn: ({ signal }) => json(get({ param: { id } }, withSignal(signal))) as Promise<RecordOf<E>>,
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
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
