-- The commission reports read a period's whole months of one kind (sellers or architects) off
-- comissoes_mensal, with the kind written into the statement: one partial index per kind, keyed by the
-- month alone. On (tipo, mes) every entry began with the text `tipo`, compared per entry under the
-- database's collation and making every later column's offset unknown: with the 180 architects of a
-- year (~1,850 entries) that scan was a third of the report's SQL (issue 27 item 6).
create index comissoes_mensal_vendedor_mes_idx on comissoes_mensal (mes) include (pessoa_id, n, total)
  where tipo = 'vendedor';
--> statement-breakpoint
create index comissoes_mensal_arquiteto_mes_idx on comissoes_mensal (mes) include (pessoa_id, n, total)
  where tipo = 'arquiteto';
--> statement-breakpoint
drop index comissoes_mensal_tipo_mes_idx;
