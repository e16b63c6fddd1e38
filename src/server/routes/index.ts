import { Hono } from 'hono';
import { authRoutes } from '../auth/routes';
import type { AppEnv } from '../context';

import { auditoriaRoutes } from './auditoria';
import { backupsRoutes } from './backups';
import { caixaRoutes } from './caixa';
import { cartoesRoutes } from './cartoes';
import { acabamentosRoutes, recortesRoutes } from './catalogos-pecas';
import { categoriasProdutosRoutes } from './categorias-produtos';
import { cepRoutes } from './cep';
import { chapasRoutes } from './chapas';
import { chapasFotosRoutes } from './chapas-fotos';
import { chapasOsRoutes } from './chapas-os';
import { clientesRoutes } from './clientes';
import { configRoutes } from './config';
import { dashboardRoutes } from './dashboard';
import { despesasRoutes } from './despesas';
import { empresaRoutes } from './empresa';
import { eventosRoutes } from './eventos';
import { fiscalDadosRoutes } from './fiscal-dados';
import { fornecedoresRoutes } from './fornecedores';
import { funcionariosRoutes } from './funcionarios';
import { itensVendaRoutes } from './itens-venda';
import { lgpdRoutes } from './lgpd';
import {
  fiscalRoutes,
  notasFiscaisRoutes,
  publicoNotasFiscaisRoutes,
  vendasNotaFiscalRoutes,
} from './notas-fiscais';
import { orcamentosRoutes } from './orcamentos';
import { orcamentosClienteRoutes } from './orcamentos-cliente';
import { agendaRoutes, ordensServicoRoutes } from './ordens-servico';
import { planosCorteRoutes } from './planos-corte';
import { planosCorteOsRoutes } from './planos-corte-os';
import { producaoRoutes } from './producao';
import { produtosRoutes } from './produtos';
import { publicoRoutes } from './publico';
import { recebimentosRoutes } from './recebimentos';
import { recebiveisRoutes } from './recebiveis';
import { relatoriosRoutes } from './relatorios';
import { usuariosRoutes } from './usuarios';
import { vendasRoutes } from './vendas';
import { arquitetosRoutes, vendedoresRoutes } from './vendedores';

/**
 * Every resource's routes, mounted under /api/<path> by app.ts. The chain keeps each router's types:
 * `ApiType` is what the web's typed client (`web/lib/client.ts`) is checked against. Each route is
 * guarded by its contract (`route({...})` in server/contract.ts); the route-guard test walks them all
 * and the OpenAPI test proves each one is documented.
 */
export const apiApp = new Hono<AppEnv>()
  .route('/auth', authRoutes)
  .route('/eventos', eventosRoutes)
  .route('/config', configRoutes)
  .route('/usuarios', usuariosRoutes)
  .route('/clientes', clientesRoutes)
  .route('/fornecedores', fornecedoresRoutes)
  .route('/funcionarios', funcionariosRoutes)
  .route('/cep', cepRoutes)
  .route('/despesas', despesasRoutes)
  .route('/caixa', caixaRoutes)
  .route('/recebimentos', recebimentosRoutes)
  // the HTTP contract's names for instalments and payments (same queries and payment transaction)
  .route('/recebiveis', recebiveisRoutes)
  .route('/dashboard', dashboardRoutes)
  .route('/vendedores', vendedoresRoutes)
  .route('/arquitetos', arquitetosRoutes)
  .route('/vendas', vendasRoutes)
  .route('/vendas', vendasNotaFiscalRoutes)
  .route('/notas-fiscais', notasFiscaisRoutes)
  .route('/fiscal', fiscalRoutes)
  .route('/producao', producaoRoutes)
  // the HTTP contract's names for production (the same rules as /producao)
  .route('/ordens-servico', ordensServicoRoutes)
  // stock of slabs (issue 28): a work order's slabs, their reservation and the cut's consumption
  .route('/ordens-servico', chapasOsRoutes)
  // a work order's cutting plan (issue 29)
  .route('/ordens-servico', planosCorteOsRoutes)
  .route('/agenda', agendaRoutes)
  .route('/planos-corte', planosCorteRoutes)
  .route('/relatorios', relatoriosRoutes)
  .route('/categorias-produtos', categoriasProdutosRoutes)
  .route('/itens-venda', itensVendaRoutes)
  .route('/produtos', produtosRoutes)
  .route('/chapas', chapasFotosRoutes)
  .route('/chapas', chapasRoutes)
  .route('/acabamentos', acabamentosRoutes)
  .route('/recortes', recortesRoutes)
  .route('/cartoes', cartoesRoutes)
  .route('/orcamentos', orcamentosRoutes)
  .route('/orcamentos', orcamentosClienteRoutes)
  .route('/empresa', empresaRoutes)
  .route('/fiscal', fiscalDadosRoutes)
  .route('/backups', backupsRoutes)
  .route('/auditoria', auditoriaRoutes)
  .route('/lgpd', lgpdRoutes)
  // the customer's link: no session, nothing but the token's quote
  .route('/publico', publicoRoutes)
  // the DANFE's link sent to the customer: no session, the signed token's invoice only
  .route('/publico/notas-fiscais', publicoNotasFiscaisRoutes);

export type ApiType = typeof apiApp;
