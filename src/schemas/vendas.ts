import { isoDate, listQuery, moneyInput, uuid, versionField } from './common';
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

export interface Venda {
  id: string;
  numero: number;
  cliente_id: string;
  orcamento_id: string | null;
  vendedor_id: string | null;
  arquiteto_id: string | null;
  cartao_id: string | null;
  data_venda: string;
  tipo_venda: TipoVenda;
  valor_bruto: number;
  valor_entrada: number;
  valor_parcelas: number;
  numero_parcelas: number;
  /** A fraction: 0.035 = 3.5 %. */
  taxa_cartao: number;
  valor_taxa: number;
  valor_liquido: number;
  comissao_vendedor: number;
  comissao_arquiteto: number;
  comissao_paga: boolean;
  status: StatusVenda;
  created_at: string;
  updated_at: string;
  cliente_nome: string | null;
  arquiteto_nome: string | null;
  vendedor_nome: string | null;
  cartao_bandeira: string | null;
  cartao_tipo: string | null;
  orcamento_numero: number | null;
}

export interface VendasEstatisticas {
  vendas_mes: number;
  vendas_hoje: number;
  total_cartao: number;
  total_parcelado: number;
}
