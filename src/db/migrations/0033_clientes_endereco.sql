ALTER TABLE "clientes" ADD COLUMN "numero" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "bairro" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "complemento" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_numero_ck" CHECK (numero is null or length(numero) <= 20);--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_bairro_ck" CHECK (bairro is null or length(bairro) <= 60);--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_complemento_ck" CHECK (complemento is null or length(complemento) <= 60);