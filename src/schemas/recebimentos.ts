import { STATUS_PARCELA, type StatusParcela } from '../domain/recebiveis';
import { isoDate, listQuery, moneyInput, uuid, versionField } from './common';
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
const optionalDate = z.preprocess((v) => (v === '' ? undefined : v), isoDate().optional());

const statusFiltro = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(STATUS_FILTRO_PARCELA, { message: 'Status inválido.' }).optional(),
);

/** `GET /api/recebimentos`: instalments by due date. */
export const parcelasListQuery = listQuery.extend({
  status: statusFiltro,
  de: optionalDate,
  ate: optionalDate,
  cliente_id: optionalUuid,
  vendedor_id: optionalUuid,
});

/** A payment's amount and date: the same rules on both payment routes. */
const pagamento = {
  valor: moneyInput({ message: 'Informe o valor recebido.' }).refine(
    (v) => Number(v) > 0,
    'O valor recebido deve ser maior que zero.',
  ),
  data: isoDate('Informe a data do recebimento.'),
};

/** `POST /api/recebimentos`: a payment on an instalment (partial payments allowed). */
export const recebimentoCreate = z.object({
  parcela_id: uuid,
  ...pagamento,
  cartao_id: z.uuid({ message: 'Escolha a forma de pagamento.' }),
});
export type RecebimentoCreateInput = z.input<typeof recebimentoCreate>;

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
