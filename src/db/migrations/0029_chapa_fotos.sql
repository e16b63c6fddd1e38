CREATE TABLE "chapa_fotos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapa_id" uuid NOT NULL,
	"mime" text NOT NULL,
	"tamanho" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapa_fotos_mime_ck" CHECK (mime in ('image/jpeg', 'image/png'))
);
--> statement-breakpoint
ALTER TABLE "chapa_fotos" ADD CONSTRAINT "chapa_fotos_chapa_id_chapas_id_fk" FOREIGN KEY ("chapa_id") REFERENCES "public"."chapas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapa_fotos" ADD CONSTRAINT "chapa_fotos_created_by_usuarios_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapa_fotos_chapa_idx" ON "chapa_fotos" USING btree ("chapa_id","created_at");
