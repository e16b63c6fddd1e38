-- The customer's acceptance of a quote is evidence: append-only, like the audit trail. A restore
-- (which rewrites every table) may TRUNCATE it; nothing else may change or remove a row.
create function lavra_aceite_imutavel() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' and current_setting('lavra.restaurando', true) = '1' then
    return null;
  end if;
  raise exception 'O registro de aceite do cliente não pode ser alterado nem apagado.' using errcode = '42501';
end
$$;
--> statement-breakpoint
create trigger orcamento_aceites_imutavel before update or delete on orcamento_aceites
  for each row execute function lavra_aceite_imutavel();
--> statement-breakpoint
create trigger orcamento_aceites_sem_truncate before truncate on orcamento_aceites
  for each statement execute function lavra_aceite_imutavel();
--> statement-breakpoint
select lavra_auditar('empresa');
