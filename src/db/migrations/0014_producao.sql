CREATE TABLE "ordens_servico" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero" integer GENERATED ALWAYS AS IDENTITY (sequence name "ordens_servico_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"venda_id" uuid,
	"venda_numero" integer,
	"orcamento_id" uuid,
	"cliente_id" uuid NOT NULL,
	"endereco" text,
	"cidade" text,
	"uf" text,
	"cep" text,
	"status" text DEFAULT 'aberta' NOT NULL,
	"motivo_cancelamento" text,
	"etapa_atual" text,
	"etapas_concluidas" integer DEFAULT 0 NOT NULL,
	"etapas_total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ordens_servico_status_ck" CHECK (status in ('aberta', 'concluida', 'cancelada')),
	CONSTRAINT "ordens_servico_etapa_ck" CHECK (etapa_atual is null or etapa_atual in ('medicao', 'corte', 'acabamento', 'instalacao', 'entrega')),
	CONSTRAINT "ordens_servico_uf_ck" CHECK (uf is null or length(uf) <= 2)
);
--> statement-breakpoint
CREATE TABLE "os_etapa_funcionarios" (
	"etapa_id" uuid NOT NULL,
	"funcionario_id" uuid NOT NULL,
	CONSTRAINT "os_etapa_funcionarios_etapa_id_funcionario_id_pk" PRIMARY KEY("etapa_id","funcionario_id")
);
--> statement-breakpoint
CREATE TABLE "os_etapas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"os_id" uuid NOT NULL,
	"etapa" text NOT NULL,
	"ordem" integer NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"inicio" timestamp (3) with time zone,
	"fim" timestamp (3) with time zone,
	"iniciada_em" timestamp (3) with time zone,
	"iniciada_por" uuid,
	"concluida_em" timestamp (3) with time zone,
	"concluida_por" uuid,
	"notas" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "os_etapas_etapa_ck" CHECK (etapa in ('medicao', 'corte', 'acabamento', 'instalacao', 'entrega')),
	CONSTRAINT "os_etapas_status_ck" CHECK (status in ('pendente', 'agendada', 'em_andamento', 'concluida')),
	CONSTRAINT "os_etapas_periodo_ck" CHECK ((inicio is null) = (fim is null) and (fim is null or fim > inicio)),
	CONSTRAINT "os_etapas_notas_ck" CHECK (notas is null or length(notas) <= 4000)
);
--> statement-breakpoint
CREATE TABLE "os_fotos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"os_id" uuid NOT NULL,
	"etapa_id" uuid,
	"tipo" text DEFAULT 'foto' NOT NULL,
	"mime" text NOT NULL,
	"tamanho" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "os_fotos_tipo_ck" CHECK (tipo in ('foto', 'assinatura')),
	CONSTRAINT "os_fotos_mime_ck" CHECK (mime in ('image/jpeg', 'image/png'))
);
--> statement-breakpoint
CREATE TABLE "producao_config" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"etapas" text[] DEFAULT array['medicao','corte','acabamento','instalacao','entrega'] NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "producao_config_um_ck" CHECK (id),
	CONSTRAINT "producao_config_etapas_ck" CHECK (cardinality(etapas) >= 1 and etapas <@ array['medicao','corte','acabamento','instalacao','entrega'])
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "funcionario_id" uuid;--> statement-breakpoint
ALTER TABLE "ordens_servico" ADD CONSTRAINT "ordens_servico_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_servico" ADD CONSTRAINT "ordens_servico_orcamento_id_orcamentos_id_fk" FOREIGN KEY ("orcamento_id") REFERENCES "public"."orcamentos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_servico" ADD CONSTRAINT "ordens_servico_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_etapa_funcionarios" ADD CONSTRAINT "os_etapa_funcionarios_etapa_id_os_etapas_id_fk" FOREIGN KEY ("etapa_id") REFERENCES "public"."os_etapas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_etapa_funcionarios" ADD CONSTRAINT "os_etapa_funcionarios_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_etapas" ADD CONSTRAINT "os_etapas_os_id_ordens_servico_id_fk" FOREIGN KEY ("os_id") REFERENCES "public"."ordens_servico"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_etapas" ADD CONSTRAINT "os_etapas_iniciada_por_usuarios_id_fk" FOREIGN KEY ("iniciada_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_etapas" ADD CONSTRAINT "os_etapas_concluida_por_usuarios_id_fk" FOREIGN KEY ("concluida_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_fotos" ADD CONSTRAINT "os_fotos_os_id_ordens_servico_id_fk" FOREIGN KEY ("os_id") REFERENCES "public"."ordens_servico"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_fotos" ADD CONSTRAINT "os_fotos_etapa_id_os_etapas_id_fk" FOREIGN KEY ("etapa_id") REFERENCES "public"."os_etapas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_fotos" ADD CONSTRAINT "os_fotos_created_by_usuarios_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ordens_servico_numero_uq" ON "ordens_servico" USING btree ("numero");--> statement-breakpoint
CREATE UNIQUE INDEX "ordens_servico_venda_uq" ON "ordens_servico" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "ordens_servico_created_idx" ON "ordens_servico" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ordens_servico_status_created_idx" ON "ordens_servico" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ordens_servico_etapa_created_idx" ON "ordens_servico" USING btree ("etapa_atual","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ordens_servico_cliente_idx" ON "ordens_servico" USING btree ("cliente_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ordens_servico_orcamento_idx" ON "ordens_servico" USING btree ("orcamento_id");--> statement-breakpoint
CREATE INDEX "os_etapa_funcionarios_func_idx" ON "os_etapa_funcionarios" USING btree ("funcionario_id","etapa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "os_etapas_os_etapa_uq" ON "os_etapas" USING btree ("os_id","etapa");--> statement-breakpoint
CREATE INDEX "os_etapas_os_idx" ON "os_etapas" USING btree ("os_id","ordem");--> statement-breakpoint
CREATE INDEX "os_etapas_periodo_idx" ON "os_etapas" USING gist (tstzrange("inicio", "fim", '[)')) WHERE "os_etapas"."inicio" is not null;--> statement-breakpoint
CREATE INDEX "os_etapas_atraso_idx" ON "os_etapas" USING btree ("fim") WHERE "os_etapas"."status" <> 'concluida' and "os_etapas"."fim" is not null;--> statement-breakpoint
CREATE INDEX "os_fotos_os_idx" ON "os_fotos" USING btree ("os_id","created_at");--> statement-breakpoint
CREATE INDEX "os_fotos_etapa_idx" ON "os_fotos" USING btree ("etapa_id");--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_funcionario_uq" ON "usuarios" USING btree ("funcionario_id");