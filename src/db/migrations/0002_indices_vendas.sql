DROP INDEX "vendas_data_idx";--> statement-breakpoint
CREATE INDEX "vendas_comissao_vendedor_idx" ON "vendas" USING btree ("data_venda","numero") WHERE comissao_vendedor > 0 and status <> 'cancelada';--> statement-breakpoint
CREATE INDEX "vendas_comissao_arquiteto_idx" ON "vendas" USING btree ("data_venda","numero") WHERE comissao_arquiteto > 0 and status <> 'cancelada';--> statement-breakpoint
CREATE INDEX "vendas_data_idx" ON "vendas" USING btree ("data_venda","numero");