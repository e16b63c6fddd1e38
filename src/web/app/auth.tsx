import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import type { Me } from '../../schemas/auth';
import type { Permissao } from '../../schemas/permissoes';
import { ApiError, api, setUnauthorizedHandler } from '../lib/api';
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

async function fetchMe(): Promise<Me | null> {
  try {
    const [me, config] = await Promise.all([
      api.get<Me>('/auth/me'),
      json(client.config.$get()).catch(() => null),
    ]);
    setBusinessTz(config?.tz_negocio);
    return me;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    // Spec: if loading the user fails, no permissions and not admin — i.e. not signed in here.
    console.error('Erro ao carregar usuário', err);
    return null;
  }
}

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const qc = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: ME_KEY,
    queryFn: fetchMe,
    staleTime: 30_000,
    retry: false,
  });

  // Setting `me` to null (not clearing the cache, which would detach this component's observer)
  // shows the login screen; other users' data must not linger in memory.
  const signedOut = useCallback(() => {
    qc.setQueryData(ME_KEY, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
  }, [qc]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (qc.getQueryData(ME_KEY)) {
        signedOut();
        toast.error('Sessão encerrada', { description: 'Entre novamente para continuar.' });
      }
    });
  }, [qc, signedOut]);

  const login = useCallback(
    async (usuario: string, senha: string) => {
      const res = await api.post<{ usuario: Me }>('/auth/login', { usuario, senha });
      setBusinessTz((await json(client.config.$get()).catch(() => null))?.tz_negocio);
      qc.setQueryData(ME_KEY, res.usuario);
    },
    [qc],
  );

  const logout = useCallback(async () => {
    try {
      await api.post('/auth/logout');
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
