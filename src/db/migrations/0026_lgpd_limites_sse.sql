-- The public page's finished request counters, pruned a few at a time by each public request
-- (db/queries/orcamento-cliente.ts, contarRequisicao): an address or token seen once leaves no row forever.
CREATE INDEX "login_limites_publico_idx" ON "login_limites" USING btree ("atualizado_em") WHERE chave like 'pub-%';
