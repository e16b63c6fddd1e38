import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { Permissao } from '../../schemas/permissoes';
import { Loading } from '../components/ui/states';
import { prefetchDashboard } from '../features/dashboard/api';
import { useAuth } from './auth';
import { Layout } from './layout';
import { Guard, Home, NotFound, RouteError } from './pages';

// Each screen is its own chunk, so the login page loads only the shell.
const screens = {
  dashboard: lazy(() => import('../features/dashboard/page')),
  orcamentos: lazy(() => import('../features/orcamentos/page')),
  vendas: lazy(() => import('../features/vendas/page')),
  clientes: lazy(() => import('../features/clientes/page')),
  arquitetos: lazy(() => import('../features/arquitetos/page')),
  vendedores: lazy(() => import('../features/vendedores/page')),
  produtos: lazy(() => import('../features/produtos/page')),
  fornecedores: lazy(() => import('../features/fornecedores/page')),
  funcionarios: lazy(() => import('../features/funcionarios/page')),
  despesas: lazy(() => import('../features/despesas/page')),
  cartoes: lazy(() => import('../features/cartoes/page')),
  caixa: lazy(() => import('../features/caixa/page')),
  recebimentos: lazy(() => import('../features/recebimentos/page')),
  'notas-fiscais': lazy(() => import('../features/notas-fiscais/page')),
  usuarios: lazy(() => import('../features/usuarios/page')),
  auditoria: lazy(() => import('../features/auditoria/page')),
  backups: lazy(() => import('../features/backups/page')),
  empresa: lazy(() => import('../features/empresa/page')),
  estoque: lazy(() => import('../features/estoque/page')),
  producao: lazy(() => import('../features/producao/page')),
  os: lazy(() => import('../features/producao/os-page')),
  agenda: lazy(() => import('../features/producao/agenda-page')),
  minhaAgenda: lazy(() => import('../features/producao/minha-agenda-page')),
  simuladorCorte: lazy(() => import('../features/plano-corte/simulador-page')),
};

/** Data a screen reads first, fetched while its chunk downloads instead of after. */
const prefetch: Partial<
  Record<keyof typeof screens, (qc: QueryClient, can: (p: Permissao) => boolean) => void>
> = {
  dashboard: prefetchDashboard,
};

/**
 * Called as soon as the session is known, before the shell draws: the screen the address opens starts
 * downloading its code and data in parallel with the shell's own start, instead of after it.
 */
export function preloadScreen(qc: QueryClient, permissoes: readonly Permissao[]) {
  const { pathname } = window.location;
  if ((pathname === '/' || pathname === '/dashboard') && permissoes.includes('dashboard')) {
    void import('../features/dashboard/page');
    prefetchDashboard(qc, (p) => permissoes.includes(p));
  }
}

function Screen({ name }: { name: keyof typeof screens }) {
  const C = screens[name];
  const qc = useQueryClient();
  const { can } = useAuth();
  useEffect(() => prefetch[name]?.(qc, can), [name, qc, can]);
  return (
    <Suspense fallback={<Loading />}>
      <C />
    </Suspense>
  );
}

const guarded = (path: string, permission: Permissao, name: keyof typeof screens): RouteObject => ({
  path,
  element: <Guard permission={permission} />,
  children: [{ index: true, element: <Screen name={name} /> }],
});

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    // The shell's own failure (rare) and, one level down, a screen's: that one keeps the menu.
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Home dashboard={<Screen name="dashboard" />} /> },
          guarded('dashboard', 'dashboard', 'dashboard'),
          guarded('orcamentos', 'orcamentos', 'orcamentos'),
          guarded('vendas', 'vendas', 'vendas'),
          guarded('producao', 'producao', 'producao'),
          // An OS is also read by the installers of its stages (the API checks who may).
          { path: 'producao/os/:id', element: <Screen name="os" /> },
          guarded('agenda', 'producao', 'agenda'),
          { path: 'minha-agenda', element: <Screen name="minhaAgenda" /> },
          guarded('estoque/simulador', 'producao', 'simuladorCorte'),
          guarded('clientes', 'clientes', 'clientes'),
          guarded('arquitetos', 'arquitetos', 'arquitetos'),
          guarded('vendedores', 'vendedores', 'vendedores'),
          guarded('produtos', 'produtos', 'produtos'),
          guarded('estoque', 'estoque', 'estoque'),
          guarded('fornecedores', 'fornecedores', 'fornecedores'),
          guarded('funcionarios', 'funcionarios', 'funcionarios'),
          guarded('despesas', 'despesas', 'despesas'),
          guarded('cartoes', 'cartoes', 'cartoes'),
          guarded('caixa', 'dashboard', 'caixa'),
          guarded('recebimentos', 'financeiro', 'recebimentos'),
          guarded('notas-fiscais', 'financeiro', 'notas-fiscais'),
          guarded('usuarios', 'usuarios', 'usuarios'),
          guarded('empresa', 'configuracoes', 'empresa'),
          // Admins only: the page says so to anyone else with the permission, and the API answers 403.
          guarded('auditoria', 'usuarios', 'auditoria'),
          guarded('backups', 'usuarios', 'backups'),
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
