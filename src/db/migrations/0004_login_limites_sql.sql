-- Sign-in throttling, decided and counted in one statement (issue 12 §5: 150 parallel wrong passwords
-- used to read the same count, and 114 were checked).
--
-- lavra_login_tentativa(address key, address+user key, account key, limits…) runs BEFORE the password
-- is hashed. It locks the three counter rows (always in this order — address, address+user, account —
-- so two attempts sharing keys wait for each other and never deadlock), refuses when a limit is
-- reached, and otherwise counts the attempt as a failure on all three at once. A refused attempt counts
-- nowhere: it was never checked. lavra_login_sucesso undoes the count when the password was right, so
-- the counters hold failures only (a shop behind one address signing in all day is never throttled).
--
--   address           p_max_endereco failures per window, across every user name (spraying)
--   address+user      p_max_par failures per window (LOGIN_MAX_TENTATIVAS / LOGIN_JANELA_MIN)
--   account           p_max_conta failures, from any address, then refused for p_espera_base_s,
--                     doubling with every further failure up to p_espera_max_s; forgotten after a day
--                     without failures, reset by a successful sign-in.
create function lavra_login_tentativa(
  p_endereco text, p_par text, p_conta text,
  p_max_endereco int, p_max_par int, p_max_conta int,
  p_janela_s int, p_espera_base_s int, p_espera_max_s int
) returns table (permitido boolean, motivo text, espera_s int)
language plpgsql as $$
#variable_conflict use_column
declare
  agora timestamptz;
  janela interval := make_interval(secs => p_janela_s);
  r_end login_limites;
  r_par login_limites;
  r_conta login_limites;
  conta_falhas int;
begin
  insert into login_limites as l (chave) values (p_endereco)
    on conflict (chave) do update set chave = l.chave returning * into r_end;
  insert into login_limites as l (chave) values (p_par)
    on conflict (chave) do update set chave = l.chave returning * into r_par;
  insert into login_limites as l (chave) values (p_conta)
    on conflict (chave) do update set chave = l.chave returning * into r_conta;
  -- The time once the three rows are locked, not the transaction's start: an attempt that waited for
  -- the locks must not see a lock set after it began as longer than it is.
  agora := clock_timestamp();

  -- Windows that have passed start again.
  if r_end.janela_inicio <= agora - janela then r_end.falhas := 0; r_end.janela_inicio := agora; end if;
  if r_par.janela_inicio <= agora - janela then r_par.falhas := 0; r_par.janela_inicio := agora; end if;
  if r_conta.atualizado_em <= agora - interval '1 day'
     and (r_conta.bloqueado_ate is null or r_conta.bloqueado_ate <= agora) then
    r_conta.falhas := 0;
  end if;

  if r_par.falhas >= p_max_par then
    return query select false, 'par'::text,
      greatest(1, ceil(extract(epoch from r_par.janela_inicio + janela - agora)))::int;
    return;
  end if;
  if r_end.falhas >= p_max_endereco then
    return query select false, 'endereco'::text,
      greatest(1, ceil(extract(epoch from r_end.janela_inicio + janela - agora)))::int;
    return;
  end if;
  if r_conta.bloqueado_ate > agora then
    return query select false, 'conta'::text,
      greatest(1, ceil(extract(epoch from r_conta.bloqueado_ate - agora)))::int;
    return;
  end if;

  update login_limites set falhas = r_end.falhas + 1, janela_inicio = r_end.janela_inicio, atualizado_em = agora
    where chave = p_endereco;
  update login_limites set falhas = r_par.falhas + 1, janela_inicio = r_par.janela_inicio, atualizado_em = agora
    where chave = p_par;
  conta_falhas := r_conta.falhas + 1;
  update login_limites set
      falhas = conta_falhas,
      atualizado_em = agora,
      bloqueado_ate = case when conta_falhas >= p_max_conta
        then agora + make_interval(secs => least(
          p_espera_max_s::double precision,
          p_espera_base_s * power(2::double precision, least(conta_falhas - p_max_conta, 30))))
        else null end
    where chave = p_conta;
  return query select true, null::text, 0;
end;
$$;
--> statement-breakpoint
-- The password was right: the attempt was not a failure. The address+user and account counters start
-- again; the address keeps its other failures (it may be spraying other accounts).
create function lavra_login_sucesso(p_endereco text, p_par text, p_conta text) returns void
language sql as $$
  delete from login_limites where chave in (p_par, p_conta);
  update login_limites set falhas = greatest(falhas - 1, 0) where chave = p_endereco;
  -- Counters untouched for a day are over; pruned here, off the path of failed attempts.
  delete from login_limites where atualizado_em < now() - interval '1 day'
    and (bloqueado_ate is null or bloqueado_ate < now());
$$;
