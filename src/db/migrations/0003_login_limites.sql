CREATE TABLE "login_limites" (
	"chave" text PRIMARY KEY NOT NULL,
	"falhas" integer DEFAULT 0 NOT NULL,
	"janela_inicio" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"bloqueado_ate" timestamp (3) with time zone,
	"atualizado_em" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_tentativas" CASCADE;