-- "Cabe uma peça de L × A" without a stone (the Estoque list's filter): the count of the slabs that fit,
-- most of the yard, read from this index alone (an index-only scan; at 50,000 slabs 16 → 8 ms). Drizzle's
-- schema cannot declare INCLUDE, so the index lives here.
CREATE INDEX IF NOT EXISTS "chapas_cabe_medidas_idx" ON "chapas" (greatest("largura_mm", "altura_mm"), least("largura_mm", "altura_mm"))
  INCLUDE ("formato", "largura_mm", "altura_mm", "recorte_largura_mm", "recorte_altura_mm")
  WHERE "status" = 'disponivel';
