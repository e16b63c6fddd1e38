import { createMiddleware } from 'hono/factory';
import type { Me } from '../schemas/auth';
import type { Permissao } from '../schemas/permissoes';
import type { AppEnv } from './context';
import { HttpError } from './errors';

export const unauthorized = () =>
  new HttpError(401, 'Não autenticado', 'Sua sessão expirou ou você não entrou. Entre novamente.');
export const forbidden = () =>
  new HttpError(403, 'Acesso negado', 'Você não tem permissão para acessar esta página.');

export function hasAny(me: Me, perms: readonly Permissao[]): boolean {
  return perms.some((p) => me.permissoes.includes(p));
}

/** Any signed-in, active user. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('me')) throw unauthorized();
  await next();
});

/**
 * Every /api route declares the screen permission it belongs to (any of those given).
 * The permission list is read from the database on each request (session middleware),
 * so a permission removed by an administrator takes effect on the very next request.
 */
export function requirePermission(...perms: [Permissao, ...Permissao[]]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const me = c.get('me');
    if (!me) throw unauthorized();
    if (!hasAny(me, perms)) throw forbidden();
    await next();
  });
}

/** The permission that may see live events of a resource (api.md: `recurso` names). */
export const RECURSO_PERMISSAO: Record<string, Permissao> = {
  clientes: 'clientes',
  fornecedores: 'fornecedores',
  funcionarios: 'funcionarios',
  arquitetos: 'arquitetos',
  vendedores: 'vendedores',
  cartoes: 'cartoes',
  produtos: 'produtos',
  'categorias-produtos': 'produtos',
  'itens-venda': 'produtos',
  acabamentos: 'produtos',
  recortes: 'produtos',
  orcamentos: 'orcamentos',
  vendas: 'vendas',
  producao: 'producao',
  despesas: 'despesas',
  caixa: 'dashboard',
  // the Recebimentos screen's permission (issue 26: everyone received them); the caixa entry a
  // payment makes is announced as `caixa` too, for the dashboard
  recebimentos: 'financeiro',
  // invoices (issue 30): the Notas fiscais screen's and the sale's Nota fiscal section's permission
  'notas-fiscais': 'financeiro',
  usuarios: 'usuarios',
};
