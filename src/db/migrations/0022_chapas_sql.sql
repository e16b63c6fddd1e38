-- Stock of slabs (issue 28). The new Estoque screen is held by administrators, as every screen is.
INSERT INTO "usuario_permissoes" ("usuario_id", "permissao")
SELECT u."id", 'estoque' FROM "usuarios" u WHERE u."role" = 'admin'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
select lavra_auditar('chapas');
--> statement-breakpoint
-- A product that has slabs has as stock the area of its available ones (m², 3 decimals), kept on every
-- write by the database so the product list, the low-stock alert and the quote read it as before.
create function lavra_estoque_chapas() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    update produtos p set estoque = lavra_area_disponivel(p.id) where p.id in (select produto_id from novas);
  elsif TG_OP = 'DELETE' then
    update produtos p set estoque = lavra_area_disponivel(p.id) where p.id in (select produto_id from antigas);
  else
    update produtos p set estoque = lavra_area_disponivel(p.id)
     where p.id in (select produto_id from novas union select produto_id from antigas);
  end if;
  return null;
end $$;
--> statement-breakpoint
create function lavra_area_disponivel(p_produto uuid) returns numeric language sql stable as $$
  select round(coalesce(sum(area_mm2::numeric), 0) / 1000000, 3)
    from chapas where produto_id = p_produto and status = 'disponivel'
$$;
--> statement-breakpoint
create trigger chapas_estoque_i after insert on chapas referencing new table as novas
  for each statement execute function lavra_estoque_chapas();
--> statement-breakpoint
create trigger chapas_estoque_u after update on chapas referencing new table as novas old table as antigas
  for each statement execute function lavra_estoque_chapas();
--> statement-breakpoint
create trigger chapas_estoque_d after delete on chapas referencing old table as antigas
  for each statement execute function lavra_estoque_chapas();
