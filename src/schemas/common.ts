import { z } from './z';

export const uuid = z.uuid({ message: 'Identificador inválido.' });

/** Query string of every list: `?q=&page=1&limit=50&sort=-created_at`. */
export const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  sort: z
    .string()
    .regex(/^-?[a-z_]+$/, 'Ordenação inválida.')
    .optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** A list page's documented answer (OpenAPI): `{ items, total, page, limit }` of rows `row`. */
export const pageSchema = <R extends z.ZodType>(row: R) =>
  z.object({ items: z.array(row), total: z.number(), page: z.number(), limit: z.number() });

/** Optional text field from a form: trimmed, and '' stored as null. */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const requiredText = (message: string, max = 200) =>
  z.string({ message }).trim().min(1, message).max(max);

/** Money in: a JSON number or a numeric string, at most 2 decimals, stored as a decimal string. */
/**
 * Money as a person in Brazil types it, as plain decimal text: "4.400,00" → "4400.00", "R$ 1.234,5" →
 * "1234.5", "389,90" and "389.90" → "389.90". Without a comma a dot is the decimal point: "4.400" could
 * be 4,4 or 4.400 (an API client writes decimals with a dot), so it stays as typed and three decimals
 * are refused rather than read a thousand times larger. Anything else passes unchanged, for the
 * schema to refuse with its message.
 */
export function textoDinheiro(v: string): string {
  const s = v.trim().replace(/^R\$\s*/, '');
  if (s.includes(',')) return s.replace(/\./g, '').replace(',', '.');
  return s;
}

export const moneyInput = (opts: { message?: string; min?: number; max?: number } = {}) =>
  z
    .union([z.number(), z.string().trim()], { message: opts.message ?? 'Informe um valor.' })
    .transform((v, ctx) => {
      const s = typeof v === 'number' ? String(v) : textoDinheiro(v);
      if (!/^-?\d{1,12}(\.\d{1,2})?$/.test(s) || !Number.isFinite(Number(s))) {
        ctx.addIssue({ code: 'custom', message: opts.message ?? 'Valor inválido.' });
        return z.NEVER;
      }
      const n = Number(s);
      if (n < (opts.min ?? 0)) {
        ctx.addIssue({ code: 'custom', message: `O valor não pode ser menor que ${opts.min ?? 0}.` });
        return z.NEVER;
      }
      if (opts.max !== undefined && n > opts.max) {
        const max = opts.max.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        ctx.addIssue({ code: 'custom', message: `O valor não pode ser maior que R$ ${max}.` });
        return z.NEVER;
      }
      return s;
    });

/**
 * The most a catalogue price may be (per m², per metre, per unit): the bound of the quote's own money
 * fields (`LIMITES.valor`). Without it a price of R$ 99.999.999.999,00/m² was saved, and any quote using
 * it overflowed what a figure can hold.
 */
export const PRECO_MAX = 9_999_999.99;

/** A percentage in percent (10 = 10 %), up to 3 decimals, stored as a decimal string. */
export const percentInput = (opts: { min?: number; max?: number; message?: string } = {}) =>
  z
    .union([z.number(), z.string().trim()], { message: opts.message ?? 'Informe um percentual.' })
    .transform((v, ctx) => {
      const s = typeof v === 'number' ? String(v) : v.replace(',', '.');
      const n = Number(s);
      if (!/^\d{1,4}(\.\d{1,3})?$/.test(s) || !Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: opts.message ?? 'Percentual inválido.' });
        return z.NEVER;
      }
      if (n < (opts.min ?? 0) || n > (opts.max ?? 100)) {
        ctx.addIssue({
          code: 'custom',
          message: `O percentual deve estar entre ${opts.min ?? 0} e ${opts.max ?? 100}.`,
        });
        return z.NEVER;
      }
      return s;
    });

export const isoDate = (message = 'Data inválida.') =>
  z
    .string({ message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, message);

/**
 * The `updated_at` a client read, sent back with every update (optimistic locking). Required: an update
 * without it would overwrite someone else's change silently.
 */
export const versionField = {
  updated_at: z.iso.datetime({
    offset: true,
    error: (issue) =>
      issue.input === undefined
        ? 'Informe updated_at: a data de atualização do registro que você leu.'
        : 'updated_at inválido: use a data de atualização do registro que você leu.',
  }),
};

/**
 * A partial update's body: every field of the create optional (`fields`: the create's shape), and the
 * version the client read (`updated_at`, required).
 */
export const updateOf = <S extends z.core.$ZodLooseShape>(fields: S) =>
  z.object(fields).partial().extend(versionField);

export const UF_RE = /^[A-Z]{2}$/;
export const ufInput = z
  .string()
  .trim()
  .max(2, 'UF deve ter no máximo 2 letras.')
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null))
  .refine((v) => v === null || UF_RE.test(v), 'UF inválida.');
