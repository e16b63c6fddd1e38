-- The agenda's month grid shows each day's number of stages. Counting them day by day read every
-- scheduled stage of the six weeks (~8,000 at S = 1, each checked against the cancelled OS): half the
-- month answer's time. The database keeps the count per hour of start (UTC hours, so any business time
-- zone with whole-hour offsets adds its day up from 24 rows), of stages of OS not cancelled, split in
-- 8 slots by backend as the other summaries.
create table agenda_horas (
  hora timestamptz not null,
  slot smallint not null,
  n bigint not null,
  primary key (hora, slot)
);
--> statement-breakpoint
create function lavra_agenda_hora(t timestamptz) returns timestamptz language sql immutable as $$
  select date_trunc('hour', t at time zone 'UTC') at time zone 'UTC'
$$;
--> statement-breakpoint
-- Stages written: +1 for each new row scheduled, −1 for each old one, for OS not cancelled (an OS
-- deleted in the same statement, which the app never does, counts as not cancelled).
create function lavra_agenda_etapas() returns trigger language plpgsql as $$
begin
  execute format(
    'insert into agenda_horas (hora, slot, n)
       select lavra_agenda_hora(d.inicio), pg_backend_pid() %% 8, sum(d.sinal)
         from (%s) d
        where d.inicio is not null
          and not exists (select 1 from ordens_servico o where o.id = d.os_id and o.status = ''cancelada'')
        group by 1 having sum(d.sinal) <> 0 order by 1
     on conflict (hora, slot) do update set n = agenda_horas.n + excluded.n',
    lavra_delta(TG_OP));
  return null;
end $$;
--> statement-breakpoint
-- An OS cancelled (or brought back): its scheduled stages leave (or return to) the counts.
create function lavra_agenda_os() returns trigger language plpgsql as $$
begin
  insert into agenda_horas (hora, slot, n)
    select lavra_agenda_hora(e.inicio), pg_backend_pid() % 8,
           sum(case when n.status = 'cancelada' then -1 else 1 end)
      from novas n
      join antigas a on a.id = n.id
      join os_etapas e on e.os_id = n.id
     where (n.status = 'cancelada') <> (a.status = 'cancelada') and e.inicio is not null
     group by 1 order by 1
  on conflict (hora, slot) do update set n = agenda_horas.n + excluded.n;
  return null;
end $$;
--> statement-breakpoint
create function lavra_agenda_truncar() returns trigger language plpgsql as $$
begin
  delete from agenda_horas;
  return null;
end $$;
--> statement-breakpoint
create trigger os_etapas_agenda_i after insert on os_etapas referencing new table as novas
  for each statement execute function lavra_agenda_etapas();
--> statement-breakpoint
create trigger os_etapas_agenda_u after update on os_etapas referencing new table as novas old table as antigas
  for each statement execute function lavra_agenda_etapas();
--> statement-breakpoint
create trigger os_etapas_agenda_d after delete on os_etapas referencing old table as antigas
  for each statement execute function lavra_agenda_etapas();
--> statement-breakpoint
create trigger os_etapas_agenda_t after truncate on os_etapas
  for each statement execute function lavra_agenda_truncar();
--> statement-breakpoint
create trigger ordens_servico_agenda_u after update on ordens_servico referencing new table as novas old table as antigas
  for each statement execute function lavra_agenda_os();
--> statement-breakpoint
create function lavra_recalcular_agenda() returns void language plpgsql as $$
begin
  delete from agenda_horas;
  insert into agenda_horas (hora, slot, n)
    select lavra_agenda_hora(e.inicio), 0, count(*)
      from os_etapas e join ordens_servico o on o.id = e.os_id
     where e.inicio is not null and o.status <> 'cancelada'
     group by 1;
end $$;
--> statement-breakpoint
select lavra_recalcular_agenda();
--> statement-breakpoint
-- The rebuild (restore, tests) rebuilds this summary too.
create or replace function lavra_recalcular_agregados() returns void language plpgsql as $$
begin
  perform lavra_recalcular_agregados_vendas();
  perform lavra_recalcular_recebiveis();
  insert into contagens select 'ordens_servico', '', 0, count(*) from ordens_servico having count(*) > 0;
  perform lavra_recalcular_agenda();
end $$;
