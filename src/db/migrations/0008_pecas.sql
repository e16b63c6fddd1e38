CREATE TABLE "acabamentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"valor_ml" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'ativo' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acabamentos_valor_ck" CHECK (valor_ml >= 0),
	CONSTRAINT "acabamentos_status_ck" CHECK (status in ('ativo', 'inativo'))
);
--> statement-breakpoint
CREATE TABLE "orcamento_item_bordas" (
	"item_id" uuid NOT NULL,
	"lado" text NOT NULL,
	"acabamento_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"valor_ml" numeric(14, 2) NOT NULL,
	CONSTRAINT "orcamento_item_bordas_item_id_lado_pk" PRIMARY KEY("item_id","lado"),
	CONSTRAINT "orcamento_item_bordas_lado_ck" CHECK (lado in ('frente', 'fundo', 'esquerda', 'direita')),
	CONSTRAINT "orcamento_item_bordas_valor_ck" CHECK (valor_ml >= 0)
);
--> statement-breakpoint
CREATE TABLE "orcamento_item_recortes" (
	"item_id" uuid NOT NULL,
	"posicao" integer NOT NULL,
	"recorte_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"quantidade" integer NOT NULL,
	CONSTRAINT "orcamento_item_recortes_item_id_posicao_pk" PRIMARY KEY("item_id","posicao"),
	CONSTRAINT "orcamento_item_recortes_valor_ck" CHECK (valor >= 0),
	CONSTRAINT "orcamento_item_recortes_qtd_ck" CHECK (quantidade >= 1)
);
--> statement-breakpoint
CREATE TABLE "recortes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'ativo' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recortes_valor_ck" CHECK (valor >= 0),
	CONSTRAINT "recortes_status_ck" CHECK (status in ('ativo', 'inativo'))
);
--> statement-breakpoint
ALTER TABLE "orcamento_itens" ADD COLUMN "perda_percentual" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "orcamento_itens" ADD COLUMN "valor_material" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orcamento_itens" ADD COLUMN "metros_borda" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "orcamento_itens" ADD COLUMN "valor_bordas" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orcamento_itens" ADD COLUMN "valor_recortes" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orcamento_itens" ADD COLUMN "faixa" text;--> statement-breakpoint
ALTER TABLE "orcamento_itens" ADD COLUMN "faixa_de" integer;--> statement-breakpoint
ALTER TABLE "orcamento_itens" ADD COLUMN "faixa_lado" text;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "perda_percentual" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orcamento_item_bordas" ADD CONSTRAINT "orcamento_item_bordas_item_id_orcamento_itens_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."orcamento_itens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_item_bordas" ADD CONSTRAINT "orcamento_item_bordas_acabamento_id_acabamentos_id_fk" FOREIGN KEY ("acabamento_id") REFERENCES "public"."acabamentos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_item_recortes" ADD CONSTRAINT "orcamento_item_recortes_item_id_orcamento_itens_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."orcamento_itens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_item_recortes" ADD CONSTRAINT "orcamento_item_recortes_recorte_id_recortes_id_fk" FOREIGN KEY ("recorte_id") REFERENCES "public"."recortes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acabamentos_nome_idx" ON "acabamentos" USING btree ("nome");--> statement-breakpoint
CREATE INDEX "orcamento_item_bordas_acabamento_idx" ON "orcamento_item_bordas" USING btree ("acabamento_id");--> statement-breakpoint
CREATE INDEX "orcamento_item_recortes_recorte_idx" ON "orcamento_item_recortes" USING btree ("recorte_id");--> statement-breakpoint
CREATE INDEX "recortes_nome_idx" ON "recortes" USING btree ("nome");--> statement-breakpoint
ALTER TABLE "orcamento_itens" ADD CONSTRAINT "orcamento_itens_perda_ck" CHECK (perda_percentual between 0 and 100);--> statement-breakpoint
ALTER TABLE "orcamento_itens" ADD CONSTRAINT "orcamento_itens_pecas_ck" CHECK (valor_material >= 0 and metros_borda >= 0 and valor_bordas >= 0 and valor_recortes >= 0);--> statement-breakpoint
ALTER TABLE "orcamento_itens" ADD CONSTRAINT "orcamento_itens_faixa_ck" CHECK ((faixa is null and faixa_de is null and faixa_lado is null) or (faixa in ('saia', 'frontao') and faixa_de >= 0 and faixa_lado in ('frente', 'fundo', 'esquerda', 'direita')));--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_perda_ck" CHECK (perda_percentual between 0 and 100);