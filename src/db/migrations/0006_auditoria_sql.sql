-- The audit trail: who changed what, when and from where, for the money and the people of Lavra.
-- Written by a row trigger in the write's own transaction (a write that rolls back leaves nothing),
-- whatever code path writes. The acting user and address are transaction-local settings the server
-- sets at the start of each write transaction (server/audit-context.ts); a write without them
-- (first-admin bootstrap, migrations, bench loading) is recorded with no user ("sistema").
-- A table joins with one line: select lavra_auditar('tabela'); (or ('tabela', 'coluna_do_registro')).
create table auditoria (
  id bigint generated always as identity primary key,
  em timestamptz not null default clock_timestamp(),
  usuario_id uuid,
  endereco text,
  recurso text not null,
  registro text not null,
  -- exportado / anonimizado: LGPD requests on a client (routes/lgpd.ts), recorded by the route
  acao text not null check (acao in ('criado', 'atualizado', 'removido', 'exportado', 'anonimizado')),
  -- {campo: [antigo, novo]} of the fields that changed (all non-empty fields on create and remove)
  alteracoes jsonb not null
);
--> statement-breakpoint
-- The screen's default order, and its filters by record and by user (each newest first).
create index auditoria_em_idx on auditoria (em desc, id desc);
--> statement-breakpoint
create index auditoria_registro_idx on auditoria (recurso, registro, em desc, id desc);
--> statement-breakpoint
create index auditoria_usuario_idx on auditoria (usuario_id, em desc, id desc);
--> statement-breakpoint
create function lavra_auditoria_registrar() returns trigger language plpgsql as $$
declare
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
-- Append-only: no UPDATE or DELETE, whoever asks; TRUNCATE only by a restore that replaces everything.
create function lavra_auditoria_imutavel() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' and current_setting('lavra.restaurando', true) = '1' then
    return null;
  end if;
  raise exception 'A trilha de auditoria não pode ser alterada nem apagada.' using errcode = '42501';
end
$$;
--> statement-breakpoint
create trigger auditoria_imutavel before update or delete on auditoria
  for each row execute function lavra_auditoria_imutavel();
--> statement-breakpoint
create trigger auditoria_sem_truncate before truncate on auditoria
  for each statement execute function lavra_auditoria_imutavel();
--> statement-breakpoint
create function lavra_auditar(tabela regclass, registro text default 'id') returns void language plpgsql as $$
begin
  execute format('drop trigger if exists auditoria on %s', tabela);
  execute format(
    'create trigger auditoria after insert or update or delete on %s for each row execute function lavra_auditoria_registrar(%L)',
    tabela, registro);
end
$$;
--> statement-breakpoint
select lavra_auditar('orcamentos');
--> statement-breakpoint
select lavra_auditar('vendas');
--> statement-breakpoint
select lavra_auditar('despesas');
--> statement-breakpoint
select lavra_auditar('movimentacoes_caixa');
--> statement-breakpoint
select lavra_auditar('caixa_inicial');
--> statement-breakpoint
select lavra_auditar('cartoes');
--> statement-breakpoint
select lavra_auditar('usuarios');
--> statement-breakpoint
select lavra_auditar('usuario_permissoes', 'usuario_id');
