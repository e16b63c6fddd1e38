import { isoDate, listQuery, moneyInput, optionalText, uuid, versionField } from './common';
import { despesaCreate } from './despesas';
import {
  ESPESSURA_CHAPA_MM,
  FORMATOS_CHAPA,
  MEDIDA_CHAPA_MM,
  STATUS_CHAPA,
  type StatusChapa,
  TIPOS_CHAPA,
  type TipoChapa,
} from './enums';
import { z } from './z';

export { FORMATOS_CHAPA, STATUS_CHAPA, TIPOS_CHAPA };

export const STATUS_CHAPA_LABEL: Record<StatusChapa, string> = {
  disponivel: 'Disponível',
  reservada: 'Reservada',
  consumida: 'Consumida',
  baixada: 'Baixada',
};
export const TIPO_CHAPA_LABEL: Record<TipoChapa, string> = { chapa: 'Chapa', sobra: 'Sobra' };

/** Integer millimetres between `min` and `max`; the message names the measure. */
const mm = (nome: string, r: { min: number; max: number }) => {
  const msg = `${nome}: informe um número inteiro de milímetros entre ${r.min} e ${r.max}.`;
  return z.coerce
    .number({ message: msg })
    .refine((n) => Number.isInteger(n), msg)
    .refine((n) => n >= r.min && n <= r.max, msg);
};
const largura = mm('Largura', MEDIDA_CHAPA_MM);
const altura = mm('Altura', MEDIDA_CHAPA_MM);
const espessura = mm('Espessura', ESPESSURA_CHAPA_MM);
const recorte = (nome: string) =>
  z
    .union([z.literal('').transform(() => null), z.null(), mm(nome, { min: 1, max: MEDIDA_CHAPA_MM.max })])
    .optional();

/** An outline: rectangle, or an L with the measures of its missing corner (smaller than the slab). */
const contornoFields = {
  largura_mm: largura,
  altura_mm: altura,
  formato: z.enum(FORMATOS_CHAPA, { message: 'Formato inválido: retangulo ou L.' }).default('retangulo'),
  recorte_largura_mm: recorte('Largura do recorte do L'),
  recorte_altura_mm: recorte('Altura do recorte do L'),
};

type ContornoIn = {
  largura_mm?: number;
  altura_mm?: number;
  formato?: string;
  recorte_largura_mm?: number | null;
  recorte_altura_mm?: number | null;
};

/** The L's corner is given and smaller than the slab; a rectangle has none (cleared to null). */
function checarContorno(v: ContornoIn, ctx: z.RefinementCtx, prefix: (string | number)[] = []) {
  if (v.formato !== 'L') {
    v.recorte_largura_mm = null;
    v.recorte_altura_mm = null;
    return;
  }
  const rl = v.recorte_largura_mm;
  const ra = v.recorte_altura_mm;
  if (typeof rl !== 'number')
    ctx.addIssue({
      code: 'custom',
      path: [...prefix, 'recorte_largura_mm'],
      message: 'Informe a largura do recorte do L.',
    });
  else if (v.largura_mm !== undefined && rl >= v.largura_mm)
    ctx.addIssue({
      code: 'custom',
      path: [...prefix, 'recorte_largura_mm'],
      message: 'O recorte do L deve ser menor que a largura da chapa.',
    });
  if (typeof ra !== 'number')
    ctx.addIssue({
      code: 'custom',
      path: [...prefix, 'recorte_altura_mm'],
      message: 'Informe a altura do recorte do L.',
    });
  else if (v.altura_mm !== undefined && ra >= v.altura_mm)
    ctx.addIssue({
      code: 'custom',
      path: [...prefix, 'recorte_altura_mm'],
      message: 'O recorte do L deve ser menor que a altura da chapa.',
    });
}

const codigo = z
  .string()
  .trim()
  .max(60, 'O código deve ter no máximo 60 caracteres.')
  .regex(/^[\p{L}\p{N}._/-]*$/u, 'Código: use letras, números, ponto, barra ou hífen.')
  .nullish()
  .transform((v) => (v ? v : null));
const lote = z
  .string({ message: 'Informe o lote.' })
  .trim()
  .min(1, 'Informe o lote.')
  .max(40, 'O lote deve ter no máximo 40 caracteres.')
  .regex(/^[\p{L}\p{N}._/-]*$/u, 'Lote: use letras, números, ponto, barra ou hífen.');
const fornecedorId = uuid.nullish().transform((v) => v ?? null);
const custo = moneyInput({ message: 'Informe o custo da chapa.' });

const fields = {
  codigo,
  produto_id: z.uuid({ message: 'Informe a pedra.' }),
  tipo: z.enum(TIPOS_CHAPA, { message: 'Tipo inválido: chapa ou sobra.' }).default('chapa'),
  lote,
  bloco: optionalText(40),
  espessura_mm: espessura,
  ...contornoFields,
  localizacao: optionalText(80),
  custo,
  fornecedor_id: fornecedorId,
  data_entrada: isoDate('Informe a data de entrada.').optional(),
  observacoes: optionalText(1000),
};

/** A slab or remnant typed by hand (`codigo` empty: `<lote>-<nn>`). Status and OS move by their own routes. */
export const chapaCreate = z.object(fields).superRefine((v, ctx) => checarContorno(v, ctx));
export type ChapaInput = z.input<typeof chapaCreate>;

/** An edit: any field of the create (no defaults: a field left out stays); the outline is checked whole when it changes. */
export const chapaUpdate = z
  .object({
    ...fields,
    tipo: z.enum(TIPOS_CHAPA, { message: 'Tipo inválido: chapa ou sobra.' }),
    formato: z.enum(FORMATOS_CHAPA, { message: 'Formato inválido: retangulo ou L.' }),
  })
  .partial()
  .extend(versionField)
  .superRefine((v, ctx) => {
    if (v.formato !== undefined) checarContorno(v, ctx);
  });

/** Entrada: N slabs of one lot, optionally the expense (Despesas) in the same transaction. */
export const chapaEntrada = z
  .object({
    produto_id: z.uuid({ message: 'Informe a pedra.' }),
    fornecedor_id: fornecedorId,
    lote,
    bloco: optionalText(40),
    quantidade: z.coerce
      .number({ message: 'Informe a quantidade de chapas (1 a 200).' })
      .int('Informe a quantidade de chapas (1 a 200).')
      .min(1, 'Informe a quantidade de chapas (1 a 200).')
      .max(200, 'Informe a quantidade de chapas (1 a 200).'),
    largura_mm: largura,
    altura_mm: altura,
    espessura_mm: espessura,
    // One of them: the cost of each slab, or the price per m² (× each slab's area).
    custo_chapa: moneyInput({ message: 'Custo por chapa inválido.' }).nullish(),
    custo_m2: moneyInput({ message: 'Custo por m² inválido.' }).nullish(),
    localizacao: optionalText(80),
    data_entrada: isoDate('Informe a data de entrada.').optional(),
    observacoes: optionalText(1000),
    despesa: despesaCreate.nullish(),
  })
  .superRefine((v, ctx) => {
    const porChapa = v.custo_chapa !== null && v.custo_chapa !== undefined;
    const porM2 = v.custo_m2 !== null && v.custo_m2 !== undefined;
    if (porChapa === porM2)
      ctx.addIssue({
        code: 'custom',
        path: ['custo_chapa'],
        message: 'Informe o custo por chapa ou o custo por m² (um dos dois).',
      });
  });
export type ChapaEntradaInput = z.input<typeof chapaEntrada>;

export const chapaReservar = z.object({
  ordem_servico_id: z.uuid({ message: 'Informe a ordem de serviço.' }),
  ...versionField,
});
export const chapaLiberar = z.object({ ...versionField });
export const chapaBaixar = z.object({
  motivo: z
    .string({ message: 'Informe o motivo da baixa.' })
    .trim()
    .min(3, 'Informe o motivo da baixa.')
    .max(500, 'O motivo deve ter no máximo 500 caracteres.'),
  ...versionField,
});

/** One remnant left by a cut: its outline and where it went. */
export const sobraInput = z
  .object({ ...contornoFields, localizacao: optionalText(80) })
  .superRefine((v, ctx) => checarContorno(v, ctx));

/** Completing the cut: each reserved slab consumed, with what is left of it. */
export const consumoBody = z.object({
  chapas: z
    .array(
      z.object({
        chapa_id: z.uuid({ message: 'Informe a chapa.' }),
        sobras: z.array(sobraInput).max(10, 'No máximo 10 sobras por chapa.').default([]),
      }),
      { message: 'Informe as chapas consumidas.' },
    )
    .min(1, 'Informe as chapas consumidas.')
    .max(50, 'No máximo 50 chapas por consumo.'),
});
export type ConsumoInput = z.input<typeof consumoBody>;

/** `cabe=1200x400`: a piece in mm (either orientation). */
export const CABE_RE = /^(\d{1,5})[xX×](\d{1,5})$/;
const cabeParam = z
  .string()
  .trim()
  .regex(CABE_RE, 'Cabe: informe a peça como LxA em milímetros (ex.: 1200x400).')
  .optional();

export const chapasFilterQuery = {
  produto_id: uuid.optional(),
  tipo: z.enum(TIPOS_CHAPA, { message: 'Tipo inválido.' }).optional(),
  status: z.enum(STATUS_CHAPA, { message: 'Status inválido.' }).optional(),
  lote: z.string().trim().max(40).optional(),
  localizacao: z.string().trim().max(80).optional(),
  ordem_servico_id: uuid.optional(),
  cabe: cabeParam,
};
export const chapasListQuery = listQuery.extend(chapasFilterQuery);

export const resumoQuery = z.object({
  dias_sobra: z.coerce.number().int().min(1).max(3650).default(90),
});
