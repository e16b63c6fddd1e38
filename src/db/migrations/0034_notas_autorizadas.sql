-- The dashboard's month of authorised NF-e (issue 30): count and Σ valor_total over a month of
-- autorizada_em, read from this index alone (an index-only scan of the month's range). The table's rows
-- carry the DANFE and the XML, which a scan of the table would drag along. Drizzle's schema cannot
-- declare INCLUDE, so the index lives here.
CREATE INDEX IF NOT EXISTS "notas_fiscais_autorizadas_idx" ON "notas_fiscais" ("autorizada_em")
  INCLUDE ("valor_total")
  WHERE "status" = 'autorizada';
