-- Issue 30: invoices and their correction letters join the audit trail. The trigger function gains
-- optional arguments after the record's key: columns it leaves out (the rest as in 0030).
create or replace function lavra_auditoria_registrar() returns trigger language plpgsql as $$
declare
  i int;
  antigo jsonb;
  novo jsonb;
  mudou jsonb;
  chave text := coalesce(tg_argv[0], 'id');
begin
  -- A restore writes history back as it was; it is not a change made by someone.
  if current_setting('lavra.restaurando', true) = '1' then
    return null;
  end if;
  if tg_op <> 'INSERT' then antigo := to_jsonb(old) - 'updated_at'; end if;
  if tg_op <> 'DELETE' then novo := to_jsonb(new) - 'updated_at'; end if;
  -- Columns the trigger was told to leave out (its 2nd argument on): files and bulky copies the row
  -- keeps, e.g. an invoice's XML, its PDF and the payload it was sent with.
  for i in 1 .. tg_nargs - 1 loop
    antigo := antigo - tg_argv[i];
    novo := novo - tg_argv[i];
  end loop;
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, jsonb_build_array(antigo -> n.key, n.value)) into mudou
      from jsonb_each(novo) n
     where n.value is distinct from antigo -> n.key;
    if mudou is null then
      return null; -- nothing but the version stamp changed
    end if;
  elsif tg_op = 'INSERT' then
    select coalesce(jsonb_object_agg(key, jsonb_build_array(null, value)), '{}') into mudou
      from jsonb_each(novo) where value <> 'null'::jsonb;
  else
    select coalesce(jsonb_object_agg(key, jsonb_build_array(value, null)), '{}') into mudou
      from jsonb_each(antigo) where value <> 'null'::jsonb;
  end if;
  -- A secret (the fiscal provider's encrypted credentials, issue 30) never reaches the trail: the entry
  -- says that it was set, changed or cleared, not what it holds.
  if mudou ? 'fiscal_credenciais' then
    mudou := jsonb_set(mudou, '{fiscal_credenciais}', jsonb_build_array(
      case when coalesce(mudou -> 'fiscal_credenciais' -> 0, 'null'::jsonb) = 'null'::jsonb then null else '***' end,
      case when coalesce(mudou -> 'fiscal_credenciais' -> 1, 'null'::jsonb) = 'null'::jsonb then null else '***' end));
  end if;
  -- An LGPD anonymisation keeps that fields changed, never the personal data itself.
  if current_setting('lavra.anonimizando', true) = '1' then
    select jsonb_object_agg(key, '["***", "***"]'::jsonb) into mudou from jsonb_object_keys(mudou) key;
  end if;
  insert into auditoria (usuario_id, endereco, recurso, registro, acao, alteracoes)
  values (
    nullif(current_setting('lavra.usuario_id', true), '')::uuid,
    nullif(current_setting('lavra.endereco', true), ''),
    tg_table_name,
    coalesce(novo ->> chave, antigo ->> chave),
    case tg_op when 'INSERT' then 'criado' when 'UPDATE' then 'atualizado' else 'removido' end,
    mudou
  );
  return null;
end
$$;
--> statement-breakpoint
-- The invoice's status, numbers, SEFAZ's or the city's answer and who cancelled it are the history;
-- its XML, DANFE and sent payload are files, not changes someone made.
drop trigger if exists auditoria on notas_fiscais;
--> statement-breakpoint
create trigger auditoria after insert or update or delete on notas_fiscais
  for each row execute function lavra_auditoria_registrar('id', 'xml', 'danfe', 'payload', 'proxima_consulta_em');
--> statement-breakpoint
select lavra_auditar('cartas_correcao');
