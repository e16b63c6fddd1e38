ALTER TABLE "usuario_permissoes" DROP CONSTRAINT "usuario_permissoes_ck";--> statement-breakpoint
ALTER TABLE "usuario_permissoes" ADD CONSTRAINT "usuario_permissoes_ck" CHECK (permissao in ('dashboard', 'orcamentos', 'vendas', 'clientes', 'arquitetos', 'vendedores', 'produtos', 'fornecedores', 'funcionarios', 'despesas', 'cartoes', 'usuarios', 'financeiro', 'producao', 'configuracoes'));--> statement-breakpoint
-- The new screens (Recebimentos, Produção/Agenda, Empresa) are held by administrators by default.
INSERT INTO "usuario_permissoes" ("usuario_id", "permissao")
SELECT u."id", p.permissao FROM "usuarios" u
CROSS JOIN (VALUES ('financeiro'), ('producao'), ('configuracoes')) AS p(permissao)
WHERE u."role" = 'admin'
ON CONFLICT DO NOTHING;
