-- Issue 14: the piece catalogues join the audit trail (migration auditoria_sql).
select lavra_auditar('acabamentos');
--> statement-breakpoint
select lavra_auditar('recortes');
