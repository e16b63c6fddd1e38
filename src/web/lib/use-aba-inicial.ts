import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The tab a screen opens on: `?aba=<name>` when a link asks for one of the screen's tabs (the
 * dashboard's shortcuts: `/clientes?aba=novo`, `/orcamentos?aba=historico`), else `padrao`. Read
 * once; the parameter is then taken out of the address (replace, no new history entry), so the tabs
 * the user clicks afterwards are not fighting a stale URL and a reload opens the screen as usual.
 */
export function useAbaInicial<T extends string>(abas: readonly T[], padrao: T): T {
  const [params, setParams] = useSearchParams();
  const [inicial] = useState<T>(() => {
    const pedida = params.get('aba');
    return (abas as readonly string[]).includes(pedida ?? '') ? (pedida as T) : padrao;
  });
  const temAba = params.has('aba');
  useEffect(() => {
    if (!temAba) return;
    setParams(
      (p) => {
        p.delete('aba');
        return p;
      },
      { replace: true },
    );
  }, [temAba, setParams]);
  return inicial;
}
