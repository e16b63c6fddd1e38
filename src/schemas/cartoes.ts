import { optionalText, percentInput, versionField } from './common';
import { BANDEIRAS, STATUS_CARTAO, TIPOS_CARTAO } from './enums';
import { z } from './z';

export { BANDEIRAS, STATUS_CARTAO, TIPOS_CARTAO };

export type Bandeira = (typeof BANDEIRAS)[number];
export type TipoCartao = (typeof TIPOS_CARTAO)[number];
export type StatusCartao = (typeof STATUS_CARTAO)[number];

export const PARCELAS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export type TaxaParcela = `taxa_${(typeof PARCELAS)[number]}x`;
export const TAXAS_PARCELA = PARCELAS.map((n) => `taxa_${n}x` as TaxaParcela);

const percent = percentInput();

/** A rate field that may be left empty: '' or null clear it, a number or numeric string sets it. */
const optionalRate = () =>
  z
    .union([z.number(), z.string(), z.null()], { message: 'Percentual inválido.' })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
      const r = percent.safeParse(v);
      if (!r.success) {
        for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
        return z.NEVER;
      }
      return r.data;
    });

const rates = {
  taxa: optionalRate(),
  ...(Object.fromEntries(TAXAS_PARCELA.map((k) => [k, optionalRate()])) as Record<
    TaxaParcela,
    ReturnType<typeof optionalRate>
  >),
};

const bandeira = z.enum(BANDEIRAS, { message: 'Selecione a bandeira (Pix, Dinheiro ou Cartão).' });
const tipo = z.enum(TIPOS_CARTAO, { message: 'Selecione o tipo (Débito ou Crédito).' });
const status = z.enum(STATUS_CARTAO, { message: 'Status deve ser Ativo ou Inativo.' });

type RateValue = string | number | null | undefined;
export type CartaoRates = { tipo?: string; taxa?: RateValue } & { [K in TaxaParcela]?: RateValue };

const missing = (v: RateValue) => v === null || v === undefined || v === '';

/** Spec doc 2 §5: debit requires taxa; credit requires taxa_1x (the other installment rates are optional). */
export function cartaoRateIssue(c: CartaoRates): { path: string; message: string } | null {
  if (c.tipo === 'Débito' && missing(c.taxa)) return { path: 'taxa', message: 'Informe a taxa do débito.' };
  if (c.tipo === 'Crédito' && missing(c.taxa_1x))
    return { path: 'taxa_1x', message: 'Informe a taxa do crédito à vista (1x).' };
  return null;
}

export const cartaoCreate = z
  .object({
    bandeira,
    tipo,
    ...rates,
    status: status.default('Ativo'),
    observacoes: optionalText(1000),
  })
  .superRefine((c, ctx) => {
    const issue = cartaoRateIssue(c);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type CartaoCreate = z.input<typeof cartaoCreate>;

/** Partial; the server checks the debit/credit rule against the row merged with the change. */
export const cartaoUpdate = z.object({
  bandeira: bandeira.optional(),
  tipo: tipo.optional(),
  ...rates,
  status: status.optional(),
  observacoes: optionalText(1000).optional(),
  ...versionField,
});

export type Cartao = {
  id: string;
  bandeira: Bandeira;
  tipo: TipoCartao;
  taxa: number | null;
  status: StatusCartao;
  observacoes: string | null;
  created_at: string;
  updated_at: string;
} & { [K in TaxaParcela]: number | null };

/** How a payment method is named in select boxes; the notes tell apart two methods of the same kind. */
export function rotuloCartao(c: { bandeira: string; tipo: string; observacoes?: string | null }): string {
  return `${c.bandeira} - ${c.tipo}${c.observacoes ? ` (${c.observacoes})` : ''}`;
}

/** The three KPI cards of the payment methods' screen. */
export const cartoesEstatisticasSchema = z.object({
  total: z.number(),
  ativos: z.number(),
  inativos: z.number(),
  /** Average debit rate (taxa) of the active debit methods, in percent; null when there are none. */
  taxa_media_debito: z.number().nullable(),
  /** Average 1x credit rate of the active credit methods, in percent; null when there are none. */
  taxa_media_credito: z.number().nullable(),
});
export type CartoesEstatisticas = z.infer<typeof cartoesEstatisticasSchema>;
