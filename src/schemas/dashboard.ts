import { z } from './z';

/** `GET /api/dashboard` (api.md), shared by the server's query, the dashboard screen and the OpenAPI document. */
export const orcamentoRecenteSchema = z.object({
  id: z.string(),
  numero: z.number(),
  cliente_nome: z.string().nullable(),
  valor_total: z.number(),
  status: z.string(),
  created_at: z.string(),
});
export type OrcamentoRecente = z.infer<typeof orcamentoRecenteSchema>;

export const dashboardSchema = z.object({
  /** Σ valor_liquido of the sales dated this month (business time zone). */
  faturamento_mensal: z.number(),
  orcamentos_pendentes: z.number(),
  clientes_ativos: z.number(),
  produtos_cadastrados: z.number(),
  /** Σ valor of the expenses due this month. */
  despesas_mes: z.number(),
  /** faturamento_mensal − despesas_mes. */
  lucro_mensal: z.number(),
  /** Still owed on the instalments due this month (Contas a receber). */
  a_receber_mes: z.number(),
  /** Still owed on the instalments due before today. */
  em_atraso: z.number(),
  /** NF-e authorised this month (business time zone) and not cancelled: how many, Σ their value. */
  nfe_autorizadas_mes: z.object({ quantidade: z.number(), valor: z.number() }),
  /** The latest 4 quotes. */
  orcamentos_recentes: z.array(orcamentoRecenteSchema),
  /** The last 12 months, oldest first, the current one last; mes is 'YYYY-MM'; recebido = payments dated then. */
  serie_12_meses: z.array(
    z.object({ mes: z.string(), faturamento: z.number(), despesas: z.number(), recebido: z.number() }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
