import type { Hono } from 'hono';
import type { AppEnv } from '../context';
import { arquitetosRoutes } from './arquitetos';
import { auditoriaRoutes } from './auditoria';
import { backupsRoutes } from './backups';
import { caixaRoutes } from './caixa';
import { cartoesRoutes } from './cartoes';
import { categoriasProdutosRoutes } from './categorias-produtos';
import { cepRoutes } from './cep';
import { clientesRoutes } from './clientes';
import { dashboardRoutes } from './dashboard';
import { despesasRoutes } from './despesas';
import { fornecedoresRoutes } from './fornecedores';
import { funcionariosRoutes } from './funcionarios';
import { itensVendaRoutes } from './itens-venda';
import { lgpdRoutes } from './lgpd';
import { empresaRoutes, orcamentosRoutes } from './orcamentos';
import { produtosRoutes } from './produtos';
import { relatoriosRoutes } from './relatorios';
import { usuariosRoutes } from './usuarios';
import { vendasRoutes } from './vendas';
import { vendedoresRoutes } from './vendedores';

/**
 * Every resource's routes, mounted under /api/<path>. Each router guards each of its routes with
 * requirePermission (see crud.ts); the route-guard test walks this whole table.
 */
export const apiRoutes: [path: string, router: Hono<AppEnv>][] = [
  ['usuarios', usuariosRoutes],
  ['clientes', clientesRoutes],
  ['fornecedores', fornecedoresRoutes],
  ['funcionarios', funcionariosRoutes],
  ['cep', cepRoutes],
  ['despesas', despesasRoutes],
  ['caixa', caixaRoutes],
  ['dashboard', dashboardRoutes],
  ['vendedores', vendedoresRoutes],
  ['arquitetos', arquitetosRoutes],
  ['vendas', vendasRoutes],
  ['relatorios', relatoriosRoutes],
  ['categorias-produtos', categoriasProdutosRoutes],
  ['itens-venda', itensVendaRoutes],
  ['produtos', produtosRoutes],
  ['cartoes', cartoesRoutes],
  ['orcamentos', orcamentosRoutes],
  ['empresa', empresaRoutes],
  ['backups', backupsRoutes],
  ['auditoria', auditoriaRoutes],
  ['lgpd', lgpdRoutes],
];
