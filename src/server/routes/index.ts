import type { Hono } from 'hono';
import type { AppEnv } from '../context';
import { cartoesRoutes } from './cartoes';
import { categoriasProdutosRoutes } from './categorias-produtos';
import { itensVendaRoutes } from './itens-venda';
import { produtosRoutes } from './produtos';
import { usuariosRoutes } from './usuarios';

/**
 * Every resource's routes, mounted under /api/<path>. Each router guards each of its routes with
 * requirePermission (see crud.ts); the route-guard test walks this whole table.
 */
export const apiRoutes: [path: string, router: Hono<AppEnv>][] = [
  ['usuarios', usuariosRoutes],
  ['categorias-produtos', categoriasProdutosRoutes],
  ['itens-venda', itensVendaRoutes],
  ['produtos', produtosRoutes],
  ['cartoes', cartoesRoutes],
];
