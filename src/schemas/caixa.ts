import { isoDate, listQuery, moneyInput, requiredText, versionField } from './common';
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

export interface CaixaResumo {
  caixa_inicial: number;
  total_entradas: number;
  total_saidas: number;
  saldo: number;
}

export interface Movimentacao {
  id: string;
  nome: string;
  valor: number;
  data: string;
  tipo: TipoMovimentacao;
  /** The payment (Recebimentos) this entrada records, or null: such a movement is edited only there. */
  recebimento_id?: string | null;
  /** Its instalment (the Recebimentos dialog that undoes it). */
  recebimento_parcela_id?: string | null;
  created_at: string;
  updated_at: string;
}
