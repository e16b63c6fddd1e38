-- Contas a receber (issue 16): the instalments of the sales that already exist,
-- the guard that keeps a payment's Caixa movement tied to it, and the audit trail.
-- A commission already marked paid was paid in full (the seed's switch): its base is the whole sale.
update vendas set comissao_paga_base = valor_bruto where comissao_paga and comissao_paga_base <> valor_bruto;
--> statement-breakpoint
-- The schedule of domain/recebiveis.ts (gerarParcelas) in SQL, for the sales that have no
-- instalments yet (all of them when this migration runs; callable again, it skips sales that have
-- some). Same rules: avista → parcela 1 = bruto on the sale date; entrada → parcela 0 = entrada on the
-- sale date (when > 0) plus n of the rest; parcelado → n of bruto. Instalment k is due k months after
-- the sale (date + interval clamps to the month's last day, always from the sale date, like
-- addMonthsClamped); each is round(rest / n, 2) (numeric round: half away from zero = half-up for
-- positive values), the last takes what is left. Sales the domain refuses (entrada above bruto, a
-- rest too small for one cent per instalment, bruto 0) and cancelled sales get none, as the routes
-- would give them. Checked by src/db/queries/recebimentos.migration.test.ts against gerarParcelas.
create function lavra_gerar_parcelas_existentes() returns integer language sql as $$
  with base as (
    select v.id, v.cliente_id, v.data_venda, v.tipo_venda, v.valor_bruto,
           case when v.tipo_venda = 'entrada' then v.valor_entrada else 0 end as entrada,
           v.numero_parcelas as n
    from vendas v
    where v.status <> 'cancelada' and v.valor_bruto > 0
      and not exists (select 1 from parcelas p where p.venda_id = v.id)
  ), calc as (
    select b.*, b.valor_bruto - b.entrada as resto, round((b.valor_bruto - b.entrada) / b.n, 2) as cada
    from base b
    where b.entrada >= 0 and b.entrada <= b.valor_bruto
  ), ok as (
    select c.* from calc c
    where c.tipo_venda = 'avista' or c.resto = 0
       or (c.cada >= 0.01 and c.resto - c.cada * (c.n - 1) >= 0.01)
  ), novas as (
    select o.id as venda_id, o.cliente_id, 1 as parcela, o.valor_bruto as valor, o.data_venda as venc
    from ok o where o.tipo_venda = 'avista'
    union all
    select o.id, o.cliente_id, 0, o.entrada, o.data_venda
    from ok o where o.tipo_venda = 'entrada' and o.entrada > 0
    union all
    select o.id, o.cliente_id, k,
           case when k = o.n then o.resto - o.cada * (o.n - 1) else o.cada end,
           (o.data_venda + make_interval(months => k))::date
    from ok o cross join lateral generate_series(1, o.n) as k
    where o.tipo_venda in ('parcelado', 'entrada') and o.resto > 0
  ), ins as (
    insert into parcelas (venda_id, cliente_id, parcela, valor, data_vencimento)
    select venda_id, cliente_id, parcela, valor, venc from novas
    returning 1
  )
  select count(*)::int from ins
$$;
--> statement-breakpoint
select lavra_gerar_parcelas_existentes();
--> statement-breakpoint
-- A movement that records a payment changes only with it: the Caixa routes say so in words; this is
-- the database's own guard for any other writer (a DELETE is already refused by the foreign key).
create function lavra_movimentacao_de_recebimento() returns trigger language plpgsql as $$
begin
  if exists (select 1 from recebimentos r where r.movimentacao_id = old.id) then
    raise exception 'Esta movimentação é um recebimento: altere-a em Recebimentos.'
      using errcode = '23514', constraint = 'movimentacoes_recebimento_ck';
  end if;
  return new;
end
$$;
--> statement-breakpoint
create trigger movimentacoes_recebimento before update on movimentacoes_caixa
  for each row execute function lavra_movimentacao_de_recebimento();
--> statement-breakpoint
select lavra_auditar('parcelas');
--> statement-breakpoint
select lavra_auditar('recebimentos');
--> statement-breakpoint
select lavra_auditar('recebiveis_config');

--> statement-breakpoint
-- The instalments' count is kept like the clients' (migration 0001_agregados): the Recebimentos list's
-- unfiltered total reads a few summary rows instead of counting ~250,000 instalments per page.
create trigger parcelas_contar_i after insert on parcelas referencing new table as novas
  for each statement execute function lavra_contar();
--> statement-breakpoint
create trigger parcelas_contar_d after delete on parcelas referencing old table as antigas
  for each statement execute function lavra_contar();
--> statement-breakpoint
create trigger parcelas_contar_t after truncate on parcelas for each statement execute function lavra_truncar();
--> statement-breakpoint
insert into contagens select 'parcelas', '', 0, count(*) from parcelas having count(*) > 0;
--> statement-breakpoint
-- The rebuild (after a restore, and what agregados.test.ts compares with) counts them too: the body of
-- 0001_agregados with one line added.
create or replace function lavra_recalcular_agregados() returns void language plpgsql as $$
begin
  delete from contagens;
  delete from vendas_mensal;
  delete from despesas_mensal;
  delete from comissoes_mensal;
  insert into contagens select 'orcamentos', status, 0, count(*) from orcamentos group by status;
  insert into contagens select 'vendas', status, 0, count(*) from vendas group by status;
  insert into contagens select 'clientes', '', 0, count(*) from clientes having count(*) > 0;
  insert into contagens select 'parcelas', '', 0, count(*) from parcelas having count(*) > 0;
  insert into vendas_mensal
    select date_trunc('month', data_venda)::date, 0, count(*), sum(valor_liquido),
           coalesce(sum(valor_liquido) filter (where cartao_id is not null), 0),
           coalesce(sum(valor_liquido) filter (where tipo_venda = 'parcelado'), 0)
      from vendas where status <> 'cancelada' group by 1;
  insert into despesas_mensal
    select date_trunc('month', data_vencimento)::date, 0, count(*), sum(valor),
           coalesce(sum(valor) filter (where lavra_despesa_fixa(descricao)), 0)
      from despesas group by 1;
  insert into comissoes_mensal
    select 'vendedor', v.vendedor_id, date_trunc('month', v.data_venda)::date, count(*),
           sum(round((v.valor_bruto - coalesce(v.valor_taxa, 0)) * p.percentual_comissao / 100, 2))
      from vendas v join vendedores p on p.id = v.vendedor_id
     where v.comissao_vendedor > 0 and v.status <> 'cancelada' group by 2, 3;
  insert into comissoes_mensal
    select 'arquiteto', v.arquiteto_id, date_trunc('month', v.data_venda)::date, count(*),
           sum(round((v.valor_bruto - coalesce(v.valor_taxa, 0)) * p.percentual_comissao / 100, 2))
      from vendas v join arquitetos p on p.id = v.arquiteto_id
     where v.comissao_arquiteto > 0 and v.status <> 'cancelada' group by 2, 3;
end $$;
