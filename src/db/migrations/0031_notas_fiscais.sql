CREATE TABLE "notas_fiscais" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venda_id" uuid NOT NULL,
	"tipo" text DEFAULT 'nfe' NOT NULL,
	"serie" integer NOT NULL,
	"numero" integer NOT NULL,
	"status" text DEFAULT 'processando' NOT NULL,
	"provedor" text DEFAULT 'nfeio' NOT NULL,
	"provedor_id" text,
	"chave_acesso" text,
	"protocolo" text,
	"codigo_sefaz" text,
	"mensagem_sefaz" text,
	"payload" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_consulta_em" timestamp (3) with time zone,
	"xml" text,
	"danfe" "bytea",
	"valor_total" numeric(14, 2) NOT NULL,
	"autorizada_em" timestamp (3) with time zone,
	"cancelada_em" timestamp (3) with time zone,
	"justificativa" text,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notas_fiscais_tipo_ck" CHECK (tipo in ('nfe', 'nfse')),
	CONSTRAINT "notas_fiscais_status_ck" CHECK (status in ('processando', 'autorizada', 'rejeitada', 'cancelada')),
	CONSTRAINT "notas_fiscais_numero_ck" CHECK (serie between 0 and 999 and numero between 1 and 999999999),
	CONSTRAINT "notas_fiscais_justificativa_ck" CHECK (justificativa is null or length(justificativa) between 15 and 255)
);
--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD CONSTRAINT "notas_fiscais_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD CONSTRAINT "notas_fiscais_created_by_usuarios_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notas_fiscais_idempotency_uq" ON "notas_fiscais" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "notas_fiscais_numero_uq" ON "notas_fiscais" USING btree ("tipo","serie","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "notas_fiscais_venda_uq" ON "notas_fiscais" USING btree ("venda_id","tipo") WHERE status <> 'cancelada';--> statement-breakpoint
CREATE INDEX "notas_fiscais_venda_idx" ON "notas_fiscais" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "notas_fiscais_created_idx" ON "notas_fiscais" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notas_fiscais_status_created_idx" ON "notas_fiscais" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notas_fiscais_pendentes_idx" ON "notas_fiscais" USING btree ("proxima_consulta_em") WHERE proxima_consulta_em is not null;