import { useCallback, useEffect, useRef, useState } from 'react';
import { type AnswerOf, client, json } from './client';
import { onlyDigits } from './masks';

/** An address as `GET /api/cep/:cep` answers it. */
type Endereco = AnswerOf<(typeof client)['cep'][':cep']>;

/**
 * Address lookup for a CEP field (through `GET /api/cep/:cep`, which caches). Call `lookup` from the
 * field's onChange: once the CEP has 8 digits it asks the server and hands the address to `onFound`.
 * A failed lookup (unknown CEP, service down) is only logged — the form keeps what the user typed
 * (spec doc 2 §8). A record loaded for editing does not trigger it: only typing does.
 */
export function useCep(onFound: (endereco: Endereco) => void) {
  const [loading, setLoading] = useState(false);
  const last = useRef('');
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  }, [onFound]);

  const lookup = useCallback(async (value: string) => {
    const cep = onlyDigits(value);
    if (cep.length !== 8) {
      last.current = '';
      return;
    }
    if (cep === last.current) return;
    last.current = cep;
    setLoading(true);
    try {
      const endereco = await json(client.cep[':cep'].$get({ param: { cep } }));
      // the user may have typed another CEP meanwhile
      if (last.current === cep) found.current(endereco);
    } catch (err) {
      console.error('Erro ao buscar CEP', cep, err);
    } finally {
      setLoading(false);
    }
  }, []);

  return { lookup, loading };
}
