-- Contas a receber kept by the database, like the sales and expenses of 0001_agregados: per month of
-- due date, what is still owed on open instalments (and how many), and per month of payment, what came
-- in. The Recebimentos KPIs and the dashboard read a few dozen rows instead of summing ~50,000 open
-- instalments and a year of payments on every request. Split in 8 slots by backend, as vendas_mensal.
create table recebiveis_mensal (
  mes date not null,
  slot smallint not null,
  aberto numeric not null,
  parcelas_abertas bigint not null,
  recebido numeric not null,
  primary key (mes, slot)
);
--> statement-breakpoint
create function lavra_recebiveis_parcelas() returns trigger language plpgsql as $$
begin
  execute format(
    'insert into recebiveis_mensal (mes, slot, aberto, parcelas_abertas, recebido)
       select date_trunc(''month'', data_vencimento)::date, pg_backend_pid() %% 8,
              sum(sinal * (valor - valor_recebido)), sum(sinal), 0
         from (%s) d where valor_recebido < valor group by 1
       having sum(sinal) <> 0 or sum(sinal * (valor - valor_recebido)) <> 0
        order by 1
     on conflict (mes, slot) do update
       set aberto = recebiveis_mensal.aberto + excluded.aberto,
           parcelas_abertas = recebiveis_mensal.parcelas_abertas + excluded.parcelas_abertas',
    lavra_delta(TG_OP));
  return null;
end $$;
--> statement-breakpoint
create function lavra_recebiveis_recebimentos() returns trigger language plpgsql as $$
begin
  execute format(
    'insert into recebiveis_mensal (mes, slot, aberto, parcelas_abertas, recebido)
       select date_trunc(''month'', data)::date, pg_backend_pid() %% 8, 0, 0, sum(sinal * valor)
         from (%s) d group by 1 having sum(sinal * valor) <> 0 order by 1
     on conflict (mes, slot) do update set recebido = recebiveis_mensal.recebido + excluded.recebido',
    lavra_delta(TG_OP));
  return null;
end $$;
--> statement-breakpoint
create function lavra_recebiveis_truncar() returns trigger language plpgsql as $$
begin
  if TG_TABLE_NAME = 'parcelas' then
    update recebiveis_mensal set aberto = 0, parcelas_abertas = 0;
  else
    update recebiveis_mensal set recebido = 0;
  end if;
  return null;
end $$;
--> statement-breakpoint
create trigger parcelas_recebiveis_i after insert on parcelas referencing new table as novas
  for each statement execute function lavra_recebiveis_parcelas();
--> statement-breakpoint
create trigger parcelas_recebiveis_u after update on parcelas referencing new table as novas old table as antigas
  for each statement execute function lavra_recebiveis_parcelas();
--> statement-breakpoint
create trigger parcelas_recebiveis_d after delete on parcelas referencing old table as antigas
  for each statement execute function lavra_recebiveis_parcelas();
--> statement-breakpoint
create trigger parcelas_recebiveis_t after truncate on parcelas
  for each statement execute function lavra_recebiveis_truncar();
--> statement-breakpoint
create trigger recebimentos_mensal_i after insert on recebimentos referencing new table as novas
  for each statement execute function lavra_recebiveis_recebimentos();
--> statement-breakpoint
create trigger recebimentos_mensal_u after update on recebimentos referencing new table as novas old table as antigas
  for each statement execute function lavra_recebiveis_recebimentos();
--> statement-breakpoint
create trigger recebimentos_mensal_d after delete on recebimentos referencing old table as antigas
  for each statement execute function lavra_recebiveis_recebimentos();
--> statement-breakpoint
create trigger recebimentos_mensal_t after truncate on recebimentos
  for each statement execute function lavra_recebiveis_truncar();
--> statement-breakpoint
create function lavra_recalcular_recebiveis() returns void language plpgsql as $$
begin
  delete from recebiveis_mensal;
  insert into recebiveis_mensal (mes, slot, aberto, parcelas_abertas, recebido)
    select mes, 0, sum(aberto), sum(n), sum(recebido) from (
      select date_trunc('month', data_vencimento)::date as mes, sum(valor - valor_recebido) as aberto,
             count(*) as n, 0 as recebido
        from parcelas where valor_recebido < valor group by 1
      union all
      select date_trunc('month', data)::date, 0, 0, sum(valor) from recebimentos group by 1
    ) t group by mes;
end $$;
--> statement-breakpoint
-- The rebuild (restore, tests) rebuilds this summary too: the earlier body is kept under another name
-- and called first, so it is not written out again here.
alter function lavra_recalcular_agregados() rename to lavra_recalcular_agregados_vendas;
--> statement-breakpoint
create function lavra_recalcular_agregados() returns void language plpgsql as $$
begin
  perform lavra_recalcular_agregados_vendas();
  perform lavra_recalcular_recebiveis();
end $$;
--> statement-breakpoint
select lavra_recalcular_recebiveis();
