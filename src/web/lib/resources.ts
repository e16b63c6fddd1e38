import type { AnswerOf, BodyOf, client, ListRow, RecordOf } from './client';

/**
 * The shapes the screens read, named once and taken from the server's routes (the typed client's
 * answers), never written by hand: when a route's answer changes, the screens that read it stop
 * compiling. `ListRow` is a row of a list page, `RecordOf` what `GET /:id` answers.
 */
type Api = typeof client;

export type Cliente = ListRow<Api['clientes']>;
export type Fornecedor = ListRow<Api['fornecedores']>;
export type Funcionario = ListRow<Api['funcionarios']>;
export type FuncionariosResumo = AnswerOf<Api['funcionarios']['resumo']>;
export type Comissionado = ListRow<Api['vendedores']> | ListRow<Api['arquitetos']>;
export type Vendedor = ListRow<Api['vendedores']>;
export type Arquiteto = ListRow<Api['arquitetos']>;
export type Cartao = ListRow<Api['cartoes']>;
export type CartaoOpcao = AnswerOf<Api['cartoes']['opcoes']>[number];
export type CartoesEstatisticas = AnswerOf<Api['cartoes']['estatisticas']>;
export type CategoriaProduto = ListRow<Api['categorias-produtos']>;
export type ItemVenda = ListRow<Api['itens-venda']>;
export type Produto = ListRow<Api['produtos']>;
export type Movimentacao = ListRow<Api['caixa']['movimentacoes']>;
export type CaixaResumo = AnswerOf<Api['caixa']>;
/** What the sale of a quote would record (`GET /api/orcamentos/:id/venda/previa`). */
export type VendaPrevia = AnswerOf<Api['orcamentos'][':id']['venda']['previa']>;
export type Despesa = ListRow<Api['despesas']>;
export type DespesasPage = AnswerOf<Api['despesas']>;
export type DespesasRelatorio = AnswerOf<Api['despesas']['relatorio']>;
export type Venda = RecordOf<Api['vendas']>;
export type VendaLinha = ListRow<Api['vendas']>;
export type VendasEstatisticas = AnswerOf<Api['vendas']['estatisticas']>;
export type Usuario = ListRow<Api['usuarios']>;
export type AuditoriaRegistro = ListRow<Api['auditoria']>;
export type Empresa = AnswerOf<Api['empresa']>;
export type OrcamentoLinha = ListRow<Api['orcamentos']>;
export type OrcamentoDetalhe = RecordOf<Api['orcamentos']>;
export type OrcamentoItemDetalhe = OrcamentoDetalhe['itens'][number];
export type OrcamentoCalculo = BodyOf<Awaited<ReturnType<Api['orcamentos']['calcular']['$post']>>>;
export type OrcamentoLadoCliente = AnswerOf<Api['orcamentos'][':id']['cliente']>;
export type Chapa = ListRow<Api['chapas']>;
export type ChapasResumo = AnswerOf<Api['chapas']['resumo']>;
export type ChapasDaOs = AnswerOf<Api['ordens-servico'][':id']['chapas']>;
export type NotaFiscal = ListRow<Api['notas-fiscais']>;
