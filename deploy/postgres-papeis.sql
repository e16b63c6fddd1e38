-- Two PostgreSQL roles for Lavra (README, "Papéis do PostgreSQL"): run as a superuser, once, in the
-- database, after the first `npm start` with the owner has created the tables:
--   psql -v ON_ERROR_STOP=1 -d lavra -f deploy/postgres-papeis.sql
--
-- lavra       the owner: creates and migrates the tables, restores backups. Used only through
--             DATABASE_URL_MIGRACAO (migrations at start) and by `npm run restore`.
-- lavra_app   the runtime role of DATABASE_URL: reads and writes the data, but on the audit trail and
--             the customers' acceptances it may only INSERT and SELECT — no UPDATE, DELETE or
--             TRUNCATE, and as it owns no table it cannot DISABLE TRIGGER either. A request cannot
--             rewrite history, even with `set local lavra.restaurando = '1'` (the trigger only skips
--             the audit row; the owner's restore is what uses it).
--
-- Change the password below (and in /etc/lavra/lavra.env) before running.
do $$
begin
  if not exists (select from pg_roles where rolname = 'lavra_app') then
    create role lavra_app login password 'troque-esta-senha-do-app';
  end if;
  execute format('grant connect on database %I to lavra_app', current_database());
end
$$;

grant usage on schema public to lavra_app;
grant select, insert, update, delete on all tables in schema public to lavra_app;
grant usage, select, update on all sequences in schema public to lavra_app;
grant execute on all functions in schema public to lavra_app;

-- Append-only tables: what a request may do there is add a row and read.
revoke update, delete, truncate on auditoria, orcamento_aceites from lavra_app;
grant select, insert on auditoria, orcamento_aceites to lavra_app;

-- Tables and sequences the owner creates in later migrations: the same rights (the append-only ones
-- above are created already; a new append-only table needs its own REVOKE here).
alter default privileges for role lavra in schema public
  grant select, insert, update, delete on tables to lavra_app;
alter default privileges for role lavra in schema public
  grant usage, select, update on sequences to lavra_app;
alter default privileges for role lavra in schema public
  grant execute on functions to lavra_app;
