CREATE TABLE "app_config" (
	"chave" text PRIMARY KEY NOT NULL,
	"valor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "arquitetos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"tipo" text DEFAULT 'Pessoa Física' NOT NULL,
	"cpf" text,
	"email" text,
	"telefone" text,
	"endereco" text,
	"cidade" text,
	"uf" text,
	"cep" text,
	"percentual_comissao" numeric(7, 3) DEFAULT '10' NOT NULL,
	"status" text DEFAULT 'ativo' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arquitetos_tipo_ck" CHECK (tipo in ('Pessoa Física', 'Pessoa Jurídica')),
	CONSTRAINT "arquitetos_status_ck" CHECK (status in ('ativo', 'inativo')),
	CONSTRAINT "arquitetos_pct_ck" CHECK (percentual_comissao between 0 and 100),
	CONSTRAINT "arquitetos_uf_ck" CHECK (uf is null or length(uf) <= 2)
);
--> statement-breakpoint
CREATE TABLE "auth_account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp (3) with time zone,
	"refresh_token_expires_at" timestamp (3) with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "auth_session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "auth_verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caixa_inicial" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cartoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bandeira" text NOT NULL,
	"tipo" text NOT NULL,
	"taxa" numeric(7, 3),
	"taxa_1x" numeric(7, 3),
	"taxa_2x" numeric(7, 3),
	"taxa_3x" numeric(7, 3),
	"taxa_4x" numeric(7, 3),
	"taxa_5x" numeric(7, 3),
	"taxa_6x" numeric(7, 3),
	"taxa_7x" numeric(7, 3),
	"taxa_8x" numeric(7, 3),
	"taxa_9x" numeric(7, 3),
	"taxa_10x" numeric(7, 3),
	"taxa_11x" numeric(7, 3),
	"taxa_12x" numeric(7, 3),
	"status" text DEFAULT 'Ativo' NOT NULL,
	"observacoes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cartoes_bandeira_ck" CHECK (bandeira in ('Pix', 'Dinheiro', 'Cartão')),
	CONSTRAINT "cartoes_tipo_ck" CHECK (tipo in ('Débito', 'Crédito')),
	CONSTRAINT "cartoes_status_ck" CHECK (status in ('Ativo', 'Inativo'))
);
--> statement-breakpoint
CREATE TABLE "categorias_produtos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"ativa" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categorias_produtos_nome_unique" UNIQUE("nome"),
	CONSTRAINT "categorias_nome_ck" CHECK (nome = lower(btrim(nome)) and nome <> '')
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"tipo" text DEFAULT 'Pessoa Física' NOT NULL,
	"cpf_cnpj" text,
	"email" text,
	"telefone" text,
	"endereco" text,
	"cidade" text,
	"uf" text,
	"cep" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clientes_tipo_ck" CHECK (tipo in ('Pessoa Física', 'Pessoa Jurídica')),
	CONSTRAINT "clientes_uf_ck" CHECK (uf is null or length(uf) <= 2)
);
--> statement-breakpoint
CREATE TABLE "despesas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"descricao" text NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"tipo" text DEFAULT 'avulso' NOT NULL,
	"data_vencimento" date NOT NULL,
	"parcelas" integer DEFAULT 1 NOT NULL,
	"parcela_atual" integer DEFAULT 1 NOT NULL,
	"observacoes" text,
	"status" text DEFAULT 'pendente' NOT NULL,
	"serie_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "despesas_tipo_ck" CHECK (tipo in ('avulso', 'mensal', 'parcelada')),
	CONSTRAINT "despesas_status_ck" CHECK (status in ('pendente', 'paga')),
	CONSTRAINT "despesas_valor_ck" CHECK (valor >= 0),
	CONSTRAINT "despesas_parcelas_ck" CHECK (parcelas between 1 and 60 and parcela_atual between 1 and parcelas)
);
--> statement-breakpoint
CREATE TABLE "fornecedores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"cnpj" text,
	"contato" text,
	"email" text,
	"telefone" text,
	"endereco" text,
	"cidade" text,
	"uf" text,
	"cep" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fornecedores_uf_ck" CHECK (uf is null or length(uf) <= 2)
);
--> statement-breakpoint
CREATE TABLE "funcionarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"cpf" text,
	"cargo" text NOT NULL,
	"telefone" text,
	"email" text,
	"salario" numeric(14, 2) NOT NULL,
	"horas_mensais" integer DEFAULT 220 NOT NULL,
	"data_admissao" date,
	"endereco" text,
	"status" text DEFAULT 'ativo' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funcionarios_cargo_ck" CHECK (cargo in ('Instalador Sênior', 'Instalador Júnior', 'Ajudante', 'Acabador', 'Serrador')),
	CONSTRAINT "funcionarios_status_ck" CHECK (status in ('ativo', 'inativo')),
	CONSTRAINT "funcionarios_salario_ck" CHECK (salario >= 0),
	CONSTRAINT "funcionarios_horas_ck" CHECK (horas_mensais > 0)
);
--> statement-breakpoint
CREATE TABLE "itens_vendas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"formato_medida" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "itens_vendas_formato_ck" CHECK (formato_medida in ('Largura x Profundidade', 'Largura x Altura'))
);
--> statement-breakpoint
CREATE TABLE "login_tentativas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chave" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movimentacoes_caixa" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"data" date NOT NULL,
	"tipo" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movimentacoes_tipo_ck" CHECK (tipo in ('entrada', 'saida')),
	CONSTRAINT "movimentacoes_valor_ck" CHECK (valor >= 0)
);
--> statement-breakpoint
CREATE TABLE "orcamento_funcionarios" (
	"orcamento_id" uuid NOT NULL,
	"funcionario_id" uuid NOT NULL,
	CONSTRAINT "orcamento_funcionarios_orcamento_id_funcionario_id_pk" PRIMARY KEY("orcamento_id","funcionario_id")
);
--> statement-breakpoint
CREATE TABLE "orcamento_itens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"orcamento_id" uuid NOT NULL,
	"posicao" integer DEFAULT 0 NOT NULL,
	"produto_id" uuid NOT NULL,
	"item_venda_id" uuid,
	"quantidade" numeric(12, 2) NOT NULL,
	"valor_unitario" numeric(14, 2) NOT NULL,
	"valor_total" numeric(14, 2) NOT NULL,
	"medida1" numeric(12, 3),
	"medida2" numeric(12, 3),
	"area" numeric(14, 4),
	"tipo_unidade" text DEFAULT 'm²' NOT NULL,
	CONSTRAINT "orcamento_itens_qtd_ck" CHECK (quantidade > 0),
	CONSTRAINT "orcamento_itens_tipo_unidade_ck" CHECK (tipo_unidade in ('m²', 'unitário'))
);
--> statement-breakpoint
CREATE TABLE "orcamentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero" integer GENERATED ALWAYS AS IDENTITY (sequence name "orcamentos_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cliente_id" uuid NOT NULL,
	"vendedor_id" uuid,
	"arquiteto_id" uuid,
	"cartao_id" uuid,
	"valor_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_frete" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_instalacao" numeric(14, 2) DEFAULT '0' NOT NULL,
	"custo_hora" numeric(14, 2) DEFAULT '0' NOT NULL,
	"horas_trabalho" numeric(10, 2) DEFAULT '0' NOT NULL,
	"margem_lucro" numeric(7, 3) DEFAULT '30' NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"observacoes" text,
	"tipo_venda" text DEFAULT 'avista' NOT NULL,
	"valor_entrada" numeric(14, 2) DEFAULT '0' NOT NULL,
	"numero_parcelas" integer DEFAULT 1 NOT NULL,
	"validade" date,
	"resumo" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orcamentos_status_ck" CHECK (status in ('pendente', 'aprovado', 'venda_realizada', 'rejeitado')),
	CONSTRAINT "orcamentos_tipo_venda_ck" CHECK (tipo_venda in ('avista', 'parcelado', 'entrada')),
	CONSTRAINT "orcamentos_parcelas_ck" CHECK (numero_parcelas between 1 and 12),
	CONSTRAINT "orcamentos_valores_ck" CHECK (valor_frete >= 0 and valor_instalacao >= 0 and horas_trabalho >= 0 and valor_entrada >= 0 and margem_lucro >= 0)
);
--> statement-breakpoint
CREATE TABLE "produtos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"categoria" text NOT NULL,
	"fornecedor_id" uuid,
	"valor_m2" numeric(14, 2) NOT NULL,
	"estoque" numeric(14, 3) DEFAULT '0' NOT NULL,
	"estoque_minimo" numeric(14, 3) DEFAULT '5' NOT NULL,
	"unidade" text DEFAULT 'm²' NOT NULL,
	"tipo_unidade" text DEFAULT 'm²' NOT NULL,
	"descricao" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produtos_tipo_unidade_ck" CHECK (tipo_unidade in ('m²', 'unitário')),
	CONSTRAINT "produtos_valor_ck" CHECK (valor_m2 >= 0)
);
--> statement-breakpoint
CREATE TABLE "usuario_permissoes" (
	"usuario_id" uuid NOT NULL,
	"permissao" text NOT NULL,
	CONSTRAINT "usuario_permissoes_usuario_id_permissao_pk" PRIMARY KEY("usuario_id","permissao"),
	CONSTRAINT "usuario_permissoes_ck" CHECK (permissao in ('dashboard', 'orcamentos', 'vendas', 'clientes', 'arquitetos', 'vendedores', 'produtos', 'fornecedores', 'funcionarios', 'despesas', 'cartoes', 'usuarios'))
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auth_user_id" text NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'usuario' NOT NULL,
	"status" text DEFAULT 'ativo' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuarios_auth_user_id_unique" UNIQUE("auth_user_id"),
	CONSTRAINT "usuarios_role_ck" CHECK (role in ('admin', 'usuario')),
	CONSTRAINT "usuarios_status_ck" CHECK (status in ('ativo', 'inativo'))
);
--> statement-breakpoint
CREATE TABLE "vendas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero" integer GENERATED ALWAYS AS IDENTITY (sequence name "vendas_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cliente_id" uuid NOT NULL,
	"orcamento_id" uuid,
	"vendedor_id" uuid,
	"arquiteto_id" uuid,
	"cartao_id" uuid,
	"data_venda" date NOT NULL,
	"tipo_venda" text DEFAULT 'avista' NOT NULL,
	"valor_bruto" numeric(14, 2) NOT NULL,
	"valor_entrada" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_parcelas" numeric(14, 2) DEFAULT '0' NOT NULL,
	"numero_parcelas" integer DEFAULT 1 NOT NULL,
	"taxa_cartao" numeric(9, 6) DEFAULT '0' NOT NULL,
	"valor_taxa" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_liquido" numeric(14, 2) NOT NULL,
	"comissao_vendedor" numeric(14, 2) DEFAULT '0' NOT NULL,
	"comissao_arquiteto" numeric(14, 2) DEFAULT '0' NOT NULL,
	"comissao_paga" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'confirmada' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendas_orcamento_uq" UNIQUE("orcamento_id"),
	CONSTRAINT "vendas_status_ck" CHECK (status in ('confirmada', 'paga', 'cancelada')),
	CONSTRAINT "vendas_tipo_venda_ck" CHECK (tipo_venda in ('avista', 'parcelado', 'entrada')),
	CONSTRAINT "vendas_parcelas_ck" CHECK (numero_parcelas between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "vendedores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"tipo" text DEFAULT 'Pessoa Física' NOT NULL,
	"cpf" text,
	"email" text,
	"telefone" text,
	"endereco" text,
	"cidade" text,
	"uf" text,
	"cep" text,
	"percentual_comissao" numeric(7, 3) DEFAULT '10' NOT NULL,
	"status" text DEFAULT 'ativo' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendedores_tipo_ck" CHECK (tipo in ('Pessoa Física', 'Pessoa Jurídica')),
	CONSTRAINT "vendedores_status_ck" CHECK (status in ('ativo', 'inativo')),
	CONSTRAINT "vendedores_pct_ck" CHECK (percentual_comissao between 0 and 100),
	CONSTRAINT "vendedores_uf_ck" CHECK (uf is null or length(uf) <= 2)
);
--> statement-breakpoint
ALTER TABLE "auth_account" ADD CONSTRAINT "auth_account_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_funcionarios" ADD CONSTRAINT "orcamento_funcionarios_orcamento_id_orcamentos_id_fk" FOREIGN KEY ("orcamento_id") REFERENCES "public"."orcamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_funcionarios" ADD CONSTRAINT "orcamento_funcionarios_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_itens" ADD CONSTRAINT "orcamento_itens_orcamento_id_orcamentos_id_fk" FOREIGN KEY ("orcamento_id") REFERENCES "public"."orcamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_itens" ADD CONSTRAINT "orcamento_itens_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_itens" ADD CONSTRAINT "orcamento_itens_item_venda_id_itens_vendas_id_fk" FOREIGN KEY ("item_venda_id") REFERENCES "public"."itens_vendas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamentos" ADD CONSTRAINT "orcamentos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamentos" ADD CONSTRAINT "orcamentos_vendedor_id_vendedores_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamentos" ADD CONSTRAINT "orcamentos_arquiteto_id_arquitetos_id_fk" FOREIGN KEY ("arquiteto_id") REFERENCES "public"."arquitetos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamentos" ADD CONSTRAINT "orcamentos_cartao_id_cartoes_id_fk" FOREIGN KEY ("cartao_id") REFERENCES "public"."cartoes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_categoria_categorias_produtos_nome_fk" FOREIGN KEY ("categoria") REFERENCES "public"."categorias_produtos"("nome") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_fornecedor_id_fornecedores_id_fk" FOREIGN KEY ("fornecedor_id") REFERENCES "public"."fornecedores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_permissoes" ADD CONSTRAINT "usuario_permissoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_auth_user_id_auth_user_id_fk" FOREIGN KEY ("auth_user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_orcamento_id_orcamentos_id_fk" FOREIGN KEY ("orcamento_id") REFERENCES "public"."orcamentos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_vendedor_id_vendedores_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_arquiteto_id_arquitetos_id_fk" FOREIGN KEY ("arquiteto_id") REFERENCES "public"."arquitetos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_cartao_id_cartoes_id_fk" FOREIGN KEY ("cartao_id") REFERENCES "public"."cartoes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arquitetos_created_idx" ON "arquitetos" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "arquitetos_nome_trgm" ON "arquitetos" USING gin ("nome" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "auth_account_user_idx" ON "auth_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_session_user_idx" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "caixa_inicial_created_idx" ON "caixa_inicial" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cartoes_created_idx" ON "cartoes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clientes_created_idx" ON "clientes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clientes_nome_trgm" ON "clientes" USING gin ("nome" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clientes_email_trgm" ON "clientes" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clientes_doc_idx" ON "clientes" USING btree ("cpf_cnpj");--> statement-breakpoint
CREATE INDEX "despesas_vencimento_idx" ON "despesas" USING btree ("data_vencimento");--> statement-breakpoint
CREATE INDEX "despesas_serie_idx" ON "despesas" USING btree ("serie_id","data_vencimento");--> statement-breakpoint
CREATE INDEX "despesas_created_idx" ON "despesas" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fornecedores_created_idx" ON "fornecedores" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fornecedores_nome_trgm" ON "fornecedores" USING gin ("nome" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "funcionarios_created_idx" ON "funcionarios" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "itens_vendas_nome_idx" ON "itens_vendas" USING btree ("nome");--> statement-breakpoint
CREATE INDEX "login_tentativas_chave_idx" ON "login_tentativas" USING btree ("chave","created_at");--> statement-breakpoint
CREATE INDEX "movimentacoes_data_idx" ON "movimentacoes_caixa" USING btree ("data" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "movimentacoes_tipo_idx" ON "movimentacoes_caixa" USING btree ("tipo");--> statement-breakpoint
CREATE INDEX "orcamento_funcionarios_func_idx" ON "orcamento_funcionarios" USING btree ("funcionario_id");--> statement-breakpoint
CREATE INDEX "orcamento_itens_orcamento_idx" ON "orcamento_itens" USING btree ("orcamento_id","posicao");--> statement-breakpoint
CREATE INDEX "orcamento_itens_produto_idx" ON "orcamento_itens" USING btree ("produto_id");--> statement-breakpoint
CREATE INDEX "orcamento_itens_item_venda_idx" ON "orcamento_itens" USING btree ("item_venda_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orcamentos_numero_uq" ON "orcamentos" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "orcamentos_created_idx" ON "orcamentos" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orcamentos_status_created_idx" ON "orcamentos" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orcamentos_cliente_idx" ON "orcamentos" USING btree ("cliente_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orcamentos_vendedor_idx" ON "orcamentos" USING btree ("vendedor_id");--> statement-breakpoint
CREATE INDEX "orcamentos_arquiteto_idx" ON "orcamentos" USING btree ("arquiteto_id");--> statement-breakpoint
CREATE INDEX "orcamentos_cartao_idx" ON "orcamentos" USING btree ("cartao_id");--> statement-breakpoint
CREATE INDEX "produtos_created_idx" ON "produtos" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "produtos_nome_trgm" ON "produtos" USING gin ("nome" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "produtos_fornecedor_idx" ON "produtos" USING btree ("fornecedor_id");--> statement-breakpoint
CREATE INDEX "produtos_categoria_idx" ON "produtos" USING btree ("categoria");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_uq" ON "usuarios" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "usuarios_created_idx" ON "usuarios" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "vendas_numero_uq" ON "vendas" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "vendas_created_idx" ON "vendas" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vendas_data_idx" ON "vendas" USING btree ("data_venda");--> statement-breakpoint
CREATE INDEX "vendas_vendedor_data_idx" ON "vendas" USING btree ("vendedor_id","data_venda");--> statement-breakpoint
CREATE INDEX "vendas_arquiteto_data_idx" ON "vendas" USING btree ("arquiteto_id","data_venda");--> statement-breakpoint
CREATE INDEX "vendas_cliente_idx" ON "vendas" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "vendas_cartao_idx" ON "vendas" USING btree ("cartao_id");--> statement-breakpoint
CREATE INDEX "vendedores_created_idx" ON "vendedores" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vendedores_nome_trgm" ON "vendedores" USING gin ("nome" gin_trgm_ops);