import { PARCELAS_MAX, PARCELAS_MIN } from '../domain/despesas';
import { isoDate, listQuery, moneyInput, optionalText, requiredText, versionField } from './common';
import { STATUS_DESPESA, type StatusDespesa, TIPOS_DESPESA, type TipoDespesa } from './enums';
import { z } from './z';

export { STATUS_DESPESA, type StatusDespesa, TIPOS_DESPESA, type TipoDespesa };

export const TIPO_DESPESA_LABEL: Record<TipoDespesa, string> = {
  avulso: 'Avulsa',
  mensal: 'Mensal',
  parcelada: 'Parcelada',
};

const PARCELAS_MSG = `Informe de ${PARCELAS_MIN} a ${PARCELAS_MAX} parcelas.`;

const descricao = requiredText('Informe a descrição.', 300);
const valor = moneyInput({ message: 'Informe o valor.' });
const dataVencimento = isoDate('Informe a data de vencimento.');

/**
 * A new expense: avulso makes one row, mensal one per month through December, parcelada `parcelas`
 * monthly rows (spec doc 2 §9). `valor` is each row's amount.
 */
export const despesaCreate = z
  .object({
    descricao,
    valor,
    data_vencimento: dataVencimento,
    tipo: z.enum(TIPOS_DESPESA, { message: 'Tipo inválido.' }).default('avulso'),
    parcelas: z
      .union([z.number(), z.string().trim()])
      .nullish()
      .transform((v) => (v === '' || v === null || v === undefined ? null : Number(v))),
    observacoes: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (v.tipo !== 'parcelada') return;
    const n = v.parcelas;
    if (n === null || !Number.isInteger(n) || n < PARCELAS_MIN || n > PARCELAS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['parcelas'], message: PARCELAS_MSG });
    }
  });
export type DespesaCreate = z.output<typeof despesaCreate>;
export type DespesaCreateInput = z.input<typeof despesaCreate>;

/** An edit of one row; tipo and the schedule's shape are not editable (they belong to the series). */
export const despesaUpdate = z
  .object({
    descricao: descricao.optional(),
    valor: valor.optional(),
    data_vencimento: dataVencimento.optional(),
    observacoes: optionalText(1000).optional(),
    status: z.enum(STATUS_DESPESA, { message: 'Status inválido.' }).optional(),
    ...versionField,
  })
  .strict();
export type DespesaUpdate = z.output<typeof despesaUpdate>;
export type DespesaUpdateInput = z.input<typeof despesaUpdate>;

/** The edit form of one row (the screen sends only what changed through despesaUpdate). */
export const despesaEditForm = z.object({
  descricao,
  valor,
  data_vencimento: dataVencimento,
  observacoes: optionalText(1000),
});

/** The fields `?replicar=true` copies to the later months of the series (never dates or status). */
export const CAMPOS_REPLICADOS = ['descricao', 'valor', 'observacoes'] as const;

export const despesaStatus = z.object({
  status: z.enum(STATUS_DESPESA, { message: 'Status inválido.' }),
});

const ano = z.coerce
  .number({ message: 'Ano inválido.' })
  .int('Ano inválido.')
  .min(1900, 'Ano inválido.')
  .max(2999, 'Ano inválido.');

/** `?mes=1..12&ano=` (both default to the current month in the business time zone) plus the list's q/page/limit. */
export const despesasListQuery = listQuery.extend({
  mes: z.coerce
    .number({ message: 'Mês inválido.' })
    .int('Mês inválido.')
    .min(1, 'Mês inválido.')
    .max(12, 'Mês inválido.')
    .optional(),
  ano: ano.optional(),
});

export const despesasRelatorioQuery = z.object({ ano: ano.optional() });

export const replicarQuery = z.object({
  replicar: z
    .enum(['true', 'false', '1', '0'], { message: 'replicar deve ser true ou false.' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

// ── Answers, as zod schemas: the OpenAPI document describes them and the types derive from them.

/** A row as the API answers it. */
export const despesaSchema = z.object({
  id: z.string(),
  descricao: z.string(),
  valor: z.number(),
  tipo: z.enum(TIPOS_DESPESA),
  data_vencimento: z.string(),
  parcelas: z.number(),
  parcela_atual: z.number(),
  observacoes: z.string().nullable(),
  status: z.enum(STATUS_DESPESA),
  serie_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Despesa = z.infer<typeof despesaSchema>;

export const despesasResumoSchema = z.object({
  total_mes: z.number(),
  total_pago: z.number(),
  total_pendente: z.number(),
  custo_hora: z.number(),
  quantidade: z.number(),
});
export type DespesasResumo = z.infer<typeof despesasResumoSchema>;

export const despesasPageSchema = z.object({
  items: z.array(despesaSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  mes: z.number(),
  ano: z.number(),
  resumo: despesasResumoSchema,
});
export type DespesasPage = z.infer<typeof despesasPageSchema>;

export const despesaAtualizadaSchema = z.object({
  despesa: despesaSchema,
  replicadas: z.number(),
  /** Set when the row was saved but copying to the later months failed (that part was rolled back). */
  erro_replicacao: z.string().optional(),
});
export type DespesaAtualizada = z.infer<typeof despesaAtualizadaSchema>;

export const despesasRelatorioSchema = z.object({
  ano: z.number().int(),
  total: z.number(),
  total_pago: z.number(),
  total_pendente: z.number(),
  por_tipo: z.array(
    z.object({ tipo: z.enum(TIPOS_DESPESA), total: z.number(), quantidade: z.number().int() }),
  ),
  por_mes: z.array(
    z.object({
      mes: z.number().int().min(1).max(12),
      total: z.number(),
      pago: z.number(),
      pendente: z.number(),
      quantidade: z.number().int(),
    }),
  ),
});
export type DespesasRelatorio = z.infer<typeof despesasRelatorioSchema>;
