CREATE TABLE "empresa" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"nome" text NOT NULL,
	"cnpj" text,
	"endereco" text,
	"cidade" text,
	"uf" text,
	"cep" text,
	"telefone" text,
	"whatsapp" text,
	"email" text,
	"validade_dias" integer DEFAULT 15 NOT NULL,
	"termos" text,
	"instrucoes_pagamento" text,
	"chave_pix" text,
	"venda_automatica" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresa_um_ck" CHECK (id = 1),
	CONSTRAINT "empresa_validade_ck" CHECK (validade_dias between 1 and 365),
	CONSTRAINT "empresa_uf_ck" CHECK (uf is null or length(uf) <= 2)
);
--> statement-breakpoint
CREATE TABLE "empresa_logo" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mime" text NOT NULL,
	"dados" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresa_logo_um_ck" CHECK (id = 1),
	CONSTRAINT "empresa_logo_mime_ck" CHECK (mime in ('image/png', 'image/jpeg'))
);
--> statement-breakpoint
CREATE TABLE "orcamento_aceites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"orcamento_id" uuid NOT NULL,
	"link_id" uuid,
	"versao" timestamp (3) with time zone NOT NULL,
	"nome" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"assinatura_png" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"pdf" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orcamento_alteracoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"orcamento_id" uuid NOT NULL,
	"versao" timestamp (3) with time zone NOT NULL,
	"mensagem" text NOT NULL,
	"ip" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orcamento_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"orcamento_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"created_by" uuid,
	"expira_em" date NOT NULL,
	"revogado_em" timestamp (3) with time zone,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"bloqueado_em" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orcamento_aceites" ADD CONSTRAINT "orcamento_aceites_orcamento_id_orcamentos_id_fk" FOREIGN KEY ("orcamento_id") REFERENCES "public"."orcamentos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_aceites" ADD CONSTRAINT "orcamento_aceites_link_id_orcamento_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."orcamento_links"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_alteracoes" ADD CONSTRAINT "orcamento_alteracoes_orcamento_id_orcamentos_id_fk" FOREIGN KEY ("orcamento_id") REFERENCES "public"."orcamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_links" ADD CONSTRAINT "orcamento_links_orcamento_id_orcamentos_id_fk" FOREIGN KEY ("orcamento_id") REFERENCES "public"."orcamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_links" ADD CONSTRAINT "orcamento_links_created_by_usuarios_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orcamento_aceites_orcamento_uq" ON "orcamento_aceites" USING btree ("orcamento_id");--> statement-breakpoint
CREATE INDEX "orcamento_alteracoes_orcamento_idx" ON "orcamento_alteracoes" USING btree ("orcamento_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "orcamento_links_token_uq" ON "orcamento_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "orcamento_links_ativo_uq" ON "orcamento_links" USING btree ("orcamento_id") WHERE revogado_em is null;