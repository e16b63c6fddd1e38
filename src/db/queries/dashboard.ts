import { sql } from 'drizzle-orm';
import type { Dashboard } from '../../schemas/dashboard';
import type { Executor } from '../client';
import { clientes, notasFiscais, orcamentos, produtos } from '../schema';
import { figures, num, queryRows } from './common';
import { kpisRecebiveisSql } from './recebimentos';

/**
 * The invoices (NF-e and the installations' NFS-e: together, the sales' invoiced value) authorised in
 * the days [inicio, fim] (business time zone) and still standing (a cancelled one leaves the figure):
 * `quantidade`, `valor`. Read from notas_fiscais_autorizadas_idx alone
 * (migration 0033: partial on the status, autorizada_em with valor_total included), an index-only scan
 * of the month's range: the table's rows carry the DANFE and the XML.
 */
export function nfeAutorizadasSql(m: { inicio: string; fim: string; tz: string }) {
  return sql`select count(*)::int as quantidade, coalesce(sum(n.valor_total), 0) as valor
               from ${notasFiscais} n
              where n.status = 'autorizada'
                and n.autorizada_em >= (${m.inicio}::date)::timestamp at time zone ${m.tz}
                and n.autorizada_em < (${m.fim}::date + 1)::timestamp at time zone ${m.tz}`;
}

/**
 * The dashboard's figures for the month [inicio, fim] (dates in the business time zone, whole months),
 * read off the summaries the database keeps (migrations 0001_agregados, 0017): month totals of sales and
 * expenses, and quote and client counts. Only the recent quotes come from the table itself, by
 * orcamentos_created_idx, and the month's authorised invoices by their own index (nfeAutorizadasSql).
 * `serieInicio` is the first day of the 12-month chart.
 */
export async function dashboard(
  db: Executor,
  m: { inicio: string; fim: string; serieInicio: string; hoje: string; tz: string },
): Promise<Dashboard> {
  const [f] = await queryRows<Record<string, unknown>>(
    db,
    sql`with fat as (
          select coalesce(sum(liquido), 0) as v from vendas_mensal where mes = ${m.inicio}::date
        ), desp as (
          select coalesce(sum(valor), 0) as v from despesas_mensal where mes = ${m.inicio}::date
        )
        select fat.v as faturamento_mensal,
               desp.v as despesas_mes,
               fat.v - desp.v as lucro_mensal,
               (select coalesce(sum(n), 0)::int from contagens where tabela = 'orcamentos' and status = 'pendente') as orcamentos_pendentes,
               (select coalesce(sum(n), 0)::int from contagens where tabela = 'clientes') as clientes_ativos,
               (select count(*)::int from ${produtos}) as produtos_cadastrados,
               -- Contas a receber (issue 16): the Recebimentos screen's own cards.
               r.a_receber_mes, r.em_atraso,
               nf.quantidade as nfe_quantidade, nf.valor as nfe_valor
        from fat, desp, (select ${kpisRecebiveisSql({ hoje: m.hoje, inicio: m.inicio })}) r,
             (${nfeAutorizadasSql(m)}) nf`,
  );
  const recentes = await queryRows<Record<string, unknown>>(
    db,
    sql`select o.id, o.numero, (select c.nome from ${clientes} c where c.id = o.cliente_id) as cliente_nome,
               o.valor_total, o.status, o.created_at
        from ${orcamentos} o
        order by o.created_at desc nulls last, o.id desc nulls last
        limit 4`,
  );
  const serie = await queryRows<Record<string, unknown>>(
    db,
    sql`with meses as (
          select d::date as mes
          from generate_series(${m.serieInicio}::date, ${m.inicio}::date, interval '1 month') as d
        ), v as (
          select mes, sum(liquido) as total from vendas_mensal
          where mes between ${m.serieInicio}::date and ${m.inicio}::date group by 1
        ), d as (
          select mes, sum(valor) as total from despesas_mensal
          where mes between ${m.serieInicio}::date and ${m.inicio}::date group by 1
        ), r as (
          -- received beside sold (kept by month, migration 0017)
          select mes, sum(recebido) as total from recebiveis_mensal
          where mes between ${m.serieInicio}::date and ${m.inicio}::date group by 1
        )
        select to_char(meses.mes, 'YYYY-MM') as mes, coalesce(v.total, 0) as faturamento, coalesce(d.total, 0) as despesas,
               coalesce(r.total, 0) as recebido
        from meses left join v on v.mes = meses.mes left join d on d.mes = meses.mes left join r on r.mes = meses.mes
        order by meses.mes`,
  );
  return {
    ...figures(f, [
      'faturamento_mensal',
      'orcamentos_pendentes',
      'clientes_ativos',
      'produtos_cadastrados',
      'despesas_mes',
      'lucro_mensal',
      'a_receber_mes',
      'em_atraso',
    ]),
    nfe_autorizadas_mes: { quantidade: num(f?.nfe_quantidade), valor: num(f?.nfe_valor) },
    orcamentos_recentes: recentes.map((r) => ({
      id: String(r.id),
      numero: num(r.numero),
      cliente_nome: (r.cliente_nome as string | null) ?? null,
      valor_total: num(r.valor_total),
      status: String(r.status),
      created_at: new Date(r.created_at as string | Date).toISOString(),
    })),
    serie_12_meses: serie.map((r) => ({
      mes: String(r.mes),
      faturamento: num(r.faturamento),
      despesas: num(r.despesas),
      recebido: num(r.recebido),
    })),
  };
}
