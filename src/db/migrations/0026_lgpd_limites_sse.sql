-- The public page's finished request counters, pruned a few at a time by each public request
-- (db/queries/orcamento-cliente.ts, contarRequisicao): an address or token seen once leaves no row forever.
CREATE INDEX "login_limites_publico_idx" ON "login_limites" USING btree ("atualizado_em") WHERE chave like 'pub-%';
--> statement-breakpoint
-- LGPD anonymisation (issue 26 §5), in one function: what the client's record held must not survive
-- anywhere the shop copied it (Caixa descriptions, work-order addresses, the approval, the change
-- requests, the audit rows about their records, stored idempotent answers), while every amount stays.
-- The audit trail and the acceptances are append-only; they accept this one kind of UPDATE, made while
-- `lavra.anonimizando` is set, that keeps every column but the personal ones. SECURITY DEFINER so a
-- runtime role with only INSERT/SELECT on those tables can still honour the request.

-- Replaces, case-insensitively, each of `de` in `t` by `por` (`palavras`: whole words only).
create function lavra_lgpd_trocar(t text, de text[], por text, palavras boolean default false)
returns text language plpgsql immutable as $$
declare
  x text;
  padrao text;
begin
  if t is null or de is null then return t; end if;
  foreach x in array de loop
    padrao := regexp_replace(x, '([.^$*+?()\[\]{}|\\/-])', '\\\1', 'g');
    if palavras then padrao := '\m' || padrao || '\M'; end if;
    t := regexp_replace(t, padrao, replace(por, '\', '\\'), 'gi');
  end loop;
  return t;
end
$$;
--> statement-breakpoint
-- The same on every string inside a JSON value (keys untouched).
create function lavra_lgpd_trocar_json(j jsonb, de text[], por text, palavras boolean default false)
returns jsonb language plpgsql immutable as $$
begin
  return case jsonb_typeof(j)
    when 'string' then to_jsonb(lavra_lgpd_trocar(j #>> '{}', de, por, palavras))
    when 'array' then (select coalesce(jsonb_agg(lavra_lgpd_trocar_json(e, de, por, palavras) order by i), '[]'::jsonb)
                         from jsonb_array_elements(j) with ordinality as a(e, i))
    when 'object' then (select coalesce(jsonb_object_agg(k, lavra_lgpd_trocar_json(v, de, por, palavras)), '{}'::jsonb)
                          from jsonb_each(j) as o(k, v))
    else j
  end;
end
$$;
--> statement-breakpoint
create or replace function lavra_auditoria_imutavel() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' and current_setting('lavra.restaurando', true) = '1' then
    return null;
  end if;
  -- An LGPD anonymisation rewrites the personal values inside `alteracoes`; nothing else moves.
  if tg_op = 'UPDATE' and current_setting('lavra.anonimizando', true) = '1'
     and (new.id, new.em, new.usuario_id, new.endereco, new.recurso, new.registro, new.acao)
         is not distinct from (old.id, old.em, old.usuario_id, old.endereco, old.recurso, old.registro, old.acao) then
    return new;
  end if;
  raise exception 'A trilha de auditoria não pode ser alterada nem apagada.' using errcode = '42501';
end
$$;
--> statement-breakpoint
create or replace function lavra_aceite_imutavel() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' and current_setting('lavra.restaurando', true) = '1' then
    return null;
  end if;
  -- An LGPD anonymisation removes the person (name, address, browser, signature, the PDF that names
  -- them); which quote, which version, when and the hash of what was accepted stay.
  if tg_op = 'UPDATE' and current_setting('lavra.anonimizando', true) = '1'
     and (new.id, new.orcamento_id, new.link_id, new.versao, new.pdf_sha256, new.created_at)
         is not distinct from (old.id, old.orcamento_id, old.link_id, old.versao, old.pdf_sha256, old.created_at) then
    return new;
  end if;
  raise exception 'O registro de aceite do cliente não pode ser alterado nem apagado.' using errcode = '42501';
end
$$;
--> statement-breakpoint
create or replace function lavra_movimentacao_de_recebimento() returns trigger language plpgsql as $$
begin
  -- An LGPD anonymisation rewrites the description of a payment's entry (the client's name); the
  -- amount, date and kind stay.
  if current_setting('lavra.anonimizando', true) = '1'
     and (new.valor, new.data, new.tipo) is not distinct from (old.valor, old.data, old.tipo) then
    return new;
  end if;
  if exists (select 1 from recebimentos r where r.movimentacao_id = old.id) then
    raise exception 'Esta movimentação é um recebimento: altere-a em Recebimentos.'
      using errcode = '23514', constraint = 'movimentacoes_recebimento_ck';
  end if;
  return new;
end
$$;
--> statement-breakpoint
create function lavra_anonimizar_cliente(p_id uuid) returns void
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
      c.endereco]) as v
   where length(trim(v)) >= 5;
  select array_agg(v order by length(v) desc, v) into valores from unnest(valores) v;
  select coalesce(array_agg(distinct w), '{}') into palavras
    from regexp_split_to_table(c.nome, '\s+') w
   where length(w) >= 3 and lower(w) not in ('das', 'dos', 'del', 'von', 'van', 'cliente', 'anonimizado');

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
     set nome = novo, cpf_cnpj = null, email = null, telefone = null, endereco = null, cidade = null,
         uf = null, cep = null, updated_at = now()
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
--> statement-breakpoint
-- Open live-update streams across every server process (issue 26 §5: the cap per user was per
-- process). A row not touched by its stream's heartbeat for a minute is a dead process's and is
-- pruned by the next stream opened.
CREATE TABLE "sse_streams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"usuario_id" uuid NOT NULL,
	"aberto_em" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"visto_em" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sse_streams_usuario_idx" ON "sse_streams" USING btree ("usuario_id","aberto_em");
--> statement-breakpoint
CREATE INDEX "sse_streams_visto_idx" ON "sse_streams" USING btree ("visto_em");
