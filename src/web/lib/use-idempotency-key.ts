import { useCallback, useState } from 'react';
import { newIdempotencyKey } from './api';

/**
 * One `Idempotency-Key` for one intended operation: pass `key` to `api.post(path, body,
 * { idempotencyKey: key })` and call `renew()` once the save succeeded (or the form starts another
 * record). Until then every retry — automatic, or the user pressing "Salvar" again after a dropped
 * connection — reuses the key, and the server creates the record once.
 */
export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}
