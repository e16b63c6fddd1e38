CREATE TABLE "chapa_consumos" (
	"chapa_id" uuid PRIMARY KEY NOT NULL,
	"ordem_servico_id" uuid NOT NULL,
	"custo" numeric(14, 2) NOT NULL,
	"custo_sobras" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapa_consumos_custo_ck" CHECK (custo >= 0 and custo_sobras >= 0 and custo_sobras <= custo)
);
--> statement-breakpoint
CREATE TABLE "chapas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"produto_id" uuid NOT NULL,
	"tipo" text DEFAULT 'chapa' NOT NULL,
	"lote" text NOT NULL,
	"bloco" text,
	"largura_mm" integer NOT NULL,
	"altura_mm" integer NOT NULL,
	"espessura_mm" integer NOT NULL,
	"formato" text DEFAULT 'retangulo' NOT NULL,
	"recorte_largura_mm" integer,
	"recorte_altura_mm" integer,
	"area_mm2" integer GENERATED ALWAYS AS (largura_mm * altura_mm - coalesce(recorte_largura_mm * recorte_altura_mm, 0)) STORED NOT NULL,
	"localizacao" text,
	"custo" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fornecedor_id" uuid,
	"data_entrada" date DEFAULT current_date NOT NULL,
	"observacoes" text,
	"origem_id" uuid,
	"status" text DEFAULT 'disponivel' NOT NULL,
	"ordem_servico_id" uuid,
	"motivo_baixa" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapas_tipo_ck" CHECK (tipo in ('chapa', 'sobra')),
	CONSTRAINT "chapas_formato_ck" CHECK (formato in ('retangulo', 'L')),
	CONSTRAINT "chapas_status_ck" CHECK (status in ('disponivel', 'reservada', 'consumida', 'baixada')),
	CONSTRAINT "chapas_codigo_ck" CHECK (codigo <> '' and length(codigo) <= 60),
	CONSTRAINT "chapas_medidas_ck" CHECK (largura_mm between 100 and 5000 and altura_mm between 100 and 5000),
	CONSTRAINT "chapas_espessura_ck" CHECK (espessura_mm between 10 and 100),
	CONSTRAINT "chapas_recorte_ck" CHECK ((formato = 'retangulo' and recorte_largura_mm is null and recorte_altura_mm is null) or (formato = 'L' and recorte_largura_mm > 0 and recorte_largura_mm < largura_mm and recorte_altura_mm > 0 and recorte_altura_mm < altura_mm)),
	CONSTRAINT "chapas_custo_ck" CHECK (custo >= 0),
	CONSTRAINT "chapas_origem_ck" CHECK ((tipo = 'sobra') or origem_id is null),
	CONSTRAINT "chapas_os_ck" CHECK ((status in ('reservada', 'consumida')) = (ordem_servico_id is not null)),
	CONSTRAINT "chapas_baixa_ck" CHECK (status <> 'baixada' or motivo_baixa is not null)
);
--> statement-breakpoint
ALTER TABLE "usuario_permissoes" DROP CONSTRAINT "usuario_permissoes_ck";--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "fator_sobra" numeric(5, 2) DEFAULT '50' NOT NULL;--> statement-breakpoint
ALTER TABLE "chapa_consumos" ADD CONSTRAINT "chapa_consumos_chapa_id_chapas_id_fk" FOREIGN KEY ("chapa_id") REFERENCES "public"."chapas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapa_consumos" ADD CONSTRAINT "chapa_consumos_ordem_servico_id_ordens_servico_id_fk" FOREIGN KEY ("ordem_servico_id") REFERENCES "public"."ordens_servico"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapas" ADD CONSTRAINT "chapas_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapas" ADD CONSTRAINT "chapas_fornecedor_id_fornecedores_id_fk" FOREIGN KEY ("fornecedor_id") REFERENCES "public"."fornecedores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapas" ADD CONSTRAINT "chapas_origem_id_chapas_id_fk" FOREIGN KEY ("origem_id") REFERENCES "public"."chapas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapas" ADD CONSTRAINT "chapas_ordem_servico_id_ordens_servico_id_fk" FOREIGN KEY ("ordem_servico_id") REFERENCES "public"."ordens_servico"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapa_consumos_os_idx" ON "chapa_consumos" USING btree ("ordem_servico_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chapas_codigo_uq" ON "chapas" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "chapas_created_idx" ON "chapas" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chapas_produto_status_idx" ON "chapas" USING btree ("produto_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chapas_status_created_idx" ON "chapas" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chapas_lote_idx" ON "chapas" USING btree ("lote","codigo");--> statement-breakpoint
CREATE INDEX "chapas_os_idx" ON "chapas" USING btree ("ordem_servico_id") WHERE "chapas"."ordem_servico_id" is not null;--> statement-breakpoint
CREATE INDEX "chapas_origem_idx" ON "chapas" USING btree ("origem_id") WHERE "chapas"."origem_id" is not null;--> statement-breakpoint
CREATE INDEX "chapas_fornecedor_idx" ON "chapas" USING btree ("fornecedor_id");--> statement-breakpoint
CREATE INDEX "chapas_codigo_trgm" ON "chapas" USING gin ("codigo" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chapas_localizacao_trgm" ON "chapas" USING gin ("localizacao" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chapas_cabe_idx" ON "chapas" USING btree ("produto_id",greatest(largura_mm, altura_mm),least(largura_mm, altura_mm)) WHERE "chapas"."status" = 'disponivel';--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_fator_sobra_ck" CHECK (fator_sobra between 0 and 100);--> statement-breakpoint
ALTER TABLE "usuario_permissoes" ADD CONSTRAINT "usuario_permissoes_ck" CHECK (permissao in ('dashboard', 'orcamentos', 'vendas', 'clientes', 'arquitetos', 'vendedores', 'produtos', 'fornecedores', 'funcionarios', 'despesas', 'cartoes', 'usuarios', 'financeiro', 'producao', 'configuracoes', 'estoque'));