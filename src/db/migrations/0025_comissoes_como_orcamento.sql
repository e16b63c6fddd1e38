ALTER TABLE "empresa" ADD COLUMN "comissoes_como_orcamento" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "rt_paga" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "rt_paga_base" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Until now the seller and the architect shared one paid mark: what was paid stays paid for both.
UPDATE "vendas" SET "rt_paga" = "comissao_paga", "rt_paga_base" = "comissao_paga_base" WHERE "comissao_paga";
