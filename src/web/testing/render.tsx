// Component tests (Vitest browser mode, in Debian's Chromium): a screen's parts rendered in a real
// browser without a server. The API is a table of answers per method and path; every request the
// component makes is recorded, so a test can say what the server would have received.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { render } from 'vitest-browser-react';
import type { Me } from '../../schemas/auth';
import { PERMISSOES } from '../../schemas/permissoes';
import { AuthProvider } from '../app/auth';

export interface Pedido {
  method: string;
  path: string;
  body: unknown;
}

/**
 * `GET /clientes/123` → an answer (a body for 200, or `{ status, body }`); a function sees the request
 * and may return a Promise of the answer.
 */
export type Respostas = Record<
  string,
  ((pedido: Pedido) => unknown) | object | string | number | boolean | null
>;

const resposta = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

/** Signed in, with every permission (a test that needs less answers `GET /auth/sessao` itself). */
export const ADMIN: Me = {
  id: 'u-admin',
  nome: 'Administrador',
  email: 'admin@lavra.local',
  role: 'admin',
  status: 'ativo',
  permissoes: [...PERMISSOES],
};

/**
 * Replaces `fetch` for `/api/...`: `respostas`, then who is signed in (ADMIN) and the business time
 * zone; any other request fails loudly with 599.
 */
export function fakeApi(dadas: Respostas = {}) {
  const respostas: Respostas = {
    'GET /auth/sessao': { usuario: ADMIN },
    'GET /config': { tz_negocio: 'America/Sao_Paulo' },
    ...dadas,
  };
  const pedidos: Pedido[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const pedido = { method, path: `${path}${url.search}`, body };
    pedidos.push(pedido);
    const r = respostas[`${method} ${path}${url.search}`] ?? respostas[`${method} ${path}`];
    if (r === undefined)
      return resposta({ title: 'sem resposta no teste', detail: `${method} ${path}` }, 599);
    // A function may answer later (a Promise): the test decides when a slow server replies.
    const v = typeof r === 'function' ? await (r as (p: Pedido) => unknown)(pedido) : r;
    if (v && typeof v === 'object' && 'status' in v && 'body' in v)
      return resposta((v as { body: unknown }).body, (v as { status: number }).status);
    return resposta(v);
  });
  return pedidos;
}

/**
 * Renders `ui` inside what every screen has around it: the query client, who is signed in, a data
 * router (at `path`; `rotas` are other screens to navigate to) and toasts. Answers the router too.
 */
export function renderTela(ui: React.ReactNode, { path = '/', rotas = [] as RouteObject[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }, ...rotas], { initialEntries: [path] });
  const screen = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { screen, router };
}
