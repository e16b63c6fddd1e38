import type { QueryClient } from '@tanstack/react-query';
import { recursoKeys } from './api';

/**
 * After a write: drop the reads of these resources still in flight (started before the write, they
 * would answer the old rows — TanStack does not restart a fetch of a query that has no data yet),
 * then refetch every one on screen.
 */
export async function refreshAfterWrite(qc: QueryClient, keys: string[]) {
  await Promise.all(keys.map((k) => qc.cancelQueries({ queryKey: recursoKeys.all(k) })));
  await Promise.all(keys.map((k) => qc.invalidateQueries({ queryKey: recursoKeys.all(k) })));
}
