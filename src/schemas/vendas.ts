import { isoDate, listQuery, moneyInput, pageSchema, uuid, versionField } from './common';
import { STATUS_VENDA, type StatusVenda, TIPO_VENDA_LABEL, TIPOS_VENDA, type TipoVenda } from './enums';
import { z } from './z';

export { STATUS_VENDA, type StatusVenda, TIPO_VENDA_LABEL, TIPOS_VENDA, type TipoVenda };

export const STATUS_VENDA_LABEL: Record<StatusVenda, string> = {
  confirmada: 'Confirmada',
  paga: 'Paga',
  cancelada: 'Cancelada',
};

/**
 * The editable fields of a sale (doc 2 §7). The figures derived from them (fee, net, installment
 * value, commissions) are not accepted: the server recomputes them whenever gross value, card,
 * type, entry or installments change.
 */
export const vendaUpdate = z.object({
  valor_bruto: moneyInput({ message: 'Informe o valor bruto.', min: 0 }).optional(),
  valor_entrada: moneyInput({ message: 'Valor da entrada inválido.', min: 0 }).optional(),
  numero_parcelas: z.coerce
    .number({ message: 'Número de parcelas inválido.' })
    .int('Número de parcelas inválido.')
    .min(1, 'O número de parcelas deve estar entre 1 e 12.')
    .max(12, 'O número de parcelas deve estar entre 1 e 12.')
    .optional(),
  cartao_id: uuid.nullable().optional(),
  tipo_venda: z.enum(TIPOS_VENDA, { message: 'Tipo de venda inválido.' }).optional(),
  status: z.enum(STATUS_VENDA, { message: 'Status inválido.' }).optional(),
  data_venda: isoDate('Data da venda inválida.').optional(),
  ...versionField,
});
export type VendaUpdate = z.input<typeof vendaUpdate>;

export const comissaoUpdate = z.object({
  comissao_paga: z.boolean({ message: 'Informe se a comissão está paga.' }),
});

/**
 * "Pagar liberado" (issue 16): pays the commission released since the last payment. `valor` is the
 * amount the user confirmed (the report row's `venda_a_pagar`); the server pays only that very
 * amount, so a payment from the customer arriving meanwhile gets a 409 instead of a different sum.
 */
export const pagarLiberadoBody = z.object({
  valor: moneyInput({ message: 'Informe o valor liberado que você confirmou.' }),
  // Whose commission: the seller's report pays the seller, the architect's report the architect's RT
  // (issue 26 §2). Absent = the seller (the report that had the action first).
  pessoa: z
    .enum(['vendedor', 'arquiteto'], { message: 'Informe de quem é a comissão: vendedor ou arquiteto.' })
    .default('vendedor'),
  ...versionField,
});

export const pagarLiberadoResponse = z.object({
  valor_pago: z.number().describe('O que foi pago agora (R$), à pessoa escolhida.'),
  valor_pago_vendedor: z.number(),
  valor_pago_arquiteto: z.number(),
  venda: z.object({ id: z.string(), comissao_paga: z.boolean(), updated_at: z.string() }).loose(),
});

export const vendasQuery = listQuery.extend({
  status: z.enum(STATUS_VENDA).optional(),
});

// ── Answers, as zod schemas: the OpenAPI document describes them and the test mode checks them.

const timestamp = z.iso.datetime({ offset: true });

/** A sale as the API answers it (its columns, money as numbers, and the names it refers to). */
export const vendaSchema = z.object({
  id: z.string(),
  numero: z.number(),
  cliente_id: z.string(),
  orcamento_id: z.string().nullable(),
  vendedor_id: z.string().nullable(),
  arquiteto_id: z.string().nullable(),
  cartao_id: z.string().nullable(),
  data_venda: z.string(),
  tipo_venda: z.enum(TIPOS_VENDA),
  valor_bruto: z.number(),
  valor_entrada: z.number(),
  valor_parcelas: z.number(),
  numero_parcelas: z.number(),
  /** A fraction: 0.035 = 3.5 %. */
  taxa_cartao: z.number(),
  valor_taxa: z.number(),
  valor_liquido: z.number(),
  comissao_vendedor: z.number(),
  comissao_arquiteto: z.number(),
  comissao_paga: z.boolean(),
  /** What the customer had paid when the seller's commission was last marked paid (issue 16). */
  comissao_paga_base: z.number(),
  /** The architect's RT has its own paid mark and base (issue 26 §2). */
  rt_paga: z.boolean(),
  rt_paga_base: z.number(),
  status: z.enum(STATUS_VENDA),
  created_at: timestamp,
  updated_at: timestamp,
  cliente_nome: z.string().nullable(),
  arquiteto_nome: z.string().nullable(),
  vendedor_nome: z.string().nullable(),
  cartao_bandeira: z.string().nullable(),
  cartao_tipo: z.string().nullable(),
  orcamento_numero: z.number().nullable(),
});
export type Venda = z.infer<typeof vendaSchema>;

export const vendasPageSchema = pageSchema(vendaSchema);

/** `POST /api/orcamentos/:id/venda`: the sale's own row as inserted (without the names it refers to). */
export const vendaGeradaSchema = vendaSchema.omit({
  cliente_nome: true,
  arquiteto_nome: true,
  vendedor_nome: true,
  cartao_bandeira: true,
  cartao_tipo: true,
  orcamento_numero: true,
});

/** `GET /api/orcamentos/:id/venda/previa`: the figures the sale would record. */
export const vendaPreviaSchema = z.object({
  valor_bruto: z.number(),
  tipo_venda: z.enum(TIPOS_VENDA),
  valor_entrada: z.number(),
  numero_parcelas: z.number(),
  valor_parcelas: z.number(),
  /** The rate as a fraction in decimal text ('0.045'; '0' without a card), as the sale's column takes it. */
  taxa_cartao: z.string(),
  valor_taxa: z.number(),
  valor_liquido: z.number(),
  comissao_vendedor: z.number(),
  comissao_arquiteto: z.number(),
});

export const vendasEstatisticasSchema = z.object({
  vendas_mes: z.number(),
  vendas_hoje: z.number(),
  total_cartao: z.number(),
  total_parcelado: z.number(),
});
export type VendasEstatisticas = z.infer<typeof vendasEstatisticasSchema>;
