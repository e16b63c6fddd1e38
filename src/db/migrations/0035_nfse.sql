CREATE TABLE "cartas_correcao" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nota_id" uuid NOT NULL,
	"sequencia" integer NOT NULL,
	"correcao" text NOT NULL,
	"status" text DEFAULT 'enviada' NOT NULL,
	"protocolo" text,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cartas_correcao_sequencia_ck" CHECK (sequencia between 1 and 20),
	CONSTRAINT "cartas_correcao_correcao_ck" CHECK (length(correcao) between 15 and 1000),
	CONSTRAINT "cartas_correcao_status_ck" CHECK (status in ('enviada', 'registrada', 'rejeitada'))
);
--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "nfse_codigo_servico" text;--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "nfse_item_lista" text;--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "nfse_aliquota_iss" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD COLUMN "numero_prefeitura" bigint;--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD COLUMN "codigo_verificacao" text;--> statement-breakpoint
ALTER TABLE "cartas_correcao" ADD CONSTRAINT "cartas_correcao_nota_id_notas_fiscais_id_fk" FOREIGN KEY ("nota_id") REFERENCES "public"."notas_fiscais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartas_correcao" ADD CONSTRAINT "cartas_correcao_created_by_usuarios_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cartas_correcao_nota_seq_uq" ON "cartas_correcao" USING btree ("nota_id","sequencia");--> statement-breakpoint
CREATE INDEX "notas_fiscais_tipo_created_idx" ON "notas_fiscais" USING btree ("tipo","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_nfse_codigo_servico_ck" CHECK (nfse_codigo_servico is null or nfse_codigo_servico ~ '^[0-9A-Za-z./-]{1,20}$');--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_nfse_item_lista_ck" CHECK (nfse_item_lista is null or nfse_item_lista ~ '^[0-9]{2}[.][0-9]{2}$');--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_nfse_aliquota_iss_ck" CHECK (nfse_aliquota_iss is null or nfse_aliquota_iss between 2 and 5);