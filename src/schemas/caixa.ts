import { isoDate, listQuery, moneyInput, pageSchema, requiredText, versionField } from './common';
import { TIPOS_MOVIMENTACAO } from './enums';
import { z } from './z';

export { TIPOS_MOVIMENTACAO };

export type TipoMovimentacao = (typeof TIPOS_MOVIMENTACAO)[number];
export const TIPO_MOVIMENTACAO_LABEL: Record<TipoMovimentacao, string> = {
  entrada: 'Entrada',
  saida: 'Saída',
};

const valorPositivo = (message: string) =>
  moneyInput({ message }).refine((v) => Number(v) > 0, 'O valor deve ser maior que zero.');

/** `PUT /api/caixa/inicial`: records a new initial cash value (the latest one is current). */
export const caixaInicialInput = z.object({
  valor: moneyInput({ message: 'Informe o valor inicial.' }),
});

const movimentacaoFields = {
  nome: requiredText('Informe o nome.', 200),
  valor: valorPositivo('Informe o valor.'),
  data: isoDate('Informe a data.'),
  tipo: z.enum(TIPOS_MOVIMENTACAO, { message: 'Tipo inválido.' }),
};

export const movimentacaoCreate = z.object(movimentacaoFields);
export type MovimentacaoCreateInput = z.input<typeof movimentacaoCreate>;

export const movimentacaoUpdate = z
  .object({
    nome: movimentacaoFields.nome.optional(),
    valor: movimentacaoFields.valor.optional(),
    data: movimentacaoFields.data.optional(),
    tipo: movimentacaoFields.tipo.optional(),
    ...versionField,
  })
  .strict();

export const movimentacoesListQuery = listQuery.extend({
  tipo: z.enum(TIPOS_MOVIMENTACAO, { message: 'Tipo inválido.' }).optional(),
});

// ── Answers, as zod schemas: the OpenAPI document describes them and the test mode checks them.

const timestamp = z.iso.datetime({ offset: true });

/** `GET /api/caixa`: the latest initial value plus entradas minus saídas. */
export const caixaResumoSchema = z.object({
  caixa_inicial: z.number(),
  total_entradas: z.number(),
  total_saidas: z.number(),
  saldo: z.number(),
});
export type CaixaResumo = z.infer<typeof caixaResumoSchema>;

/** `PUT /api/caixa/inicial`: the value recorded (the latest one is current). */
export const caixaInicialSchema = z.object({ id: z.string(), valor: z.number(), created_at: timestamp });

export const movimentacaoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  valor: z.number(),
  data: z.string(),
  tipo: z.enum(TIPOS_MOVIMENTACAO),
  /** The payment (Recebimentos) this entrada records, or null: such a movement is edited only there. */
  recebimento_id: z.string().nullable().optional(),
  /** Its instalment (the Recebimentos dialog that undoes it). */
  recebimento_parcela_id: z.string().nullable().optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Movimentacao = z.infer<typeof movimentacaoSchema>;

export const movimentacoesPageSchema = pageSchema(movimentacaoSchema);
