ALTER TABLE "orcamento_aceites" ADD COLUMN "documento" jsonb;--> statement-breakpoint
-- The Pix key is typed once, on the Empresa screen: a key kept only in Recebimentos' settings moves there
-- (the columns stay, unread, until a release drops them).
UPDATE "empresa" SET "chave_pix" = r."pix_chave"
FROM "recebiveis_config" r
WHERE r."id" = 1 AND coalesce(trim("empresa"."chave_pix"), '') = '' AND coalesce(trim(r."pix_chave"), '') <> '';
