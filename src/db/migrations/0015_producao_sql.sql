-- Creates the work order (OS) of one sale with the stages the shop uses, in the sale's transaction
-- (db/queries/producao.ts criarOrdemDaVenda) and for the sales that existed before this migration.
-- The job address starts as the client's; a cancelled sale gives a cancelled OS. Idempotent: a sale
-- that already has its OS returns null.
create function lavra_criar_os(p_venda uuid) returns uuid language plpgsql as $$
declare
  v_os uuid;
  v_etapas text[];
  todas constant text[] := array['medicao', 'corte', 'acabamento', 'instalacao', 'entrega'];
begin
  -- No settings row yet (a fresh shop): every stage.
  select etapas into v_etapas from producao_config where id;
  v_etapas := coalesce(v_etapas, todas);
  insert into ordens_servico (venda_id, venda_numero, orcamento_id, cliente_id, endereco, cidade, uf, cep,
                              status, motivo_cancelamento, etapa_atual, etapas_total, created_at)
  select v.id, v.numero, v.orcamento_id, v.cliente_id, c.endereco, c.cidade, c.uf, c.cep,
         case when v.status = 'cancelada' then 'cancelada' else 'aberta' end,
         case when v.status = 'cancelada' then 'Venda cancelada.' end,
         (select e from unnest(todas) with ordinality t(e, o) where e = any(v_etapas) order by o limit 1),
         (select count(*) from unnest(todas) e where e = any(v_etapas)),
         v.created_at
    from vendas v join clientes c on c.id = v.cliente_id
   where v.id = p_venda
  on conflict (venda_id) do nothing
  returning id into v_os;
  if v_os is null then
    return null;
  end if;
  insert into os_etapas (os_id, etapa, ordem)
  select v_os, e, o::int from unnest(todas) with ordinality t(e, o) where e = any(v_etapas);
  return v_os;
end
$$;
--> statement-breakpoint
-- Sales made before work orders existed get theirs, oldest first (their números follow the sales').
select lavra_criar_os(id) from (select id from vendas order by created_at, numero) v;
--> statement-breakpoint
select lavra_auditar('ordens_servico');
--> statement-breakpoint
select lavra_auditar('os_etapas');
--> statement-breakpoint
select lavra_auditar('os_etapa_funcionarios', 'etapa_id');
--> statement-breakpoint
select lavra_auditar('producao_config');
--> statement-breakpoint
-- Photos and signatures: the audit keeps who added or removed one, never the image bytes.
create function lavra_auditoria_foto() returns trigger language plpgsql as $$
begin
  if current_setting('lavra.restaurando', true) = '1' then
    return null;
  end if;
  insert into auditoria (usuario_id, endereco, recurso, registro, acao, alteracoes)
  values (
    nullif(current_setting('lavra.usuario_id', true), '')::uuid,
    nullif(current_setting('lavra.endereco', true), ''),
    tg_table_name,
    coalesce(new.id, old.id)::text,
    case tg_op when 'INSERT' then 'criado' else 'removido' end,
    jsonb_build_object('os_id', jsonb_build_array(case when tg_op = 'DELETE' then old.os_id end,
                                                  case when tg_op = 'INSERT' then new.os_id end),
                       'tipo', jsonb_build_array(case when tg_op = 'DELETE' then old.tipo end,
                                                 case when tg_op = 'INSERT' then new.tipo end))
  );
  return null;
end
$$;
--> statement-breakpoint
create trigger auditoria after insert or delete on os_fotos for each row execute function lavra_auditoria_foto();
