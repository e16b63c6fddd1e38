CREATE TABLE "chaves_idempotencia" (
	"usuario_id" uuid NOT NULL,
	"metodo" text NOT NULL,
	"caminho" text NOT NULL,
	"chave" text NOT NULL,
	"hash_corpo" text NOT NULL,
	"status" integer,
	"content_type" text,
	"resposta" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chaves_idempotencia_usuario_id_metodo_caminho_chave_pk" PRIMARY KEY("usuario_id","metodo","caminho","chave")
);
--> statement-breakpoint
ALTER TABLE "chaves_idempotencia" ADD CONSTRAINT "chaves_idempotencia_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chaves_idempotencia_created_idx" ON "chaves_idempotencia" USING btree ("created_at");