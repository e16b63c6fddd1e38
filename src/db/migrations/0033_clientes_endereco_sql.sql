-- The client's address has número, complemento and bairro of their own (0033_clientes_endereco).
--
-- The street line as printed everywhere ("Rua X, 123, Apto 4 — Bairro"; the same as
-- logradouroCompleto in src/domain/endereco.ts): null when none of the parts is there.
create function lavra_logradouro(p_endereco text, p_numero text, p_complemento text, p_bairro text)
returns text language sql immutable as $$
  select nullif(concat_ws(' — ',
           nullif(concat_ws(', ', nullif(trim(p_endereco), ''), nullif(trim(p_numero), ''),
                            nullif(trim(p_complemento), '')), ''),
           nullif(trim(p_bairro), '')), '')
$$;
--> statement-breakpoint
-- The work order's job address starts as the client's whole street line (its one `endereco` text
-- keeps número and bairro, which the team needs at the door); the rest as in 0015.
create or replace function lavra_criar_os(p_venda uuid) returns uuid language plpgsql as $$
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
  select v.id, v.numero, v.orcamento_id, v.cliente_id,
         lavra_logradouro(c.endereco, c.numero, c.complemento, c.bairro), c.cidade, c.uf, c.cep,
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
-- LGPD anonymisation (0026) with the new address fields: número, complemento and bairro are cleared
-- with the rest; the whole street line joins the values scrubbed from the staff's free text, bairro and
-- complemento the words scrubbed as whole words; and the client's own audit rows mask every address
-- field by its key (a número like "12" is too short to be searched for as text; cidade, UF and CEP
-- were left there before). The rest as in 0026.
create or replace function lavra_anonimizar_cliente(p_id uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  c clientes;
  novo text;
  -- the client's distinctive values, as typed and as digits, longest first
  valores text[];
  -- the words of their name (a note may name them by first name only)
  palavras text[];
  orcs uuid[];
  oss uuid[];
  regs text[];
  endereco_os constant text[] := array['endereco', 'cidade', 'uf', 'cep'];
  endereco_cliente constant text[] := array['endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'cep'];
begin
  perform set_config('lavra.anonimizando', '1', true);
  select * into c from clientes where id = p_id for update;
  if not found then return; end if;
  novo := 'Cliente anonimizado ' || left(p_id::text, 8);

  select coalesce(array_agg(distinct v order by v), '{}') into valores
    from unnest(array[
      c.nome, c.cpf_cnpj, regexp_replace(coalesce(c.cpf_cnpj, ''), '\D', '', 'g'),
      c.email, c.telefone, regexp_replace(coalesce(c.telefone, ''), '\D', '', 'g'),
      -- the phone as commonly written without its area code: 99876-5432
      substring(c.telefone from '\d{4,5}-?\d{4}$'),
      c.endereco, lavra_logradouro(c.endereco, c.numero, c.complemento, c.bairro)]) as v
   where length(trim(v)) >= 5;
  select array_agg(v order by length(v) desc, v) into valores from unnest(valores) v;
  select coalesce(array_agg(distinct w), '{}') into palavras
    from regexp_split_to_table(c.nome, '\s+') w
   where length(w) >= 3 and lower(w) not in ('das', 'dos', 'del', 'von', 'van', 'cliente', 'anonimizado');
  -- bairro and complemento as whole words ("Centro" must not cut "concentrou" in a note), longest first
  select coalesce(array_agg(w order by length(w) desc, w), '{}') into palavras
    from (select unnest(palavras) as w
          union
          select trim(v) from unnest(array[c.bairro, c.complemento]) v where length(trim(v)) >= 4) x;

  select coalesce(array_agg(id), '{}') into orcs from orcamentos where cliente_id = p_id;
  select coalesce(array_agg(id), '{}') into oss from ordens_servico where cliente_id = p_id;

  -- Caixa entries of their payments: "Recebimento venda nº 605, entrada — <name>"
  update movimentacoes_caixa m
     set nome = lavra_lgpd_trocar(lavra_lgpd_trocar(lavra_lgpd_trocar(m.nome, array[c.nome], novo), valores, '***'),
                                  palavras, '***', true)
    from recebimentos r join parcelas p on p.id = r.parcela_id
   where r.movimentacao_id = m.id and p.cliente_id = p_id;

  -- Free text the staff wrote about the deal
  update orcamentos
     set observacoes = lavra_lgpd_trocar(lavra_lgpd_trocar(observacoes, valores, '***'), palavras, '***', true)
   where id = any(orcs) and observacoes is not null;
  update ordens_servico
     set endereco = null, cidade = null, uf = null, cep = null,
         motivo_cancelamento = lavra_lgpd_trocar(lavra_lgpd_trocar(motivo_cancelamento, valores, '***'), palavras, '***', true)
   where id = any(oss);
  update os_etapas
     set notas = lavra_lgpd_trocar(lavra_lgpd_trocar(notas, valores, '***'), palavras, '***', true)
   where os_id = any(oss) and notas is not null;

  -- Their signature on a finished job: the stroke is the person's, like the approval's (photos of the
  -- work stay)
  delete from os_fotos where os_id = any(oss) and tipo = 'assinatura';

  -- The customer's side of their quotes: links closed, their own words and their acceptance's person gone
  update orcamento_links set revogado_em = clock_timestamp()
   where orcamento_id = any(orcs) and revogado_em is null;
  update orcamento_alteracoes set mensagem = 'Mensagem removida (LGPD).', ip = null
   where orcamento_id = any(orcs);
  update orcamento_aceites
     set nome = novo, ip = null, user_agent = null, documento = null, pdf = '',
         -- a 1×1 transparent PNG: the column requires an image, the person's stroke is gone
         assinatura_png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
   where orcamento_id = any(orcs);

  -- Answers kept for idempotent retries (24 h) that carried the record
  delete from chaves_idempotencia
   where resposta is not null
     and (resposta like '%' || p_id::text || '%' or lavra_lgpd_trocar(resposta, valores, '') <> resposta);

  -- The record itself
  update clientes
     set nome = novo, cpf_cnpj = null, email = null, telefone = null, endereco = null, numero = null,
         complemento = null, bairro = null, cidade = null, uf = null, cep = null, updated_at = now()
   where id = p_id;

  -- The audit rows about their records (read by auditoria_registro_idx), and any Caixa entry's row
  -- that quotes them (an entry since removed is no longer reachable by its payment)
  regs := array[p_id::text]
    || (select coalesce(array_agg(x::text), '{}') from unnest(orcs) x)
    || (select coalesce(array_agg(id::text), '{}') from vendas where cliente_id = p_id)
    || (select coalesce(array_agg(id::text), '{}') from parcelas where cliente_id = p_id)
    || (select coalesce(array_agg(r.id::text), '{}') from recebimentos r join parcelas p on p.id = r.parcela_id where p.cliente_id = p_id)
    || (select coalesce(array_agg(r.movimentacao_id::text), '{}') from recebimentos r join parcelas p on p.id = r.parcela_id where p.cliente_id = p_id)
    || (select coalesce(array_agg(x::text), '{}') from unnest(oss) x)
    || (select coalesce(array_agg(id::text), '{}') from os_etapas where os_id = any(oss));
  update auditoria a
     set alteracoes = x.novo
    from (
      select b.id,
             lavra_lgpd_trocar_json(
               lavra_lgpd_trocar_json(
                 lavra_lgpd_trocar_json(
                   case when b.recurso = 'ordens_servico'
                        then b.alteracoes || coalesce((select jsonb_object_agg(k, '["***", "***"]'::jsonb)
                                                         from jsonb_object_keys(b.alteracoes) k where k = any(endereco_os)), '{}')
                        when b.recurso = 'clientes' and b.registro = p_id::text
                        then b.alteracoes || coalesce((select jsonb_object_agg(k, '["***", "***"]'::jsonb)
                                                         from jsonb_object_keys(b.alteracoes) k where k = any(endereco_cliente)), '{}')
                        else b.alteracoes end,
                   array[c.nome], novo),
                 valores, '***'),
               palavras, '***', true) as novo
        from auditoria b
       where b.registro = any(regs)
          or (b.recurso = 'movimentacoes_caixa' and b.alteracoes::text ilike '%' || c.nome || '%')
    ) x
   where a.id = x.id and a.alteracoes is distinct from x.novo;
end
$$;
