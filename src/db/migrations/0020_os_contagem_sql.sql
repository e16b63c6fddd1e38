-- The work orders' count is kept like the instalments' (0011): the Produção list's unfiltered total
-- reads a few summary rows instead of counting ~60,000 OS on every page.
create trigger ordens_servico_contar_i after insert on ordens_servico referencing new table as novas
  for each statement execute function lavra_contar();
--> statement-breakpoint
create trigger ordens_servico_contar_d after delete on ordens_servico referencing old table as antigas
  for each statement execute function lavra_contar();
--> statement-breakpoint
create trigger ordens_servico_contar_t after truncate on ordens_servico for each statement execute function lavra_truncar();
--> statement-breakpoint
insert into contagens select 'ordens_servico', '', 0, count(*) from ordens_servico having count(*) > 0;
--> statement-breakpoint
-- The rebuild counts them too (the summaries of 0001 and 0017 are rebuilt by the functions it calls).
create or replace function lavra_recalcular_agregados() returns void language plpgsql as $$
begin
  perform lavra_recalcular_agregados_vendas();
  perform lavra_recalcular_recebiveis();
  insert into contagens select 'ordens_servico', '', 0, count(*) from ordens_servico having count(*) > 0;
end $$;
