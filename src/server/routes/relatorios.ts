import { Hono } from 'hono';
import { type ComissoesRows, comissoesReport } from '../../db/queries/relatorios';
import { sum, toMoney } from '../../domain/money';
import {
  type ComissoesArquitetos,
  type ComissoesVendedores,
  comissoesArquitetosQuery,
  comissoesVendedoresQuery,
} from '../../schemas/relatorios';
import { type AppEnv, parseQuery } from '../context';
import { requirePermission } from '../permissions';

const n = (v: string | number) => Number(v);

function vendaLinha(r: ComissoesRows['vendas'][number]) {
  return {
    id: r.id,
    numero: r.numero,
    data_venda: r.data_venda,
    valor_bruto: n(r.valor_bruto),
    valor_taxa: n(r.valor_taxa),
    valor_base: n(r.valor_base),
    percentual_comissao: n(r.percentual_comissao),
    valor_comissao: n(r.valor_comissao),
    comissao_paga: r.comissao_paga,
  };
}

function pessoaLinha(r: ComissoesRows['porPessoa'][number]) {
  return {
    nome: r.nome,
    percentual_comissao: n(r.percentual_comissao),
    vendas: r.vendas,
    total_comissao: n(r.total_comissao),
  };
}

/** The summary card: people with a commissioned sale, their sales, and the sum of their (rounded) totals. */
function resumo(rows: ComissoesRows) {
  return {
    ativos: rows.porPessoa.length,
    vendas: rows.porPessoa.reduce((n, r) => n + r.vendas, 0),
    total: toMoney(sum(rows.porPessoa.map((r) => r.total_comissao))),
  };
}

/** Commission reports (doc 2 §2 Vendedores and Arquitetos), each behind its own screen's permission. */
export const relatoriosRoutes = new Hono<AppEnv>()
  .get('/comissoes-vendedores', requirePermission('vendedores'), async (c) => {
    const q = parseQuery(c, comissoesVendedoresQuery);
    const rows = await comissoesReport(c.get('deps').db, 'vendedor', {
      pessoa_id: q.vendedor_id,
      inicio: q.inicio,
      fim: q.fim,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    const r = resumo(rows);
    const body: ComissoesVendedores = {
      resumo: {
        vendedores_ativos: r.ativos,
        vendas_com_comissao: r.vendas,
        total_comissoes: r.total,
      },
      por_vendedor: rows.porPessoa.map((r) => ({ vendedor_id: r.pessoa_id, ...pessoaLinha(r) })),
      vendas: rows.vendas.map((r) => ({
        ...vendaLinha(r),
        vendedor_id: r.pessoa_id,
        vendedor_nome: r.pessoa_nome,
      })),
      vendas_total: r.vendas,
      page: q.page,
      limit: q.limit,
    };
    return c.json(body);
  })
  .get('/comissoes-arquitetos', requirePermission('arquitetos'), async (c) => {
    const q = parseQuery(c, comissoesArquitetosQuery);
    const rows = await comissoesReport(c.get('deps').db, 'arquiteto', {
      pessoa_id: q.arquiteto_id,
      inicio: q.inicio,
      fim: q.fim,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    const r = resumo(rows);
    const body: ComissoesArquitetos = {
      resumo: {
        arquitetos_ativos: r.ativos,
        vendas_com_comissao: r.vendas,
        total_comissoes: r.total,
      },
      por_arquiteto: rows.porPessoa.map((r) => ({ arquiteto_id: r.pessoa_id, ...pessoaLinha(r) })),
      vendas: rows.vendas.map((r) => ({
        ...vendaLinha(r),
        arquiteto_id: r.pessoa_id,
        arquiteto_nome: r.pessoa_nome,
      })),
      vendas_total: r.vendas,
      page: q.page,
      limit: q.limit,
    };
    return c.json(body);
  });
