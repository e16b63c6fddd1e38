import { isoDate, listQuery, moneyInput, optionalText, percentInput, uuid, versionField } from './common';
import { STATUS_ORCAMENTO, TIPO_VENDA_LABEL, TIPOS_VENDA } from './enums';
import { z } from './z';

export { STATUS_ORCAMENTO, TIPO_VENDA_LABEL, TIPOS_VENDA };

// The spec's messages for saving a quote (doc 1 §5), shown in the "Erro ao salvar orçamento" toast.
export const MSG_CLIENTE = 'Selecione um cliente.';
export const MSG_SEM_ITENS = 'Adicione pelo menos um item ao orçamento.';
export const MSG_ITEM_INVALIDO = 'Todos os itens devem ter produto selecionado e quantidade maior que zero.';

export type TipoVenda = (typeof TIPOS_VENDA)[number];

export type StatusOrcamento = (typeof STATUS_ORCAMENTO)[number];

/** '' and null mean "none chosen" for an optional link (a select left empty). */
const optionalId = z.preprocess((v) => (v === '' ? null : v), uuid.nullish()).transform((v) => v ?? null);

/** A decimal input (number or numeric string); what cannot be parsed is a 400, never NaN. */
const decimal = (opts: { scale: number; max: number; message: string }) =>
  z.union([z.number(), z.string().trim()], { message: opts.message }).transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.replace(',', '.');
    const re = new RegExp(`^\\d{1,9}(\\.\\d{1,${opts.scale}})?$`);
    if (!re.test(s) || Number(s) > opts.max) {
      ctx.addIssue({ code: 'custom', message: opts.message });
      return z.NEVER;
    }
    return s;
  });

const medida = decimal({ scale: 3, max: 1_000_000, message: 'Medida inválida.' }).nullish();

/**
 * One line of the editor. Product and quantity are checked by the quote (one message for any line),
 * so they are loose here: calcular prices a half-filled line as 0.
 */
export const orcamentoItemInput = z.object({
  item_venda_id: optionalId,
  produto_id: optionalId,
  quantidade: z
    .union([z.number(), z.string().trim()])
    .nullish()
    .transform((v) => {
      const n = typeof v === 'string' ? Number(v.replace(',', '.')) : (v ?? 0);
      return Number.isFinite(n) ? n : 0;
    }),
  medida1: medida,
  medida2: medida,
});
export type OrcamentoItemInput = z.input<typeof orcamentoItemInput>;

/** Positive, at most 2 decimals (the column's scale), within the column's range. */
const quantidadeValida = (q: number) => q > 0 && q <= 1_000_000 && /^\d+(\.\d{1,2})?$/.test(String(q));

// Field order matters: the first problem's message is the toast's, in the spec's order
// (client, then items, then the lines).
const orcamentoFields = {
  cliente_id: optionalId,
  itens: z.array(orcamentoItemInput).max(200, 'Um orçamento aceita no máximo 200 itens.').default([]),
  vendedor_id: optionalId,
  arquiteto_id: optionalId,
  funcionario_ids: z
    .array(uuid)
    .max(200)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  valor_frete: moneyInput().default('0'),
  valor_instalacao: moneyInput().default('0'),
  horas_trabalho: decimal({ scale: 2, max: 100_000, message: 'Horas de trabalho inválidas.' }).default('0'),
  margem_lucro: percentInput({ max: 1000 }).default('30'),
  tipo_venda: z.enum(TIPOS_VENDA, { message: 'Tipo de venda inválido.' }).default('avista'),
  valor_entrada: moneyInput().default('0'),
  numero_parcelas: z.coerce
    .number()
    .int('Número de parcelas inválido.')
    .min(1, 'O número de parcelas deve ser de 1 a 12.')
    .max(12, 'O número de parcelas deve ser de 1 a 12.')
    .default(1),
  cartao_id: optionalId,
  observacoes: optionalText(5000),
  validade: z
    .preprocess((v) => (v === '' ? null : v), isoDate('Validade inválida.').nullish())
    .transform((v) => v ?? null),
};

/**
 * Sale type, entry and installments agree with each other: only `entrada` has a down payment and
 * only `parcelado`/`entrada` have more than one installment.
 */
function normalizePayment<
  T extends { tipo_venda: TipoVenda; valor_entrada: string; numero_parcelas: number },
>(v: T): T {
  return {
    ...v,
    valor_entrada: v.tipo_venda === 'entrada' ? v.valor_entrada : '0',
    numero_parcelas: v.tipo_venda === 'avista' ? 1 : v.numero_parcelas,
  };
}

/** Body of `POST /api/orcamentos/calcular`: a quote being typed; missing pieces count as nothing. */
export const orcamentoCalculo = z.object(orcamentoFields).transform(normalizePayment);
export type OrcamentoCalculo = z.output<typeof orcamentoCalculo>;

function checkQuote(
  v: { cliente_id: string | null; itens: { produto_id: string | null; quantidade: number }[] },
  ctx: z.RefinementCtx,
) {
  if (!v.cliente_id) ctx.addIssue({ code: 'custom', path: ['cliente_id'], message: MSG_CLIENTE });
  if (v.itens.length === 0) ctx.addIssue({ code: 'custom', path: ['itens'], message: MSG_SEM_ITENS });
  const bad = v.itens.findIndex((i) => !i.produto_id || !quantidadeValida(i.quantidade));
  if (bad >= 0) ctx.addIssue({ code: 'custom', path: ['itens', bad], message: MSG_ITEM_INVALIDO });
}

/** Body of `POST /api/orcamentos`. */
export const orcamentoCreate = z.object(orcamentoFields).superRefine(checkQuote).transform(normalizePayment);
export type OrcamentoCreate = z.output<typeof orcamentoCreate>;

/** Body of `PUT /api/orcamentos/:id`: the whole quote again, with the `updated_at` it was read with. */
export const orcamentoUpdate = z
  .object({ ...orcamentoFields, ...versionField })
  .superRefine(checkQuote)
  .transform(normalizePayment);

export const orcamentoListQuery = listQuery.extend({
  status: z.enum(STATUS_ORCAMENTO, { message: 'Status inválido.' }).optional(),
});

// ── Answers (what the web reads)

export interface ResumoOrcamento {
  materiais: number;
  custo_hora_funcionarios: number;
  custo_hora_despesas: number;
  custo_hora: number;
  mao_de_obra: number;
  subtotal: number;
  margem: number;
  subtotal_com_margem: number;
  taxa_cartao_percentual: number;
  valor_taxa_cartao: number;
  comissao_vendedor: number;
  comissao_arquiteto: number;
  total: number;
  /** The percentages the commissions used (0 when nobody was chosen). */
  percentual_vendedor: number;
  percentual_arquiteto: number;
}

/** `POST /calcular`: the summary plus each line's figures, in the order sent. */
export interface CalculoOrcamento extends ResumoOrcamento {
  /** The inputs the figures were computed from, so the summary shows one consistent snapshot. */
  valor_frete: number;
  valor_instalacao: number;
  horas_trabalho: number;
  margem_lucro: number;
  itens: { area: number; valor_unitario: number; valor_total: number; tipo_unidade: 'm²' | 'unitário' }[];
}

export interface OrcamentoListItem {
  id: string;
  numero: number;
  cliente_id: string;
  cliente_nome: string | null;
  vendedor_id: string | null;
  vendedor_nome: string | null;
  arquiteto_id: string | null;
  arquiteto_nome: string | null;
  cartao_id: string | null;
  cartao_bandeira: string | null;
  cartao_tipo: string | null;
  valor_total: number;
  status: string;
  tipo_venda: TipoVenda;
  valor_entrada: number;
  numero_parcelas: number;
  validade: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrcamentoItemDetalhe {
  id: string;
  posicao: number;
  produto_id: string;
  produto_nome: string | null;
  item_venda_id: string | null;
  item_venda_nome: string | null;
  formato_medida: string | null;
  tipo_unidade: 'm²' | 'unitário';
  quantidade: number;
  valor_unitario: number;
  valor_total: number;
  medida1: number | null;
  medida2: number | null;
  area: number | null;
  /** Customer-facing figures: the extras spread over the m² lines (details and printout). */
  valor_unitario_exibido: number;
  valor_total_exibido: number;
}

export interface OrcamentoDetalhe extends OrcamentoListItem {
  valor_frete: number;
  valor_instalacao: number;
  custo_hora: number;
  horas_trabalho: number;
  margem_lucro: number;
  observacoes: string | null;
  cliente: {
    nome: string;
    tipo: string;
    cpf_cnpj: string | null;
    telefone: string | null;
    email: string | null;
    endereco: string | null;
    cidade: string | null;
    uf: string | null;
    cep: string | null;
  } | null;
  funcionario_ids: string[];
  funcionarios: { id: string; nome: string; cargo: string }[];
  itens: OrcamentoItemDetalhe[];
  /** Extras shown as one line when no m² line can carry them. */
  custos_adicionais: number;
  resumo: ResumoOrcamento;
}

export interface Empresa {
  nome: string;
  endereco: string;
  telefone: string;
  cnpj: string;
}
