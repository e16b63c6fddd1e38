import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { queryRows } from './common';

export type Comissionado = 'vendedor' | 'arquiteto';

export interface ComissoesFiltro {
  pessoa_id?: string;
  /** Inclusive bounds on data_venda, 'YYYY-MM-DD'. */
  inicio?: string;
  fim?: string;
  /** Most recent sales returned in the detail list. */
  maxVendas: number;
}

export interface ComissoesRows {
  resumo: { pessoas: number; vendas: number; total: string };
  porPessoa: {
    pessoa_id: string;
    nome: string;
    percentual_comissao: string;
    vendas: number;
    total_comissao: string;
  }[];
  vendas: {
    id: string;
    numero: number;
    data_venda: string;
    pessoa_id: string | null;
    pessoa_nome: string | null;
    valor_bruto: string;
    valor_taxa: string;
    valor_base: string;
    percentual_comissao: string;
    valor_comissao: string;
    comissao_paga: boolean;
  }[];
}

// Fixed identifiers per kind (never user input), so sql.raw is safe here.
const KIND = {
  vendedor: { table: 'vendedores', fk: 'vendedor_id', comissao: 'comissao_vendedor' },
  arquiteto: { table: 'arquitetos', fk: 'arquiteto_id', comissao: 'comissao_arquiteto' },
} as const;

/**
 * The commission report (doc 2 §2 Vendedores, §9), all in SQL over the indexes on
 * (vendedor_id | arquiteto_id, data_venda): only sales that have the person and a stored commission
 * above 0, dates inclusive. Per sale: round((valor_bruto − coalesce(valor_taxa, 0)) × person's % / 100, 2)
 * — `round(numeric, 2)` rounds half away from zero, i.e. half-up for these positive figures, like
 * `comissaoVenda` in domain/comissoes.ts. Totals add the rounded per-sale values.
 */
export async function comissoesReport(
  db: Executor,
  kind: Comissionado,
  f: ComissoesFiltro,
): Promise<ComissoesRows> {
  const k = KIND[kind];
  const fk = sql.raw(`v.${k.fk}`);
  // a cancelled sale earns nobody a commission
  const conds: SQL[] = [
    sql`${fk} is not null`,
    sql`${sql.raw(`v.${k.comissao}`)} > 0`,
    sql`v.status <> 'cancelada'`,
  ];
  if (f.pessoa_id) conds.push(sql`${fk} = ${f.pessoa_id}`);
  if (f.inicio) conds.push(sql`v.data_venda >= ${f.inicio}::date`);
  if (f.fim) conds.push(sql`v.data_venda <= ${f.fim}::date`);
  const base = sql`
    select v.id, v.numero, v.data_venda, ${fk} as pessoa_id, p.nome as pessoa_nome,
           v.valor_bruto, coalesce(v.valor_taxa, 0) as valor_taxa, v.comissao_paga, v.created_at,
           p.percentual_comissao,
           v.valor_bruto - coalesce(v.valor_taxa, 0) as valor_base,
           round((v.valor_bruto - coalesce(v.valor_taxa, 0)) * p.percentual_comissao / 100, 2) as valor_comissao
      from vendas v
      join ${sql.raw(k.table)} p on p.id = ${fk}
     where ${sql.join(conds, sql` and `)}`;

  const [resumo] = await queryRows<{ pessoas: number; vendas: number; total: string }>(
    db,
    sql`select count(distinct pessoa_id)::int as pessoas, count(*)::int as vendas,
               coalesce(sum(valor_comissao), 0)::text as total
          from (${base}) b`,
  );
  const porPessoa = await queryRows<ComissoesRows['porPessoa'][number]>(
    db,
    sql`select pessoa_id, pessoa_nome as nome, percentual_comissao::text as percentual_comissao,
               count(*)::int as vendas, sum(valor_comissao)::text as total_comissao
          from (${base}) b
         group by pessoa_id, pessoa_nome, percentual_comissao
         order by sum(valor_comissao) desc, pessoa_nome asc`,
  );
  const vendas = await queryRows<ComissoesRows['vendas'][number]>(
    db,
    sql`select id, numero, data_venda::text as data_venda, pessoa_id, pessoa_nome,
               valor_bruto::text as valor_bruto, valor_taxa::text as valor_taxa,
               valor_base::text as valor_base, percentual_comissao::text as percentual_comissao,
               valor_comissao::text as valor_comissao, comissao_paga
          from (${base}) b
         order by data_venda desc, numero desc
         limit ${f.maxVendas}`,
  );
  return { resumo: resumo ?? { pessoas: 0, vendas: 0, total: '0' }, porPessoa, vendas };
}
