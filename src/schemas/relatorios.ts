import { isoDate, listQuery, uuid } from './common';
import { z } from './z';

// An empty query-string value (`?inicio=`) means "no filter".
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** `inicio`/`fim` (YYYY-MM-DD), each optional; Recebíveis' due-date filter uses them too. */
export const periodo = {
  inicio: z.preprocess(blankToUndefined, isoDate('Data de início inválida.').optional()),
  fim: z.preprocess(blankToUndefined, isoDate('Data de fim inválida.').optional()),
};

// The detail list is paged like every list (newest first); the summary covers the whole period.
const pagina = { page: listQuery.shape.page, limit: listQuery.shape.limit };

export const ordered = <T extends { inicio?: string; fim?: string }>(q: T) =>
  !q.inicio || !q.fim || q.inicio <= q.fim;
export const orderMessage = {
  message: 'A Data Início deve ser anterior ou igual à Data Fim.',
  path: ['fim'],
};

export const comissoesVendedoresQuery = z
  .object({ vendedor_id: z.preprocess(blankToUndefined, uuid.optional()), ...periodo, ...pagina })
  .refine(ordered, orderMessage);

export const comissoesArquitetosQuery = z
  .object({ arquiteto_id: z.preprocess(blankToUndefined, uuid.optional()), ...periodo, ...pagina })
  .refine(ordered, orderMessage);

export interface ComissaoVendaLinha {
  id: string;
  numero: number;
  data_venda: string;
  pessoa_id: string | null;
  pessoa_nome: string | null;
  valor_bruto: number;
  valor_taxa: number;
  valor_base: number;
  percentual_comissao: number;
  valor_comissao: number;
  comissao_paga: boolean;
  /** Only with the release setting on (issue 16): what the customer paid, and the commission's parts. */
  valor_recebido?: number;
  comissao_liberada?: number;
  comissao_paga_valor?: number;
  comissao_a_liberar?: number;
  /** This person's released commission not yet paid (released − paid, never below 0). */
  comissao_a_pagar?: number;
  /**
   * What "Pagar liberado" (POST /api/vendas/:id/comissao/pagar-liberado) pays on this sale now to this
   * report's person (the seller, or the architect's RT: each has its own paid mark) — the `valor` the
   * action expects back, with the sale's `updated_at` and `pessoa`.
   */
  venda_a_pagar?: number;
  updated_at?: string;
}

export interface ComissaoPessoaLinha {
  pessoa_id: string;
  nome: string;
  percentual_comissao: number;
  vendas: number;
  total_comissao: number;
  /** Only with the release setting on (issue 16). */
  comissao_liberada?: number;
  comissao_paga_valor?: number;
  comissao_a_liberar?: number;
  comissao_a_pagar?: number;
}

/** The summary's release totals (only with the setting on). */
export interface ResumoLiberacao {
  total_liberada?: number;
  total_paga?: number;
  total_a_liberar?: number;
  /** Released but not yet paid, over the period's sales. */
  total_a_pagar?: number;
}

/**
 * One commission report (doc 2 §2): `P` is the person ('vendedor' or 'arquiteto'), `Ps` the plural
 * the summary and the per-person list are named by.
 */
type ComissoesRelatorio<P extends string, Ps extends string> = {
  /** Present (true) when commissions are released as the customer pays (the Recebimentos setting). */
  liberacao?: boolean;
  resumo: { [K in `${Ps}_ativos`]: number } & {
    vendas_com_comissao: number;
    total_comissoes: number;
  } & ResumoLiberacao;
  vendas: (Omit<ComissaoVendaLinha, 'pessoa_id' | 'pessoa_nome'> & {
    [K in `${P}_id` | `${P}_nome`]: string | null;
  })[];
  /** Sales in the period (all pages of `vendas`). */
  vendas_total: number;
  page: number;
  limit: number;
} & { [K in `por_${P}`]: (Omit<ComissaoPessoaLinha, 'pessoa_id'> & { [I in `${P}_id`]: string })[] };

export type ComissoesVendedores = ComissoesRelatorio<'vendedor', 'vendedores'>;
export type ComissoesArquitetos = ComissoesRelatorio<'arquiteto', 'arquitetos'>;

// ── Answers, as zod schemas: the OpenAPI document describes them and the test mode checks them. The
// hand-written types above stay (their keys are built from the person's name, which z.infer cannot name).

const liberacaoPessoa = {
  comissao_liberada: z.number().optional(),
  comissao_paga_valor: z.number().optional(),
  comissao_a_liberar: z.number().optional(),
  comissao_a_pagar: z.number().optional(),
};

/** The schema of `ComissoesRelatorio<P, Ps>`: `p` names the person, `ps` its plural. */
function comissoesRelatorioSchema<P extends string, Ps extends string>(p: P, ps: Ps) {
  const venda = z.object({
    id: z.string(),
    numero: z.number(),
    data_venda: z.string(),
    [`${p}_id`]: z.string().nullable(),
    [`${p}_nome`]: z.string().nullable(),
    valor_bruto: z.number(),
    valor_taxa: z.number(),
    valor_base: z.number(),
    percentual_comissao: z.number(),
    valor_comissao: z.number(),
    comissao_paga: z.boolean(),
    valor_recebido: z.number().optional(),
    ...liberacaoPessoa,
    venda_a_pagar: z.number().optional(),
    updated_at: z.string().optional(),
  });
  const pessoa = z.object({
    [`${p}_id`]: z.string(),
    nome: z.string(),
    percentual_comissao: z.number(),
    vendas: z.number(),
    total_comissao: z.number(),
    ...liberacaoPessoa,
  });
  return z.object({
    liberacao: z.boolean().optional(),
    resumo: z.object({
      [`${ps}_ativos`]: z.number(),
      vendas_com_comissao: z.number(),
      total_comissoes: z.number(),
      total_liberada: z.number().optional(),
      total_paga: z.number().optional(),
      total_a_liberar: z.number().optional(),
      total_a_pagar: z.number().optional(),
    }),
    vendas: z.array(venda),
    vendas_total: z.number(),
    page: z.number(),
    limit: z.number(),
    [`por_${p}`]: z.array(pessoa),
  });
}

export const comissoesVendedoresSchema = comissoesRelatorioSchema('vendedor', 'vendedores');
export const comissoesArquitetosSchema = comissoesRelatorioSchema('arquiteto', 'arquitetos');
