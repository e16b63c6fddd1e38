import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { toast } from 'sonner';
import type { Me } from '../../schemas/auth';
import type { Permissao } from '../../schemas/permissoes';
import { ApiError, setUnauthorizedHandler } from '../lib/api';
import { client, json } from '../lib/client';
import { setBusinessTz } from '../lib/format';

interface AuthState {
  me: Me | null;
  loading: boolean;
  can: (p: Permissao) => boolean;
  login: (usuario: string, senha: string) => Promise<void>;
  logout: () => Promise<void>;
  refresh: () => void;
}

const AuthContext = createContext<AuthState | null>(null);
export const ME_KEY = ['me'] as const;

/**
 * The signed-in user, or null. Asks `/auth/sessao`, which answers 200 `{ usuario: null }` to an
 * anonymous visitor: the first load of the login screen logs no failed request in the console.
 * A failure to ask (no connection, the server busy) is thrown, not read as "signed out": the query
 * asks again, and a signed-in screen is not sent to the login form by one dropped request.
 */
async function fetchMe(): Promise<Me | null> {
  const me = (await json(client.auth.sessao.$get())).usuario;
  if (me) {
    identificado(me);
    // The business time zone, once signed in (/config needs a session: asked only then).
    setBusinessTz((await json(client.config.$get()).catch(() => null))?.tz_negocio);
  }
  return me;
}

let identificado: (me: Me) => void = () => {};
/** What to start as soon as the session is known on arrival (the router preloads the screen asked for). */
export function setAoIdentificar(fn: (me: Me) => void) {
  identificado = fn;
}

/** A failure that may pass: no connection (status 0) or the server's 5xx. */
const passageira = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status >= 500);
/** Attempts to ask who is signed in before the screen gives up (about 3.5 s in all). */
const TENTATIVAS_SESSAO = 4;

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const qc = useQueryClient();
  const expired = useRef(() => {});
  const { data, isPending, error } = useQuery({
    queryKey: ME_KEY,
    queryFn: async () => {
      const me = await fetchMe();
      // A session that ended while signed in here (signed out elsewhere, deactivated): as a 401 does.
      if (!me && qc.getQueryData(ME_KEY)) expired.current();
      return me;
    },
    staleTime: 30_000,
    retry: (count, err) => passageira(err) && count < TENTATIVAS_SESSAO - 1,
    retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 2000),
  });
  // Spec: if loading the user fails, no permissions and not admin. On the first load that is the
  // login screen; once signed in, the last answer stays (a failed re-check is not a sign-out).
  useEffect(() => {
    if (error) console.error('Erro ao carregar usuário', error);
  }, [error]);

  // Setting `me` to null (not clearing the cache, which would detach this component's observer)
  // shows the login screen; other users' data must not linger in memory.
  const signedOut = useCallback(() => {
    qc.setQueryData(ME_KEY, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
  }, [qc]);

  useEffect(() => {
    expired.current = () => {
      signedOut();
      toast.error('Sessão encerrada', { description: 'Entre novamente para continuar.' });
    };
    setUnauthorizedHandler(() => {
      if (qc.getQueryData(ME_KEY)) expired.current();
    });
  }, [qc, signedOut]);

  const login = useCallback(
    async (usuario: string, senha: string) => {
      // the throttle's problem answers (429, 503) are thrown as ApiError, like any other failure
      const res = await json(client.auth.login.$post({ json: { usuario, senha } }));
      setBusinessTz((await json(client.config.$get()).catch(() => null))?.tz_negocio);
      qc.setQueryData(ME_KEY, res.usuario);
    },
    [qc],
  );

  const logout = useCallback(async () => {
    try {
      await json(client.auth.logout.$post({}));
    } finally {
      signedOut();
    }
  }, [signedOut]);

  const value = useMemo<AuthState>(() => {
    const me = data ?? null;
    return {
      me,
      loading: isPending,
      can: (p) => !!me?.permissoes.includes(p),
      login,
      logout,
      refresh: () => void qc.invalidateQueries({ queryKey: ME_KEY }),
    };
  }, [data, isPending, login, logout, qc]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/** Name shown in the sidebar: the account's name, else the e-mail's local part, else "Usuário". */
export function displayName(me: Me | null): string {
  return me?.nome?.trim() || me?.email?.split('@')[0] || 'Usuário';
}
