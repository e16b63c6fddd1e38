-- Summaries kept by the database itself, so that list totals, the dashboard, the sales KPIs and the
-- commission reports read a handful of summary rows instead of scanning years of quotes and sales.
-- Statement triggers with transition tables keep them exact on every write, bulk loads included, and
-- whatever code path writes. The counts and the month totals, which every sale or quote touches, are
-- split in 8 slots (by server backend) so that concurrent writers rarely wait for one another; readers
-- add the slots up. A person's month of commissions is one row: two sales of one seller in
-- the same instant are rare, and the report reads fewer rows.
-- lavra_recalcular_agregados() rebuilds every summary from the tables (also what the tests compare with).

create table contagens (
  tabela text not null,
  status text not null,
  slot smallint not null,
  n bigint not null,
  primary key (tabela, status, slot)
);
--> statement-breakpoint
create table vendas_mensal (
  mes date not null,
  slot smallint not null,
  n bigint not null,
  liquido numeric not null,
  liquido_cartao numeric not null,
  liquido_parcelado numeric not null,
  primary key (mes, slot)
);
--> statement-breakpoint
create table despesas_mensal (
  mes date not null,
  slot smallint not null,
  n bigint not null,
  valor numeric not null,
  -- the expenses the quote's hourly cost counts (lavra_despesa_fixa)
  valor_fixas numeric not null,
  primary key (mes, slot)
);
--> statement-breakpoint
-- Commission per sale at the person's current percentage, rounded per sale as the report shows it;
-- a change of percentage rebuilds that person's rows (lavra_comissoes_percentual).
create table comissoes_mensal (
  tipo text not null,
  pessoa_id uuid not null,
  mes date not null,
  n bigint not null,
  total numeric not null,
  primary key (tipo, pessoa_id, mes)
);
--> statement-breakpoint
-- The report reads a period's whole months of one kind.
create index comissoes_mensal_tipo_mes_idx on comissoes_mensal (tipo, mes) include (pessoa_id, n, total);
--> statement-breakpoint
-- isDespesaFixa (domain/pricing.ts) in SQL: unaccented (NFD without combining marks), lower-cased,
-- naming rent, electricity or water. agregados.test.ts checks that both agree.
create function lavra_despesa_fixa(descricao text) returns boolean language sql immutable as $$
  select lower(regexp_replace(normalize(descricao, NFD), '[\u0300-\u036f]', '', 'g')) ~ '(aluguel|luz|agua)'
$$;
--> statement-breakpoint
-- The rows a statement added (+1) and removed (−1), as SQL over its transition tables.
create function lavra_delta(op text) returns text language sql immutable as $$
  select case op
    when 'INSERT' then 'select *, 1 as sinal from novas'
    when 'DELETE' then 'select *, -1 as sinal from antigas'
    else 'select *, 1 as sinal from novas union all select *, -1 as sinal from antigas'
  end
$$;
--> statement-breakpoint
create function lavra_contar() returns trigger language plpgsql as $$
begin
  execute format(
    'insert into contagens (tabela, status, slot, n)
       select %L, %s, pg_backend_pid() %% 8, sum(sinal) from (%s) d
        group by 2 having sum(sinal) <> 0 order by 2
     on conflict (tabela, status, slot) do update set n = contagens.n + excluded.n',
    TG_TABLE_NAME, coalesce(TG_ARGV[0], $q$''$q$), lavra_delta(TG_OP));
  return null;
end $$;
--> statement-breakpoint
create function lavra_despesas_mensal() returns trigger language plpgsql as $$
begin
  execute format(
    'insert into despesas_mensal (mes, slot, n, valor, valor_fixas)
       select date_trunc(''month'', data_vencimento)::date, pg_backend_pid() %% 8, sum(sinal), sum(sinal * valor),
              coalesce(sum(sinal * valor) filter (where lavra_despesa_fixa(descricao)), 0)
         from (%s) d group by 1
       having sum(sinal) <> 0 or sum(sinal * valor) <> 0
           or sum(sinal * valor) filter (where lavra_despesa_fixa(descricao)) <> 0
        order by 1
     on conflict (mes, slot) do update
       set n = despesas_mensal.n + excluded.n, valor = despesas_mensal.valor + excluded.valor,
           valor_fixas = despesas_mensal.valor_fixas + excluded.valor_fixas',
    lavra_delta(TG_OP));
  return null;
end $$;
--> statement-breakpoint
-- A cancelled sale brought no money in and earns nobody a commission.
create function lavra_vendas_mensal() returns trigger language plpgsql as $$
declare
  d text := lavra_delta(TG_OP);
  k record;
begin
  execute format(
    'insert into vendas_mensal (mes, slot, n, liquido, liquido_cartao, liquido_parcelado)
       select date_trunc(''month'', data_venda)::date, pg_backend_pid() %% 8, sum(sinal), sum(sinal * valor_liquido),
              coalesce(sum(sinal * valor_liquido) filter (where cartao_id is not null), 0),
              coalesce(sum(sinal * valor_liquido) filter (where tipo_venda = ''parcelado''), 0)
         from (%s) d where status <> ''cancelada'' group by 1
       having sum(sinal) <> 0 or sum(sinal * valor_liquido) <> 0
           or sum(sinal * valor_liquido) filter (where cartao_id is not null) <> 0
           or sum(sinal * valor_liquido) filter (where tipo_venda = ''parcelado'') <> 0
        order by 1
     on conflict (mes, slot) do update
       set n = vendas_mensal.n + excluded.n, liquido = vendas_mensal.liquido + excluded.liquido,
           liquido_cartao = vendas_mensal.liquido_cartao + excluded.liquido_cartao,
           liquido_parcelado = vendas_mensal.liquido_parcelado + excluded.liquido_parcelado',
    d);
  for k in select * from (values ('vendedor', 'vendedores'), ('arquiteto', 'arquitetos')) as t(tipo, tabela) loop
    -- The percentage read here must stay the one the summary holds until this transaction ends:
    -- a concurrent change of percentage (which rebuilds the person's rows) waits for it, or it for that.
    execute format('select 1 from %I where id in (select %I from (%s) d) order by id for share',
      k.tabela, k.tipo || '_id', d);
    execute format(
      'insert into comissoes_mensal (tipo, pessoa_id, mes, n, total)
         select %L, d.%I, date_trunc(''month'', d.data_venda)::date, sum(sinal),
                sum(sinal * round((d.valor_bruto - coalesce(d.valor_taxa, 0)) * p.percentual_comissao / 100, 2))
           from (%s) d join %I p on p.id = d.%I
          where d.%I > 0 and d.status <> ''cancelada''
          group by 2, 3
         having sum(sinal) <> 0
             or sum(sinal * round((d.valor_bruto - coalesce(d.valor_taxa, 0)) * p.percentual_comissao / 100, 2)) <> 0
          order by 2, 3
       on conflict (tipo, pessoa_id, mes) do update
         set n = comissoes_mensal.n + excluded.n, total = comissoes_mensal.total + excluded.total',
      k.tipo, k.tipo || '_id', d, k.tabela, k.tipo || '_id', 'comissao_' || k.tipo);
  end loop;
  return null;
end $$;
--> statement-breakpoint
-- Rebuilds the commission summary of the sellers (or architects) whose percentage a statement changed.
create function lavra_comissoes_percentual() returns trigger language plpgsql as $$
declare
  v_tipo text := case TG_TABLE_NAME when 'vendedores' then 'vendedor' else 'arquiteto' end;
  mudou uuid[];
begin
  select array_agg(n.id) into mudou from novas n join antigas a on a.id = n.id
   where n.percentual_comissao is distinct from a.percentual_comissao;
  if mudou is null then return null; end if;
  delete from comissoes_mensal where tipo = v_tipo and pessoa_id = any(mudou);
  execute format(
    'insert into comissoes_mensal (tipo, pessoa_id, mes, n, total)
       select %L, v.%I, date_trunc(''month'', v.data_venda)::date, count(*),
              sum(round((v.valor_bruto - coalesce(v.valor_taxa, 0)) * p.percentual_comissao / 100, 2))
         from vendas v join %I p on p.id = v.%I
        where v.%I = any($1) and v.%I > 0 and v.status <> ''cancelada''
        group by 2, 3',
    v_tipo, v_tipo || '_id', TG_TABLE_NAME, v_tipo || '_id', v_tipo || '_id', 'comissao_' || v_tipo)
    using mudou;
  return null;
end $$;
--> statement-breakpoint
create function lavra_truncar() returns trigger language plpgsql as $$
begin
  delete from contagens where tabela = TG_TABLE_NAME;
  if TG_TABLE_NAME = 'vendas' then
    delete from vendas_mensal;
    delete from comissoes_mensal;
  elsif TG_TABLE_NAME = 'despesas' then
    delete from despesas_mensal;
  end if;
  return null;
end $$;
--> statement-breakpoint
create function lavra_recalcular_agregados() returns void language plpgsql as $$
begin
  delete from contagens;
  delete from vendas_mensal;
  delete from despesas_mensal;
  delete from comissoes_mensal;
  insert into contagens select 'orcamentos', status, 0, count(*) from orcamentos group by status;
  insert into contagens select 'vendas', status, 0, count(*) from vendas group by status;
  insert into contagens select 'clientes', '', 0, count(*) from clientes having count(*) > 0;
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
--> statement-breakpoint
create trigger orcamentos_contar_i after insert on orcamentos referencing new table as novas
  for each statement execute function lavra_contar('status');
--> statement-breakpoint
create trigger orcamentos_contar_u after update on orcamentos referencing new table as novas old table as antigas
  for each statement execute function lavra_contar('status');
--> statement-breakpoint
create trigger orcamentos_contar_d after delete on orcamentos referencing old table as antigas
  for each statement execute function lavra_contar('status');
--> statement-breakpoint
create trigger orcamentos_contar_t after truncate on orcamentos for each statement execute function lavra_truncar();
--> statement-breakpoint
create trigger clientes_contar_i after insert on clientes referencing new table as novas
  for each statement execute function lavra_contar();
--> statement-breakpoint
create trigger clientes_contar_d after delete on clientes referencing old table as antigas
  for each statement execute function lavra_contar();
--> statement-breakpoint
create trigger clientes_contar_t after truncate on clientes for each statement execute function lavra_truncar();
--> statement-breakpoint
create trigger vendas_contar_i after insert on vendas referencing new table as novas
  for each statement execute function lavra_contar('status');
--> statement-breakpoint
create trigger vendas_contar_u after update on vendas referencing new table as novas old table as antigas
  for each statement execute function lavra_contar('status');
--> statement-breakpoint
create trigger vendas_contar_d after delete on vendas referencing old table as antigas
  for each statement execute function lavra_contar('status');
--> statement-breakpoint
create trigger vendas_mensal_i after insert on vendas referencing new table as novas
  for each statement execute function lavra_vendas_mensal();
--> statement-breakpoint
create trigger vendas_mensal_u after update on vendas referencing new table as novas old table as antigas
  for each statement execute function lavra_vendas_mensal();
--> statement-breakpoint
create trigger vendas_mensal_d after delete on vendas referencing old table as antigas
  for each statement execute function lavra_vendas_mensal();
--> statement-breakpoint
create trigger vendas_truncar after truncate on vendas for each statement execute function lavra_truncar();
--> statement-breakpoint
create trigger despesas_mensal_i after insert on despesas referencing new table as novas
  for each statement execute function lavra_despesas_mensal();
--> statement-breakpoint
create trigger despesas_mensal_u after update on despesas referencing new table as novas old table as antigas
  for each statement execute function lavra_despesas_mensal();
--> statement-breakpoint
create trigger despesas_mensal_d after delete on despesas referencing old table as antigas
  for each statement execute function lavra_despesas_mensal();
--> statement-breakpoint
create trigger despesas_truncar after truncate on despesas for each statement execute function lavra_truncar();
--> statement-breakpoint
create trigger vendedores_percentual after update on vendedores referencing new table as novas old table as antigas
  for each statement execute function lavra_comissoes_percentual();
--> statement-breakpoint
create trigger arquitetos_percentual after update on arquitetos referencing new table as novas old table as antigas
  for each statement execute function lavra_comissoes_percentual();
--> statement-breakpoint
select lavra_recalcular_agregados();
