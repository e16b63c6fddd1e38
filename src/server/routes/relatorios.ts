import { Hono } from 'hono';
import { getConfig } from '../../db/queries/recebimentos';
import {
  type Comissionado,
  comissoesDetalhe,
  comissoesDetalheOrder,
  comissoesReportJson,
} from '../../db/queries/relatorios';
import {
  type ComissoesArquitetos,
  type ComissoesVendedores,
  comissoesArquitetosQuery,
  comissoesArquitetosSchema,
  comissoesVendedoresQuery,
  comissoesVendedoresSchema,
} from '../../schemas/relatorios';
import { z } from '../../schemas/z';
import { type AppContext, type AppEnv, jsonText, parseQuery } from '../context';
import { route } from '../contract';
import { type ExportColumn, exportContract, exportResponse } from '../export';

/** The body is ComissoesVendedores / ComissoesArquitetos (schemas/relatorios.ts), written by the database. */
/**
 * The report's JSON as the database wrote it (no parse and re-serialise in Node), typed for the
 * client as the shape that SQL builds (`schemas/relatorios.ts`).
 */

const periodoQuery = (pessoa: 'vendedor_id' | 'arquiteto_id') =>
  z.object({
    [pessoa]: z.string().optional(),
    inicio: z.string().optional(),
    fim: z.string().optional(),
    formato: z.enum(['csv', 'xlsx']),
  });

const COLUNAS_LIBERACAO: ExportColumn[] = [
  { header: 'Recebido', value: 'valor_recebido', type: 'money' },
  { header: 'Comissão liberada', value: 'comissao_liberada', type: 'money' },
  { header: 'Comissão paga (R$)', value: 'comissao_paga_valor', type: 'money' },
  { header: 'A liberar', value: 'comissao_a_liberar', type: 'money' },
  { header: 'A pagar', value: 'comissao_a_pagar', type: 'money' },
];

/** The report's detail as a file: every sale of the period earning a commission, newest first. */
async function exportComissoes(
  c: AppContext,
  kind: Comissionado,
  filtro: { pessoa_id?: string; inicio?: string; fim?: string },
) {
  const pessoa = kind === 'vendedor' ? 'Vendedor' : 'Arquiteto';
  // With the release setting on, the file has the screen's release columns too (issue 16).
  const liberacao = (await getConfig(c.get('deps').db)).comissao_por_recebimento;
  const q = { ...filtro, liberacao };
  return exportResponse(c, {
    recurso: `comissoes-${kind === 'vendedor' ? 'vendedores' : 'arquitetos'}`,
    titulo: `comissões ${kind === 'vendedor' ? 'vendedores' : 'arquitetos'}`,
    columns: [
      { header: 'Venda', value: 'numero', type: 'integer' },
      { header: 'Data da venda', value: 'data_venda', type: 'date' },
      { header: pessoa, value: 'pessoa_nome' },
      { header: 'Valor bruto', value: 'valor_bruto', type: 'money' },
      { header: 'Taxa', value: 'valor_taxa', type: 'money' },
      { header: 'Base de cálculo', value: 'valor_base', type: 'money' },
      { header: 'Comissão (%)', value: 'percentual_comissao', type: 'percent' },
      { header: 'Comissão', value: 'valor_comissao', type: 'money' },
      { header: 'Comissão paga', value: 'comissao_paga', type: 'boolean' },
      ...(liberacao ? COLUNAS_LIBERACAO : []),
    ],
    order: comissoesDetalheOrder,
    page: (db, p) => comissoesDetalhe(db, { ...q, kind, after: p.where, order: p.order, limit: p.limit }),
  });
}

/** The report (doc 2 §2) as the database writes it: everyone's (or one person's) sales of the period. */
async function relatorio(
  c: AppContext,
  kind: Comissionado,
  q: { pessoa_id?: string; inicio?: string; fim?: string; page: number; limit: number },
) {
  const { db } = c.get('deps');
  return comissoesReportJson(db, {
    kind,
    liberacao: (await getConfig(db)).comissao_por_recebimento,
    pessoa_id: q.pessoa_id,
    inicio: q.inicio,
    fim: q.fim,
    page: q.page,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
}

/** What both reports answer (their descriptions in the OpenAPI document). */
const COMISSOES =
  'Vendas não canceladas com comissão, pela data da venda em `inicio`/`fim` (dias, opcionais): comissão = (valor bruto − taxa) × percentual da pessoa, em R$. `resumo` e a lista por pessoa cobrem o período inteiro; `vendas` é paginada, as mais novas primeiro. Com a comissão por recebimento ligada (`PATCH /api/recebimentos/config`) vem `liberacao: true` e as colunas liberada, paga, a liberar e a pagar, conforme o cliente paga.';

/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  getComissoesVendedoresExportar: route({
    ...exportContract('o detalhe do relatório de comissões dos vendedores', periodoQuery('vendedor_id')),
    access: ['vendedores'],
  }),
  getComissoesArquitetosExportar: route({
    ...exportContract('o detalhe do relatório de comissões dos arquitetos', periodoQuery('arquiteto_id')),
    access: ['arquitetos'],
  }),
  getComissoesVendedores: route({
    summary: 'Relatório de comissões dos vendedores',
    description: `${COMISSOES} \`vendedor_id\` restringe a um vendedor.`,
    access: ['vendedores'],
    query: comissoesVendedoresQuery,
    response: comissoesVendedoresSchema,
  }),
  getComissoesArquitetos: route({
    summary: 'Relatório de comissões dos arquitetos',
    description: `${COMISSOES} \`arquiteto_id\` restringe a um arquiteto.`,
    access: ['arquitetos'],
    query: comissoesArquitetosQuery,
    response: comissoesArquitetosSchema,
  }),
};

/** Commission reports (doc 2 §2 Vendedores and Arquitetos), each behind its own screen's permission. */
export const relatoriosRoutes = new Hono<AppEnv>()
  .get('/comissoes-vendedores/exportar', doc.getComissoesVendedoresExportar, async (c) => {
    const q = parseQuery(c, comissoesVendedoresQuery);
    return exportComissoes(c, 'vendedor', { pessoa_id: q.vendedor_id, inicio: q.inicio, fim: q.fim });
  })
  .get('/comissoes-arquitetos/exportar', doc.getComissoesArquitetosExportar, async (c) => {
    const q = parseQuery(c, comissoesArquitetosQuery);
    return exportComissoes(c, 'arquiteto', { pessoa_id: q.arquiteto_id, inicio: q.inicio, fim: q.fim });
  })
  .get('/comissoes-vendedores', doc.getComissoesVendedores, async (c) => {
    const { vendedor_id, ...q } = parseQuery(c, comissoesVendedoresQuery);
    return jsonText<ComissoesVendedores>(c, await relatorio(c, 'vendedor', { ...q, pessoa_id: vendedor_id }));
  })
  .get('/comissoes-arquitetos', doc.getComissoesArquitetos, async (c) => {
    const { arquiteto_id, ...q } = parseQuery(c, comissoesArquitetosQuery);
    return jsonText<ComissoesArquitetos>(
      c,
      await relatorio(c, 'arquiteto', { ...q, pessoa_id: arquiteto_id }),
    );
  });
