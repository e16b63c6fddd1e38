import { type SQL, sql } from 'drizzle-orm';
import { addMonthsClamped, lastDayOfMonth, parseIsoDate } from '../../domain/datas';
import type { Executor } from '../client';
import { queryRows } from './common';
import type { KeyPart } from './keyset';

export type Comissionado = 'vendedor' | 'arquiteto';

export interface ComissoesFiltro {
  pessoa_id?: string;
  /** Inclusive bounds on data_venda, 'YYYY-MM-DD'. */
  inicio?: string;
  fim?: string;
  /** The page of the detail list (newest first). */
  limit: number;
  offset: number;
}

// Fixed identifiers per kind (never user input), so sql.raw is safe here.
const KIND = {
  vendedor: {
    table: 'vendedores',
    tipo: "'vendedor'",
    fk: 'vendedor_id',
    comissao: 'comissao_vendedor',
    paga: 'comissao_paga',
    base: 'comissao_paga_base',
    ativos: 'vendedores_ativos',
    lista: 'por_vendedor',
    nome: 'vendedor_nome',
  },
  arquiteto: {
    table: 'arquitetos',
    tipo: "'arquiteto'",
    fk: 'arquiteto_id',
    comissao: 'comissao_arquiteto',
    paga: 'rt_paga',
    base: 'rt_paga_base',
    ativos: 'arquitetos_ativos',
    lista: 'por_arquiteto',
    nome: 'arquiteto_nome',
  },
} as const;

/** A period split into whole months (read off comissoes_mensal) and the odd days at its ends. */
export interface PeriodoMeses {
  /** First days of the first and last whole month; undefined = unbounded on that side. */
  meses: { de?: string; ate?: string } | null;
  /**
   * Inclusive day ranges outside the whole months, each inside one month (`mes`, first day, to
   * `fimMes`, last day), read from the sales themselves — or from that month's summary when the
   * month has no sale outside the range (the usual "up to today" end of a period).
   */
  dias: { de: string; ate: string; mes: string; fimMes: string }[];
}

const firstOfMonth = (iso: string) => `${iso.slice(0, 8)}01`;
const isLastDay = (iso: string) => {
  const { ano, mes, dia } = parseIsoDate(iso);
  return dia === lastDayOfMonth(ano, mes);
};

export function periodoMeses(inicio?: string, fim?: string): PeriodoMeses {
  const dias: PeriodoMeses['dias'] = [];
  // first whole month: the start's own month when the period starts on the 1st, else the next one
  let de: string | undefined;
  if (inicio) de = inicio.endsWith('-01') ? inicio : addMonthsClamped(firstOfMonth(inicio), 1);
  // last whole month: the end's own month when the period ends on its last day, else the one before
  let ate: string | undefined;
  if (fim) ate = isLastDay(fim) ? firstOfMonth(fim) : addMonthsClamped(firstOfMonth(fim), -1);
  const faixa = (a: string, b: string) => {
    const mes = firstOfMonth(a);
    return { de: a, ate: b, mes, fimMes: dayBefore(addMonthsClamped(mes, 1)) };
  };
  if (inicio && fim && de && ate && de > ate) {
    // no whole month inside: the days themselves (one month, or the ends of two neighbouring ones)
    if (firstOfMonth(inicio) === firstOfMonth(fim)) return { meses: null, dias: [faixa(inicio, fim)] };
    return { meses: null, dias: [faixa(inicio, dayBefore(de)), faixa(firstOfMonth(fim), fim)] };
  }
  if (inicio && de && inicio < de) dias.push(faixa(inicio, dayBefore(de)));
  if (fim && !isLastDay(fim)) dias.push(faixa(firstOfMonth(fim), fim));
  return { meses: { de, ate }, dias };
}

function dayBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The commission report (doc 2 §2 Vendedores, §9) as the API answers it (ComissoesVendedores /
 * ComissoesArquitetos in schemas/relatorios.ts): only sales that have the person and a stored
 * commission above 0, not cancelled, dates inclusive. Per sale: round((valor_bruto − coalesce(valor_taxa, 0))
 * × person's % / 100, 2) — `round(numeric, 2)` rounds half away from zero, i.e. half-up for these
 * positive figures, like `comissaoVenda` in domain/comissoes.ts. Totals add the rounded per-sale values.
 *
 * The per-person totals add the whole months kept in comissoes_mensal (the same per-sale figures,
 * summed by the database on every write) and the odd days at the period's ends, read from the sales:
 * a year of a large shop is a few hundred summary rows and a month of sales, not 15,000 sales.
 * The database also writes the JSON (decimals as JSON numbers, exactly as stored), in one statement:
 * a report lists every person of the period, and parsing and re-serialising those rows cost the
 * server more than the database spent finding them. The lists are `json_agg` of rows whose column
 * names are the keys, not `json_build_object` per row: that one looks up the type of each of its
 * arguments, keys included, on every call, and with the 180 architects of a large shop it was a
 * quarter of the statement's time (issue 27 item 6; the same JSON, without the blanks around `:`).
 */
/**
 * Released and paid commission of one sale (issue 16), `c` being its commission and `v` the sale:
 * released = commission × received ÷ gross, half-up to cents (round(numeric, 2)), within [0,
 * commission]; a sale of R$ 0,00 has it all released — domain comissaoLiberada, in SQL. Paid is the
 * same rule on what the customer had paid when the commission was marked paid (comissao_paga_base).
 */
function liberadaSql(c: SQL, recebido: SQL): SQL {
  return sql`case when v.valor_bruto <= 0 then ${c}
                  else least(${c}, greatest(0, round(${c} * ${recebido} / v.valor_bruto, 2))) end`;
}
/** Paid on one person's mark: the seller's (comissao_paga) or the architect's RT (rt_paga). */
const pagaSql = (c: SQL, kind: Comissionado) =>
  sql`case when not ${sql.raw(`v.${KIND[kind].paga}`)} then 0
           else ${liberadaSql(c, sql.raw(`v.${KIND[kind].base}`))} end`;
/** What the customer has paid on the sale (its instalments' received values). */
const recebidoLateral = sql`cross join lateral (select coalesce(sum(pa.valor_recebido), 0) as recebido
                              from parcelas pa where pa.venda_id = v.id) r`;
/**
 * Released but not yet paid (what "Pagar liberado" pays): released on `recebido` − paid on the stored
 * base, never below 0 (a payment undone after the commission was paid leaves paid above released;
 * nothing is taken back).
 */
const aPagarSql = (c: SQL, recebido: SQL, kind: Comissionado) =>
  sql`greatest(0, ${liberadaSql(c, recebido)} - ${pagaSql(c, kind)})`;
/**
 * One person's commission on sale `v` as the reports compute it (their current %, on the gross less
 * the card fee), 0 when the sale has no such person or its stored commission is 0 (the report then
 * does not list it): a scalar subquery, so it reads the other person of a sale too.
 */
function comissaoPessoaSql(kind: Comissionado): SQL {
  const k = KIND[kind];
  return sql`case when ${sql.raw(`v.${k.comissao}`)} > 0 then coalesce((
                select round((v.valor_bruto - coalesce(v.valor_taxa, 0)) * x.percentual_comissao / 100, 2)
                  from ${sql.raw(k.table)} x where x.id = ${sql.raw(`v.${k.fk}`)}), 0) else 0 end`;
}
/**
 * What paying the released commission pays on sale `v` now to one person: the seller's report pays the
 * seller, the architect's report the architect's RT, each on its own mark and base (issue 26 §2: one
 * payment on the seller's report paid the RT too). `recebido` is the base the payment moves to.
 */
const aPagarVendaSql = (recebido: SQL, kind: Comissionado) =>
  sql`${aPagarSql(comissaoPessoaSql(kind), recebido, kind)}`;

export interface ComissaoAPagar {
  /** The new base: what the customer has paid (release on), or the gross value (release off). */
  base: string;
  a_pagar: string;
}

/**
 * What "Pagar liberado" would pay on a sale now (issue 16) — the very expression the report's rows
 * show as `venda_a_pagar` — and the base it moves `comissao_paga_base` to. With the release setting
 * off, everything is released (the base is the gross value), as when marking the commission paid.
 */
export async function comissaoAPagarVenda(
  db: Executor,
  p: { id: string; liberacao: boolean; kind: Comissionado },
): Promise<ComissaoAPagar | undefined> {
  const recebido = p.liberacao ? sql`r.recebido` : sql`v.valor_bruto`;
  const [r] = await queryRows<ComissaoAPagar>(
    db,
    sql`select ${recebido}::text as base, ${aPagarVendaSql(recebido, p.kind)}::text as a_pagar
          from vendas v ${recebidoLateral}
         where v.id = ${p.id}`,
  );
  return r;
}

export async function comissoesReportJson(
  db: Executor,
  p: ComissoesFiltro & { kind: Comissionado; page: number; liberacao?: boolean },
): Promise<string> {
  const { kind, ...f } = p;
  const k = KIND[kind];
  const fk = sql.raw(`v.${k.fk}`);
  const pessoas = sql.raw(k.table);
  const comissao = sql`round((v.valor_bruto - coalesce(v.valor_taxa, 0)) * p.percentual_comissao / 100, 2)`;
  // a cancelled sale earns nobody a commission
  const vendaConds: SQL[] = [sql`${sql.raw(`v.${k.comissao}`)} > 0`, sql`v.status <> 'cancelada'`];
  if (f.pessoa_id) vendaConds.push(sql`${fk} = ${f.pessoa_id}`);

  const periodo = periodoMeses(f.inicio, f.fim);
  const partes: SQL[] = [];
  // The kind written into the statement, not a parameter: the generic plan then reads the kind's own
  // partial index on comissoes_mensal (migration 0037), keyed by the month alone.
  const tipo = sql`tipo = ${sql.raw(k.tipo)}`;
  if (periodo.meses) {
    const c: SQL[] = [tipo];
    if (periodo.meses.de) c.push(sql`mes >= ${periodo.meses.de}::date`);
    if (periodo.meses.ate) c.push(sql`mes <= ${periodo.meses.ate}::date`);
    if (f.pessoa_id) c.push(sql`pessoa_id = ${f.pessoa_id}`);
    partes.push(sql`select pessoa_id, n, total from comissoes_mensal where ${sql.join(c, sql` and `)}`);
  }
  for (const d of periodo.dias) {
    // Does the month have sales outside the range? Two index probes, run once (an InitPlan): only
    // one of the two parts below is then read.
    const fora = sql`(exists (select 1 from vendas where data_venda >= ${d.mes}::date and data_venda < ${d.de}::date)
                   or exists (select 1 from vendas where data_venda > ${d.ate}::date and data_venda <= ${d.fimMes}::date))`;
    const c: SQL[] = [tipo, sql`mes = ${d.mes}::date`];
    if (f.pessoa_id) c.push(sql`pessoa_id = ${f.pessoa_id}`);
    partes.push(
      sql`select pessoa_id, n, total from comissoes_mensal where ${sql.join(c, sql` and `)} and not ${fora}`,
    );
    partes.push(sql`select ${fk}, 1, ${comissao}
                      from vendas v join ${pessoas} p on p.id = ${fk}
                     where v.data_venda between ${d.de}::date and ${d.ate}::date
                       and ${sql.join(vendaConds, sql` and `)} and ${fora}`);
  }
  const detalheConds = [...vendaConds];
  if (f.inicio) detalheConds.push(sql`v.data_venda >= ${f.inicio}::date`);
  if (f.fim) detalheConds.push(sql`v.data_venda <= ${f.fim}::date`);
  // (comissoesDetalhe below writes the same filter for the export)
  const chave = (name: string) => sql.raw(`'${name}'`); // fixed key names per kind, never user input

  // Commissions released as the customer pays (the setting; off = the seed's report, unchanged SQL):
  // per sale and per person, commission, released, paid and still to be released.
  const lib = f.liberacao === true;
  const liberada = liberadaSql(comissao, sql`r.recebido`);
  const libCte = lib
    ? sql`, lib as (
          select ${fk} as pessoa_id, sum(${liberada}) as liberada, sum(${pagaSql(comissao, kind)}) as paga,
                 sum(${aPagarSql(comissao, sql`r.recebido`, kind)}) as a_pagar
            from vendas v join ${pessoas} p on p.id = ${fk} ${recebidoLateral}
           where ${sql.join(detalheConds, sql` and `)}
           group by 1
        )`
    : sql``;
  const detalheLib = lib
    ? sql`, r.recebido as valor_recebido, ${liberada} as comissao_liberada, ${pagaSql(comissao, kind)} as comissao_paga_valor,
          ${aPagarSql(comissao, sql`r.recebido`, kind)} as comissao_a_pagar, v.updated_at`
    : sql``;
  const detalheFrom = lib ? recebidoLateral : sql``;
  const porLib = lib
    ? sql`, coalesce(l.liberada, 0) as comissao_liberada, coalesce(l.paga, 0) as comissao_paga_valor,
           total - coalesce(l.liberada, 0) as comissao_a_liberar, coalesce(l.a_pagar, 0) as comissao_a_pagar`
    : sql``;
  const porFrom = lib ? sql` left join lib l using (pessoa_id)` : sql``;
  const vendaLib = lib
    ? sql`, valor_recebido, comissao_liberada, comissao_paga_valor, valor_comissao - comissao_liberada as comissao_a_liberar,
           comissao_a_pagar, comissao_a_pagar as venda_a_pagar, updated_at`
    : sql``;
  const resumoLib = lib
    ? sql`, 'total_liberada', (select coalesce(sum(liberada), 0) from lib),
           'total_paga', (select coalesce(sum(paga), 0) from lib),
           'total_a_liberar', totais.total - (select coalesce(sum(liberada), 0) from lib),
           'total_a_pagar', (select coalesce(sum(a_pagar), 0) from lib)`
    : sql``;

  const [r] = await queryRows<{ body: string }>(
    db,
    sql`with por as (
          -- one aggregation over the whole months and the odd days
          select x.pessoa_id, x.n, x.total, p.nome, p.percentual_comissao
            from (select pessoa_id, sum(n) as n, sum(total) as total
                    from (${sql.join(partes, sql` union all `)}) as u (pessoa_id, n, total)
                   group by pessoa_id having sum(n) > 0) x
            join ${pessoas} p on p.id = x.pessoa_id
        ), detalhe as (
          select v.id, v.numero, v.data_venda, ${fk} as pessoa_id, p.nome, v.valor_bruto,
                 coalesce(v.valor_taxa, 0) as valor_taxa, v.valor_bruto - coalesce(v.valor_taxa, 0) as valor_base,
                 p.percentual_comissao, ${comissao} as valor_comissao, ${sql.raw(`v.${k.paga}`)} as comissao_paga${detalheLib}
            from vendas v join ${pessoas} p on p.id = ${fk} ${detalheFrom}
           where ${sql.join(detalheConds, sql` and `)}
           order by v.data_venda desc, v.numero desc
           limit ${f.limit} offset ${f.offset}
        ), totais as (
          select count(*) as pessoas, coalesce(sum(n), 0) as vendas, coalesce(sum(total), 0) as total from por
        )${libCte}
        select json_build_object(${lib ? sql`'liberacao', true,` : sql``}
          'resumo', json_build_object(${chave(k.ativos)}, totais.pessoas, 'vendas_com_comissao', totais.vendas,
                                      'total_comissoes', totais.total${resumoLib}),
          ${chave(k.lista)}, (select coalesce(json_agg(r order by r.total_comissao desc, r.nome asc), '[]')
                 from (select pessoa_id as ${sql.raw(k.fk)}, nome, percentual_comissao, n as vendas,
                              total as total_comissao${porLib}
                         from por${porFrom}) r),
          'vendas', (select coalesce(json_agg(r order by r.data_venda desc, r.numero desc), '[]')
                 from (select id, numero, data_venda, pessoa_id as ${sql.raw(k.fk)}, nome as ${sql.raw(k.nome)},
                              valor_bruto, valor_taxa, valor_base, percentual_comissao, valor_comissao,
                              comissao_paga${vendaLib}
                         from detalhe) r),
          'vendas_total', totais.vendas,
          'page', ${f.page}::int,
          'limit', ${f.limit}::int
        )::text as body
        from totais`,
  );
  return r!.body;
}

/** The detail's order in the export: newest sale first, the id breaking ties (keyset pages). */
export const comissoesDetalheOrder: KeyPart[] = [
  { col: sql`v.data_venda`, key: 'data_venda', desc: true, notNull: true },
  { col: sql`v.numero`, key: 'numero', desc: true, notNull: true },
  { col: sql`v.id`, key: 'id', desc: true, notNull: true },
];

/**
 * One page of the report's detail (the sales earning a commission in the period), for the export:
 * the same filter as the report's `vendas`, in `order` after the keyset `after`.
 */
export function comissoesDetalhe(
  db: Executor,
  p: Pick<ComissoesFiltro, 'pessoa_id' | 'inicio' | 'fim'> & {
    kind: Comissionado;
    liberacao?: boolean;
    after: SQL | undefined;
    order: SQL;
    limit: number;
  },
) {
  const { kind, ...f } = p;
  const k = KIND[kind];
  const fk = sql.raw(`v.${k.fk}`);
  const conds: SQL[] = [sql`${sql.raw(`v.${k.comissao}`)} > 0`, sql`v.status <> 'cancelada'`];
  if (f.pessoa_id) conds.push(sql`${fk} = ${f.pessoa_id}`);
  if (f.inicio) conds.push(sql`v.data_venda >= ${f.inicio}::date`);
  if (f.fim) conds.push(sql`v.data_venda <= ${f.fim}::date`);
  if (p.after) conds.push(p.after);
  const comissao = sql`round((v.valor_bruto - coalesce(v.valor_taxa, 0)) * p.percentual_comissao / 100, 2)`;
  // the report's release columns (issue 16), by the same expressions as its `vendas`
  const lib = f.liberacao
    ? sql`, r.recebido as valor_recebido, ${liberadaSql(comissao, sql`r.recebido`)} as comissao_liberada,
          ${pagaSql(comissao, kind)} as comissao_paga_valor,
          ${comissao} - ${liberadaSql(comissao, sql`r.recebido`)} as comissao_a_liberar,
          ${aPagarSql(comissao, sql`r.recebido`, kind)} as comissao_a_pagar`
    : sql``;
  return queryRows<Record<string, unknown>>(
    db,
    sql`select v.id, v.numero, v.data_venda, p.nome as pessoa_nome, v.valor_bruto,
               coalesce(v.valor_taxa, 0) as valor_taxa, v.valor_bruto - coalesce(v.valor_taxa, 0) as valor_base,
               p.percentual_comissao, ${comissao} as valor_comissao, ${sql.raw(`v.${k.paga}`)} as comissao_paga${lib}
          from vendas v join ${sql.raw(k.table)} p on p.id = ${fk} ${f.liberacao ? recebidoLateral : sql``}
         where ${sql.join(conds, sql` and `)}
         order by ${p.order}
         limit ${p.limit}`,
  );
}
