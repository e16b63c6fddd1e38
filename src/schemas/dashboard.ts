/** `GET /api/dashboard` (api.md), shared by the server's query and the dashboard screen. */
export interface OrcamentoRecente {
  id: string;
  numero: number;
  cliente_nome: string | null;
  valor_total: number;
  status: string;
  created_at: string;
}

export interface Dashboard {
  /** Σ valor_liquido of the sales dated this month (business time zone). */
  faturamento_mensal: number;
  orcamentos_pendentes: number;
  clientes_ativos: number;
  produtos_cadastrados: number;
  /** Σ valor of the expenses due this month. */
  despesas_mes: number;
  /** faturamento_mensal − despesas_mes. */
  lucro_mensal: number;
  /** The latest 4 quotes. */
  orcamentos_recentes: OrcamentoRecente[];
  /** The last 12 months, oldest first, the current one last; mes is 'YYYY-MM'. */
  serie_12_meses: { mes: string; faturamento: number; despesas: number }[];
}
