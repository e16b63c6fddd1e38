ALTER TABLE "clientes" ADD COLUMN "inscricao_estadual" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "ie_isento" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "municipio_ibge" text;--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "regime_tributario" text;--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "inscricao_estadual" text;--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "inscricao_municipal" text;--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "municipio_ibge" text;--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "nfe_serie" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "nfe_proximo_numero" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "fiscal_provedor" text;--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "fiscal_ambiente" text DEFAULT 'homologacao' NOT NULL;--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "fiscal_credenciais" text;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "ncm" text;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "cfop" text;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "csosn" text;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "cst" text;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "origem" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "unidade_comercial" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_ie_ck" CHECK (not (ie_isento and inscricao_estadual is not null));--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_municipio_ibge_ck" CHECK (municipio_ibge is null or municipio_ibge ~ '^[0-9]{7}$');--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_regime_tributario_ck" CHECK (regime_tributario is null or regime_tributario in ('simples_nacional', 'simples_excesso', 'lucro_presumido', 'lucro_real'));--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_municipio_ibge_ck" CHECK (municipio_ibge is null or municipio_ibge ~ '^[0-9]{7}$');--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_nfe_serie_ck" CHECK (nfe_serie between 1 and 999);--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_nfe_proximo_numero_ck" CHECK (nfe_proximo_numero >= 1);--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_fiscal_provedor_ck" CHECK (fiscal_provedor is null or fiscal_provedor in ('nfeio'));--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_fiscal_ambiente_ck" CHECK (fiscal_ambiente in ('homologacao', 'producao'));--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_ncm_ck" CHECK (ncm is null or ncm ~ '^[0-9]{8}$');--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_cfop_ck" CHECK (cfop is null or cfop ~ '^[1-7][0-9]{3}$');--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_csosn_ck" CHECK (csosn is null or csosn ~ '^[0-9]{3}$');--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_cst_ck" CHECK (cst is null or cst ~ '^[0-9]{2}$');--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_origem_ck" CHECK (origem between 0 and 8);--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_unidade_comercial_ck" CHECK (unidade_comercial is null or unidade_comercial in ('M2', 'UN', 'ML'));