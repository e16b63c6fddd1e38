import { STATUS_PARCELA, type StatusParcela } from '../domain/recebiveis';
import { isoDate, listQuery, moneyInput, pageSchema, uuid, versionField } from './common';
import { ordered, orderMessage, periodo } from './relatorios';
import { z } from './z';

export { STATUS_PARCELA, type StatusParcela };

export const STATUS_PARCELA_LABEL: Record<StatusParcela, string> = {
  aberta: 'Aberta',
  parcial: 'Parcial',
  paga: 'Paga',
  atrasada: 'Atrasada',
};

/** The list's status filter: the four statuses, and "pendente" (anything still owed). */
export const STATUS_FILTRO_PARCELA = [...STATUS_PARCELA, 'pendente'] as const;
export const STATUS_FILTRO_LABEL: Record<(typeof STATUS_FILTRO_PARCELA)[number], string> = {
  ...STATUS_PARCELA_LABEL,
  pendente: 'Em aberto (não pagas)',
};

const optionalUuid = z.preprocess((v) => (v === '' ? undefined : v), uuid.optional());

const statusFiltro = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(STATUS_FILTRO_PARCELA, { message: 'Status inválido.' }).optional(),
);

/** A payment's amount and date: the same rules in the API and in the screen's form. */
const pagamento = {
  valor: moneyInput({ message: 'Informe o valor recebido.' }).refine(
    (v) => Number(v) > 0,
    'O valor recebido deve ser maior que zero.',
  ),
  data: isoDate('Informe a data do recebimento.'),
};

/**
 * The Recebimentos screen's payment form (sent to `POST /api/recebiveis/:id/recebimentos`): the screen
 * asks for the payment method, which the API leaves optional (recebivelPagamento).
 */
export const recebimentoForm = z.object({
  ...pagamento,
  cartao_id: z.uuid({ message: 'Escolha a forma de pagamento.' }),
});
export type RecebimentoFormInput = z.input<typeof recebimentoForm>;

/**
 * `POST /api/recebiveis/:id/recebimentos` (the HTTP contract): `{ valor, data, cartao_id? }`. Without
 * a payment method the payment is recorded as "não informada" (recebimentos.cartao_id null).
 */
export const recebivelPagamento = z.object({
  ...pagamento,
  cartao_id: z
    .preprocess((v) => (v === '' ? null : v), z.uuid({ message: 'Forma de pagamento inválida.' }).nullable())
    .optional(),
});

/** `GET /api/recebiveis`: the contract's filters (`inicio`/`fim` on the due date) and the list's own. */
export const recebiveisListFields = listQuery.extend({
  venda_id: optionalUuid,
  cliente_id: optionalUuid,
  vendedor_id: optionalUuid,
  status: statusFiltro,
  ...periodo,
});
/** …with `inicio` ≤ `fim` (the export's contract takes the fields: zod cannot omit from a refined object). */
export const recebiveisListQuery = recebiveisListFields.refine(ordered, orderMessage);

/** The settings form's fields (the Recebimentos "Configurações" dialog). */
export const recebiveisConfigForm = z.object({
  // The Pix key of the charges is the Empresa's (typed once, there).
  comissao_por_recebimento: z.boolean({ message: 'Informe sim ou não.' }),
});
export type RecebiveisConfigInput = z.input<typeof recebiveisConfigForm>;

/** `PATCH /api/recebimentos/config`: the fields and the version read. */
export const recebiveisConfigUpdate = recebiveisConfigForm.extend(versionField).strict();

// ── Answers, as zod schemas: the OpenAPI document describes them and the test mode checks them.

const timestamp = z.iso.datetime({ offset: true });

/** An instalment: numbers, its status today (business time zone) and what is still owed (`saldo`). */
export const parcelaSchema = z.object({
  id: z.string(),
  venda_id: z.string(),
  cliente_id: z.string(),
  /** 0 is the down payment (entrada). */
  parcela: z.number(),
  valor: z.number(),
  valor_recebido: z.number(),
  data_vencimento: z.string(),
  updated_at: timestamp,
  venda_numero: z.number(),
  numero_parcelas: z.number(),
  cliente_nome: z.string(),
  cliente_telefone: z.string().nullable(),
  vendedor_nome: z.string().nullable(),
  saldo: z.number(),
  status: z.enum(STATUS_PARCELA),
});
export type Parcela = z.infer<typeof parcelaSchema>;

export const parcelasPageSchema = pageSchema(parcelaSchema);

/** A payment as a list of payments shows it. */
export const recebimentoSchema = z.object({
  id: z.string(),
  parcela_id: z.string(),
  valor: z.number(),
  data: z.string(),
  /** null: recorded without its method (`POST /api/recebiveis/:id/recebimentos` without cartao_id). */
  cartao_id: z.string().nullable(),
  movimentacao_id: z.string(),
  created_at: timestamp,
  forma_pagamento: z.string().nullable(),
});

/** An instalment with its payments, oldest first. */
export const parcelaComRecebimentosSchema = parcelaSchema.extend({
  recebimentos: z.array(recebimentoSchema),
});

/** What recording a payment answers: the payment and the instalment as it now stands. */
export const recebimentoRegistradoSchema = recebimentoSchema.omit({ forma_pagamento: true }).extend({
  parcela: parcelaSchema,
});

export const recebimentosKpisSchema = z.object({
  a_receber_mes: z.number(),
  recebido_mes: z.number(),
  em_atraso: z.number(),
  em_atraso_parcelas: z.number(),
  total_aberto: z.number(),
});

export const recebiveisConfigSchema = z.object({
  id: z.literal('config'),
  comissao_por_recebimento: z.boolean(),
  updated_at: timestamp,
});

/** A customer's statement: every instalment with its payments, and the totals. */
export const extratoClienteSchema = z.object({
  cliente: z.object({ id: z.string(), nome: z.string() }),
  totais: z.object({ valor: z.number(), recebido: z.number(), saldo: z.number() }),
  parcelas: z.array(parcelaComRecebimentosSchema),
});

/** The WhatsApp collection message; `pix` and `qr_code` (a PNG data URL) are null without a Pix key. */
export const cobrancaSchema = z.object({
  mensagem: z.string(),
  pix: z.string().nullable(),
  qr_code: z.string().nullable(),
  whatsapp_url: z.string(),
});
