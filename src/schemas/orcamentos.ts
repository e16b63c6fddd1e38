import { type Logradouro, logradouroCompleto } from '../domain/endereco';
import type { ResumoDetalhado } from '../domain/pricing';
import { perdaInput } from './catalogos-pecas';
import { isoDate, listQuery, uuid, versionField } from './common';
import {
  FAIXAS,
  LADOS_PECA,
  STATUS_ORCAMENTO,
  type StatusOrcamento,
  TIPO_VENDA_LABEL,
  TIPOS_UNIDADE,
  TIPOS_VENDA,
  type TipoVenda,
} from './enums';
import { z } from './z';

export { STATUS_ORCAMENTO, type StatusOrcamento, TIPO_VENDA_LABEL, TIPOS_VENDA, type TipoVenda };

// The spec's messages for saving a quote (doc 1 §5), shown in the "Erro ao salvar orçamento" toast.
export const MSG_CLIENTE = 'Selecione um cliente.';
export const MSG_SEM_ITENS = 'Adicione pelo menos um item ao orçamento.';
export const MSG_ITEM_INVALIDO = 'Todos os itens devem ter produto selecionado e quantidade maior que zero.';

/** '' and null mean "none chosen" for an optional link (a select left empty). */
const optionalId = z.preprocess((v) => (v === '' ? null : v), uuid.nullish()).transform((v) => v ?? null);

/**
 * The bounds of what a quote may hold (README, API notes). They are a marble workshop's, generously:
 * a slab is at most ~3.5 m and a countertop run a few metres, so a measure of 99.99 m is already far
 * beyond anything cut; 9,999 pieces of one line; a margin up to 500 %. Both the server (400 naming the
 * field) and the editor's inputs read them, so the form stops the user before the server has to.
 */
export const LIMITES = {
  medida: { min: 0, max: 99.99, casas: 2 },
  quantidade: { min: 1, max: 9999 },
  margem_lucro: { min: 0, max: 500 },
  /** Freight, installation and the down payment. */
  valor: { min: 0, max: 9_999_999.99 },
  horas_trabalho: { min: 0, max: 9999.99 },
  numero_parcelas: { min: 1, max: 12 },
  /** Every money figure of a quote fits `numeric(14,2)`. */
  figura_max: 999_999_999_999.99,
} as const;

/** Lines of a quote, and the length of its notes: both are laid out in the customer's PDF. */
export const MAX_ITENS = 100;
export const MAX_OBSERVACOES = 2000;

const fmtLimite = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 2 });

export const MSG_MEDIDA = `A medida deve ser um número de ${fmtLimite(LIMITES.medida.min)} a ${fmtLimite(LIMITES.medida.max)} m, com até 2 casas decimais.`;
/** A piece priced by the m² needs both measures: with a zero one its area and its price are zero. */
export const MSG_MEDIDA_ZERO = 'Informe as medidas da peça: um item em m² não pode ter medida nem área zero.';
export const MSG_QUANTIDADE = `A quantidade deve ser um número inteiro de ${LIMITES.quantidade.min} a ${fmtLimite(LIMITES.quantidade.max)}.`;
export const MSG_VALOR = `Informe um valor de R$ 0 a R$ ${fmtLimite(LIMITES.valor.max)}, com até 2 casas decimais.`;
export const MSG_MARGEM = `A margem de lucro deve estar entre ${LIMITES.margem_lucro.min} e ${LIMITES.margem_lucro.max} %.`;
export const MSG_HORAS = `As horas de trabalho devem estar entre 0 e ${fmtLimite(LIMITES.horas_trabalho.max)}, com até 2 casas decimais.`;
export const MSG_FIGURA =
  'O valor do orçamento passa do limite que o sistema guarda. Revise medidas, quantidades e preços.';

/**
 * A decimal input (number or numeric string) within [min, max] with at most `scale` decimals; what
 * cannot be parsed or is out of bounds is a 400 naming the field, never NaN, Infinity or a rounding.
 */
const decimal = (opts: { scale: number; min?: number; max: number; message: string }) =>
  z.union([z.number(), z.string().trim()], { message: opts.message }).transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.replace(',', '.');
    const re = new RegExp(`^-?\\d{1,9}(\\.\\d{1,${opts.scale}})?$`);
    const n = Number(s);
    if (!re.test(s) || !Number.isFinite(n) || n < (opts.min ?? 0) || n > opts.max) {
      ctx.addIssue({ code: 'custom', message: opts.message });
      return z.NEVER;
    }
    return s.startsWith('-') ? s.slice(1) : s; // only "-0" gets here
  });

// An empty measure field (null or '') counts as 0: the editor prices half-filled lines.
const medida = z.preprocess(
  (v) => (v === '' ? null : v),
  decimal({ scale: LIMITES.medida.casas, max: LIMITES.medida.max, message: MSG_MEDIDA }).nullish(),
);

/**
 * Whole pieces only: a fractional quantity would be priced on a rounded area. 0 (a line still being
 * filled) is accepted by `/calcular` and refused when saving (MSG_ITEM_INVALIDO).
 */
const quantidade = z
  .union([z.number(), z.string().trim()], { message: MSG_QUANTIDADE })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return 0;
    const n = typeof v === 'string' ? Number(v.replace(',', '.')) : v;
    if (!Number.isInteger(n) || n < 0 || n > LIMITES.quantidade.max) {
      ctx.addIssue({ code: 'custom', message: MSG_QUANTIDADE });
      return z.NEVER;
    }
    return n;
  });

export const MSG_LADO = 'Lado inválido: use frente, fundo, esquerda ou direita.';
export const MSG_QTD_RECORTE = 'A quantidade do recorte deve ser um número inteiro de 1 a 99.';

/** Cutouts of one kind per piece: a whole number from 1 to 99 (a number or numeric string). */
const quantidadeRecorte = z
  .union([z.number(), z.string().trim()], { message: MSG_QTD_RECORTE })
  .transform((v, ctx) => {
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 99) {
      ctx.addIssue({ code: 'custom', message: MSG_QTD_RECORTE });
      return z.NEVER;
    }
    return n;
  });

const lado = z.enum(LADOS_PECA, { message: MSG_LADO });

/** Issue 14, m² lines only (the route refuses them on unit lines, once it knows the product's unit). */
const pecaFields = {
  bordas: z
    .array(
      z.object({
        lado,
        acabamento_id: z.uuid({ message: 'Acabamento inválido.' }),
      }),
      { message: 'Bordas inválidas.' },
    )
    .max(LADOS_PECA.length, 'Uma peça tem no máximo 4 lados com acabamento.')
    .nullish()
    .transform((v) => v ?? []),
  recortes: z
    .array(
      z.object({
        recorte_id: z.uuid({ message: 'Recorte inválido.' }),
        quantidade: quantidadeRecorte,
      }),
      { message: 'Recortes inválidos.' },
    )
    .max(20, 'Uma peça aceita no máximo 20 recortes.')
    .nullish()
    .transform((v) => v ?? []),
  // Absent or null: the product's own loss applies.
  perda_percentual: z
    .preprocess((v) => (v === '' ? null : v), perdaInput.nullish())
    .transform((v) => v ?? null),
  /** A saia or frontão strip cut along side `lado` of line `item` (its index in `itens`). */
  faixa: z
    .object(
      {
        tipo: z.enum(FAIXAS, { message: 'Tipo de faixa inválido: use saia ou frontao.' }),
        item: z
          .number({ message: 'Informe a linha da peça de origem.' })
          .int('Informe a linha da peça de origem.')
          .min(0, 'Informe a linha da peça de origem.'),
        lado,
      },
      { message: 'Faixa inválida.' },
    )
    .nullish()
    .transform((v) => v ?? null),
};

/**
 * One line of the editor. Product and quantity are checked by the quote (one message for any line),
 * so they are loose here: calcular prices a half-filled line as 0.
 */
export const orcamentoItemInput = z.object({
  item_venda_id: optionalId,
  produto_id: optionalId,
  quantidade,
  medida1: medida,
  medida2: medida,
  ...pecaFields,
});
export type OrcamentoItemInput = z.input<typeof orcamentoItemInput>;

/** Saving needs at least one piece (the bounds themselves are checked per field). */
const quantidadeValida = (q: number) => q >= LIMITES.quantidade.min;

const valorInput = decimal({ scale: 2, max: LIMITES.valor.max, message: MSG_VALOR });

// Field order matters: the first problem's message is the toast's, in the spec's order
// (client, then items, then the lines).
const orcamentoFields = {
  cliente_id: optionalId,
  // Bounded for the PDF too: every piece with a drawing is laid out in it (200 took seconds of CPU).
  itens: z
    .array(orcamentoItemInput)
    .max(MAX_ITENS, `Um orçamento aceita no máximo ${MAX_ITENS} itens.`)
    .default([]),
  vendedor_id: optionalId,
  arquiteto_id: optionalId,
  funcionario_ids: z
    .array(uuid)
    .max(200)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  valor_frete: valorInput.default('0'),
  valor_instalacao: valorInput.default('0'),
  horas_trabalho: decimal({ scale: 2, max: LIMITES.horas_trabalho.max, message: MSG_HORAS }).default('0'),
  margem_lucro: decimal({ scale: 3, max: LIMITES.margem_lucro.max, message: MSG_MARGEM }).default('30'),
  tipo_venda: z.enum(TIPOS_VENDA, { message: 'Tipo de venda inválido.' }).default('avista'),
  valor_entrada: valorInput.default('0'),
  numero_parcelas: z.coerce
    .number()
    .int('Número de parcelas inválido.')
    .min(1, 'O número de parcelas deve ser de 1 a 12.')
    .max(12, 'O número de parcelas deve ser de 1 a 12.')
    .default(1),
  cartao_id: optionalId,
  observacoes: z
    .string()
    .trim()
    .max(MAX_OBSERVACOES, `As observações devem ter no máximo ${fmtLimite(MAX_OBSERVACOES)} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null)),
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

/** Body of `POST /api/orcamentos/:id/venda`: the version the confirmation showed (optional). */
// Optional here (older clients post no body): when given, the sale is refused with 409 if the quote
// changed since the confirmation showed it.
export const orcamentoVendaInput = z.object({ updated_at: versionField.updated_at.optional() });

export const orcamentoListQuery = listQuery.extend({
  status: z.enum(STATUS_ORCAMENTO, { message: 'Status inválido.' }).optional(),
});

// ── Answers (what the web reads)

/** The pricing's figures (domain/pricing.ts) with the split of `materiais` (issue 14: stone with its
 * loss, finished edges, cutouts), without the per-item results. */
export interface ResumoOrcamento extends Omit<ResumoDetalhado, 'itens'> {
  /** The percentages the commissions used (0 when nobody was chosen). */
  percentual_vendedor: number;
  percentual_arquiteto: number;
}

/** One chosen employee's share of the hourly cost (salary / 220). */
export interface CustoHoraFuncionario {
  id: string;
  nome: string;
  custo_hora: number;
}

/** `POST /calcular`: the summary plus each line's figures, in the order sent. */
export interface CalculoOrcamento extends ResumoOrcamento {
  /** Each active chosen employee's hourly cost; only sent to holders of `funcionarios`. */
  funcionarios_custo_hora?: CustoHoraFuncionario[];
  /** The inputs the figures were computed from, so the summary shows one consistent snapshot. */
  valor_frete: number;
  valor_instalacao: number;
  horas_trabalho: number;
  margem_lucro: number;
  itens: ({
    area: number;
    valor_unitario: number;
    valor_total: number;
    tipo_unidade: 'm²' | 'unitário';
  } & FigurasPeca)[];
}

export type Lado = (typeof LADOS_PECA)[number];
export type Faixa = { tipo: (typeof FAIXAS)[number]; item: number; lado: Lado };

/** A line's issue-14 figures (0 and no loss on unit lines and on quotes saved before them). */
export interface FigurasPeca {
  perda_percentual: number;
  valor_material: number;
  metros_borda: number;
  valor_bordas: number;
  valor_recortes: number;
}

/** A saved finished side: the finish's name and price as they were when the quote was saved. */
export interface BordaSalva {
  lado: Lado;
  acabamento_id: string;
  nome: string;
  valor_ml: number;
}

/** A saved cutout: its name and price as they were when the quote was saved. */
export interface RecorteSalvo {
  recorte_id: string;
  nome: string;
  valor: number;
  quantidade: number;
}

/** The company's address on one line ("Rua X, 10 - Cidade/UF - CEP 00000-000"). */
export function enderecoEmpresa(e: {
  endereco: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
}): string {
  return [e.endereco, [e.cidade, e.uf].filter(Boolean).join('/'), e.cep ? `CEP ${e.cep}` : '']
    .filter(Boolean)
    .join(' - ');
}

/** A client's address on one line: "Rua X, 123 — Bairro - Cidade/UF - CEP 00000-000". */
export function enderecoCliente(
  c: Logradouro & { cidade: string | null; uf: string | null; cep: string | null },
) {
  return enderecoEmpresa({ ...c, endereco: logradouroCompleto(c) || null });
}

// ── Answers as zod schemas: the OpenAPI document describes them and the test mode checks them.

/** The pricing summary's figures (ResumoOrcamento), every one a number. */
const resumoOrcamentoShape = {
  materiais: z.number(),
  custo_hora_funcionarios: z.number(),
  custo_hora_despesas: z.number(),
  custo_hora: z.number(),
  mao_de_obra: z.number(),
  subtotal: z.number(),
  margem: z.number(),
  subtotal_com_margem: z.number(),
  taxa_cartao_percentual: z.number(),
  valor_taxa_cartao: z.number(),
  comissao_vendedor: z.number(),
  comissao_arquiteto: z.number(),
  total: z.number(),
  pedra: z.number(),
  bordas: z.number(),
  recortes: z.number(),
  percentual_vendedor: z.number(),
  percentual_arquiteto: z.number(),
};

/** `POST /api/orcamentos/calcular` (CalculoOrcamento). */
export const calculoOrcamentoSchema = z.object({
  ...resumoOrcamentoShape,
  funcionarios_custo_hora: z
    .array(z.object({ id: z.string(), nome: z.string(), custo_hora: z.number() }))
    .optional(),
  valor_frete: z.number(),
  valor_instalacao: z.number(),
  horas_trabalho: z.number(),
  margem_lucro: z.number(),
  itens: z.array(
    z.object({
      area: z.number(),
      valor_unitario: z.number(),
      valor_total: z.number(),
      tipo_unidade: z.enum(TIPOS_UNIDADE),
      perda_percentual: z.number(),
      valor_material: z.number(),
      metros_borda: z.number(),
      valor_bordas: z.number(),
      valor_recortes: z.number(),
    }),
  ),
});

/** A quote as `GET /api/orcamentos/:id` (and its create and replace) answers it: every line with its snapshot. */
export const orcamentoDetalheSchema = z.object({
  id: z.string(),
  numero: z.number(),
  cliente_id: z.string(),
  cliente_nome: z.string().nullable(),
  vendedor_id: z.string().nullable(),
  vendedor_nome: z.string().nullable(),
  arquiteto_id: z.string().nullable(),
  arquiteto_nome: z.string().nullable(),
  cartao_id: z.string().nullable(),
  cartao_bandeira: z.string().nullable(),
  cartao_tipo: z.string().nullable(),
  valor_total: z.number(),
  status: z.enum(STATUS_ORCAMENTO),
  tipo_venda: z.enum(TIPOS_VENDA),
  valor_entrada: z.number(),
  numero_parcelas: z.number(),
  validade: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
  valor_frete: z.number(),
  valor_instalacao: z.number(),
  custo_hora: z.number(),
  horas_trabalho: z.number(),
  margem_lucro: z.number(),
  observacoes: z.string().nullable(),
  /** The customer's contact as the printed quote shows it; null when the quote has none. */
  cliente: z
    .object({
      nome: z.string(),
      tipo: z.string().nullable(),
      cpf_cnpj: z.string().nullable(),
      telefone: z.string().nullable(),
      email: z.string().nullable(),
      endereco: z.string().nullable(),
      numero: z.string().nullable(),
      complemento: z.string().nullable(),
      bairro: z.string().nullable(),
      cidade: z.string().nullable(),
      uf: z.string().nullable(),
      cep: z.string().nullable(),
    })
    .nullable(),
  funcionario_ids: z.array(z.string()),
  funcionarios: z.array(z.object({ id: z.string(), nome: z.string(), cargo: z.string() })),
  itens: z.array(
    z.object({
      id: z.string(),
      posicao: z.number(),
      produto_id: z.string(),
      produto_nome: z.string().nullable(),
      item_venda_id: z.string().nullable(),
      item_venda_nome: z.string().nullable(),
      formato_medida: z.string().nullable(),
      tipo_unidade: z.enum(TIPOS_UNIDADE),
      quantidade: z.number(),
      valor_unitario: z.number(),
      valor_total: z.number(),
      medida1: z.number().nullable(),
      medida2: z.number().nullable(),
      area: z.number().nullable(),
      perda_percentual: z.number(),
      valor_material: z.number(),
      metros_borda: z.number(),
      valor_bordas: z.number(),
      valor_recortes: z.number(),
      faixa: z.object({ tipo: z.enum(FAIXAS), item: z.number(), lado: z.enum(LADOS_PECA) }).nullable(),
      bordas: z.array(
        z.object({
          lado: z.enum(LADOS_PECA),
          acabamento_id: z.string(),
          nome: z.string(),
          valor_ml: z.number(),
        }),
      ),
      recortes: z.array(
        z.object({ recorte_id: z.string(), nome: z.string(), valor: z.number(), quantidade: z.number() }),
      ),
      valor_unitario_exibido: z.number(),
      valor_total_exibido: z.number(),
    }),
  ),
  custos_adicionais: z.number(),
  /**
   * The stored summary. A quote saved by an older version stored only some figures (e.g. materiais,
   * subtotal, total) and answers only those; the split of materiais (pedra, bordas, recortes) is always there.
   */
  resumo: z.object(resumoOrcamentoShape).partial().required({ pedra: true, bordas: true, recortes: true }),
});
