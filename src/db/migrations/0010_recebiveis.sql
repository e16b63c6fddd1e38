CREATE TABLE "parcelas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venda_id" uuid NOT NULL,
	"cliente_id" uuid NOT NULL,
	"parcela" integer NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"valor_recebido" numeric(14, 2) DEFAULT '0' NOT NULL,
	"data_vencimento" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcelas_valor_ck" CHECK (valor > 0),
	CONSTRAINT "parcelas_recebido_ck" CHECK (valor_recebido >= 0 and valor_recebido <= valor),
	CONSTRAINT "parcelas_numero_ck" CHECK (parcela between 0 and 12)
);
--> statement-breakpoint
CREATE TABLE "recebimentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parcela_id" uuid NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"data" date NOT NULL,
	"cartao_id" uuid NOT NULL,
	"movimentacao_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recebimentos_movimentacao_uq" UNIQUE("movimentacao_id"),
	CONSTRAINT "recebimentos_valor_ck" CHECK (valor > 0)
);
--> statement-breakpoint
CREATE TABLE "recebiveis_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"pix_chave" text,
	"pix_nome" text,
	"pix_cidade" text,
	"comissao_por_recebimento" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recebiveis_config_um_ck" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "comissao_paga_base" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "parcelas" ADD CONSTRAINT "parcelas_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcelas" ADD CONSTRAINT "parcelas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recebimentos" ADD CONSTRAINT "recebimentos_parcela_id_parcelas_id_fk" FOREIGN KEY ("parcela_id") REFERENCES "public"."parcelas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recebimentos" ADD CONSTRAINT "recebimentos_cartao_id_cartoes_id_fk" FOREIGN KEY ("cartao_id") REFERENCES "public"."cartoes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recebimentos" ADD CONSTRAINT "recebimentos_movimentacao_id_movimentacoes_caixa_id_fk" FOREIGN KEY ("movimentacao_id") REFERENCES "public"."movimentacoes_caixa"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recebimentos" ADD CONSTRAINT "recebimentos_created_by_usuarios_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parcelas_venda_parcela_uq" ON "parcelas" USING btree ("venda_id","parcela");--> statement-breakpoint
CREATE INDEX "parcelas_vencimento_idx" ON "parcelas" USING btree ("data_vencimento","id");--> statement-breakpoint
CREATE INDEX "parcelas_abertas_idx" ON "parcelas" USING btree ("data_vencimento","valor","valor_recebido") WHERE valor_recebido < valor;--> statement-breakpoint
CREATE INDEX "parcelas_cliente_idx" ON "parcelas" USING btree ("cliente_id","data_vencimento");--> statement-breakpoint
CREATE INDEX "recebimentos_parcela_idx" ON "recebimentos" USING btree ("parcela_id","data");--> statement-breakpoint
CREATE INDEX "recebimentos_data_idx" ON "recebimentos" USING btree ("data");--> statement-breakpoint
CREATE INDEX "recebimentos_cartao_idx" ON "recebimentos" USING btree ("cartao_id");