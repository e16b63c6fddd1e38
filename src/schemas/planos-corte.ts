import { TEMPO_MAXIMO_MS } from '../domain/plano-corte';
import { uuid } from './common';
import { z } from './z';

/** The largest side a slab or a piece may have: no slab in the trade is larger (5 m). */
export const MEDIDA_MAXIMA_MM = 5000;
export const PECAS_MAXIMAS = 500;
export const SERRA_MAXIMA_MM = 20;

/** The saw's parameters, the same for a standalone plan and a work order's: blade, trim, time budget. */
const parametrosCorte = {
  serra_mm: z
    .number({ message: 'A espessura da serra deve ser um número.' })
    .int({ message: 'A espessura da serra deve ser um número inteiro de milímetros.' })
    .min(0, { message: 'A espessura da serra não pode ser negativa.' })
    .max(SERRA_MAXIMA_MM, { message: `A espessura da serra passa de ${SERRA_MAXIMA_MM} mm.` })
    .default(4),
  refilo_mm: z
    .number({ message: 'O refilo deve ser um número.' })
    .int({ message: 'O refilo deve ser um número inteiro de milímetros.' })
    .min(0, { message: 'O refilo não pode ser negativo.' })
    .max(500, { message: 'O refilo passa de 500 mm.' })
    .default(10),
  tempo_ms: z
    .number({ message: 'O tempo deve ser um número.' })
    .int({ message: 'O tempo deve ser um número inteiro de milissegundos.' })
    .min(50, { message: 'O tempo deve ser de pelo menos 50 ms.' })
    .max(TEMPO_MAXIMO_MS, { message: `O tempo passa de ${TEMPO_MAXIMO_MS / 1000} s.` })
    .default(1500),
};

const medida = (nome: string) =>
  z
    .number({ message: `Informe ${nome} em milímetros.` })
    .int({ message: `${nome[0]!.toUpperCase()}${nome.slice(1)} deve ser um número inteiro de milímetros.` })
    .positive({ message: `${nome[0]!.toUpperCase()}${nome.slice(1)} deve ser maior que zero.` })
    .max(MEDIDA_MAXIMA_MM, {
      message: `${nome[0]!.toUpperCase()}${nome.slice(1)} passa de ${MEDIDA_MAXIMA_MM} mm.`,
    });

const quantidade = z
  .number({ message: 'Informe a quantidade.' })
  .int({ message: 'A quantidade deve ser um número inteiro.' })
  .min(1, { message: 'A quantidade deve ser pelo menos 1.' })
  .max(PECAS_MAXIMAS, { message: `A quantidade passa de ${PECAS_MAXIMAS}.` })
  .default(1);

export const pecaPlanoInput = z.object({
  ref: z
    .string({ message: 'Informe a referência da peça.' })
    .trim()
    .min(1, { message: 'Informe a referência da peça.' })
    .max(80, { message: 'A referência passa de 80 caracteres.' }),
  largura_mm: medida('a largura'),
  altura_mm: medida('a altura'),
  quantidade,
  girar: z.boolean({ message: 'Girar deve ser verdadeiro ou falso.' }).default(true),
});

export const chapaPlanoInput = z
  .object({
    ref: z.string().trim().max(80, { message: 'A referência passa de 80 caracteres.' }).optional(),
    chapa_id: z.string().trim().max(80).nullish(),
    largura_mm: medida('a largura'),
    altura_mm: medida('a altura'),
    quantidade: quantidade.refine((n) => n <= 100, { message: 'A quantidade de chapas passa de 100.' }),
    sobra: z.boolean({ message: 'Sobra deve ser verdadeiro ou falso.' }).default(false),
    formato: z.enum(['retangulo', 'L'], { message: 'Formato deve ser retangulo ou L.' }).default('retangulo'),
    recorte_largura_mm: medida('a largura do recorte').nullish(),
    recorte_altura_mm: medida('a altura do recorte').nullish(),
  })
  .superRefine((c, ctx) => {
    if (c.chapa_id && c.quantidade > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['quantidade'],
        message: 'Uma chapa do estoque (chapa_id) é uma só: a quantidade deve ser 1.',
      });
    if (c.formato !== 'L') return;
    if (!c.recorte_largura_mm || c.recorte_largura_mm >= c.largura_mm)
      ctx.addIssue({
        code: 'custom',
        path: ['recorte_largura_mm'],
        message: 'Informe a largura do recorte do L, menor que a largura da chapa.',
      });
    if (!c.recorte_altura_mm || c.recorte_altura_mm >= c.altura_mm)
      ctx.addIssue({
        code: 'custom',
        path: ['recorte_altura_mm'],
        message: 'Informe a altura do recorte do L, menor que a altura da chapa.',
      });
  });

export const planoCorteCalculo = z
  .object({
    pecas: z
      .array(pecaPlanoInput, { message: 'Informe as peças.' })
      .min(1, { message: 'Informe ao menos uma peça.' })
      .max(PECAS_MAXIMAS, { message: `No máximo ${PECAS_MAXIMAS} peças por plano.` }),
    chapas: z
      .array(chapaPlanoInput, { message: 'Informe as chapas.' })
      .min(1, { message: 'Informe ao menos uma chapa.' })
      .max(50, { message: 'No máximo 50 tipos de chapa por plano.' })
      .optional(),
    // Instead of `chapas`: the stone's available slabs and remnants in the yard (remnants first).
    produto_id: uuid.optional(),
    ...parametrosCorte,
  })
  .superRefine((b, ctx) => {
    if (!b.chapas === !b.produto_id)
      ctx.addIssue({
        code: 'custom',
        path: [b.chapas ? 'produto_id' : 'chapas'],
        message: b.chapas
          ? 'Informe as chapas ou a pedra (produto_id), não os dois.'
          : 'Informe as chapas ou a pedra (produto_id).',
      });
    const total = b.pecas.reduce((s, p) => s + p.quantidade, 0);
    if (total > PECAS_MAXIMAS)
      ctx.addIssue({
        code: 'custom',
        path: ['pecas'],
        message: `No máximo ${PECAS_MAXIMAS} peças por plano (quantidades somadas: ${total}).`,
      });
    // A new slab loses the trim on every raw edge (at least the blade's width when trimmed).
    const t = b.refilo_mm === 0 ? 0 : Math.max(b.refilo_mm, b.serra_mm);
    b.chapas?.forEach((c, i) => {
      if (c.sobra || c.formato === 'L') return;
      if (c.largura_mm - 2 * t <= 0 || c.altura_mm - 2 * t <= 0)
        ctx.addIssue({
          code: 'custom',
          path: ['refilo_mm'],
          message: `O refilo de ${b.refilo_mm} mm em cada borda não deixa área útil na chapa ${i + 1} (${c.largura_mm} × ${c.altura_mm} mm).`,
        });
    });
  });

export type PlanoCorteCalculo = z.output<typeof planoCorteCalculo>;

/** A work order's plan: its quote's pieces on the chosen slabs, or on each stone's available ones. */
export const planoOsInput = z.object({
  chapa_ids: z
    .array(uuid, { message: 'Informe as chapas escolhidas.' })
    .max(50, { message: 'No máximo 50 chapas escolhidas.' })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'A mesma chapa foi escolhida duas vezes.' })
    .default([]),
  // pieces (by ref) whose orientation is locked: planned as the quote measures them, never turned
  sem_girar: z
    .array(z.string().trim().min(1).max(80), { message: 'Informe as peças que não giram.' })
    .max(PECAS_MAXIMAS)
    .default([]),
  ...parametrosCorte,
});
export type PlanoOsInput = z.output<typeof planoOsInput>;

// ── Answers (the contract's reference; the handlers' types reach the web through the client)
const retangulo = { x_mm: z.number(), y_mm: z.number(), largura_mm: z.number(), altura_mm: z.number() };
export const planoCorteSchema = z.object({
  chapas: z.array(
    z.object({
      ref: z.string(),
      chapa_id: z.string().nullable(),
      sobra: z.boolean(),
      largura_mm: z.number(),
      altura_mm: z.number(),
      formato: z.enum(['retangulo', 'L']),
      recorte_largura_mm: z.number().nullable(),
      recorte_altura_mm: z.number().nullable(),
      refilo_mm: z.number(),
      pecas: z.array(z.object({ numero: z.number(), ref: z.string(), ...retangulo, girada: z.boolean() })),
      cortes: z.array(
        z.object({
          ordem: z.number(),
          tipo: z.enum(['refilo', 'divisao', 'corte']),
          direcao: z.enum(['vertical', 'horizontal']),
          posicao_mm: z.number(),
          inicio_mm: z.number(),
          comprimento_mm: z.number(),
        }),
      ),
      sobras: z.array(z.object(retangulo)),
      aproveitamento: z.number(),
    }),
  ),
  nao_couberam: z.array(z.object({ ref: z.string(), motivo: z.string() })),
  aproveitamento: z.number(),
  sobras: z.array(z.object({ chapa: z.number(), ...retangulo })),
  chapas_novas: z.number(),
  sobras_usadas: z.number(),
  minimo_chapas_novas: z.number(),
  minimo_comprovado: z.boolean(),
  serra_mm: z.number(),
  refilo_mm: z.number(),
  rodadas: z.number(),
  tempo_ms: z.number(),
});

export const planoOsSchema = z.object({
  ordem_servico_id: z.string(),
  numero: z.number(),
  salvo: z.boolean(),
  salvo_em: z.string().nullable(),
  parametros: z.object({
    chapa_ids: z.array(z.string()),
    sem_girar: z.array(z.string()),
    serra_mm: z.number(),
    refilo_mm: z.number(),
  }),
  pedras: z.array(
    z.object({
      produto_id: z.string(),
      produto_nome: z.string(),
      pecas: z.array(
        z.object({
          ref: z.string(),
          largura_mm: z.number(),
          altura_mm: z.number(),
          quantidade: z.number(),
          girar: z.boolean(),
        }),
      ),
      plano: planoCorteSchema,
    }),
  ),
});

/** The quote editor's estimate: per stone, its m² pieces (mm) as typed so far. */
export const estimativaInput = z.object({
  pedras: z
    .array(
      z.object({
        produto_id: uuid,
        pecas: z
          .array(
            z.object({
              largura_mm: medida('a largura'),
              altura_mm: medida('a altura'),
              quantidade: z
                .number({ message: 'Informe a quantidade.' })
                .int({ message: 'A quantidade deve ser um número inteiro.' })
                .min(1, { message: 'A quantidade deve ser pelo menos 1.' })
                .max(PECAS_MAXIMAS, { message: `A quantidade passa de ${PECAS_MAXIMAS}.` }),
            }),
          )
          .min(1, { message: 'Informe ao menos uma peça.' })
          .max(100, { message: 'No máximo 100 peças por pedra.' }),
      }),
    )
    .max(20, { message: 'No máximo 20 pedras por estimativa.' }),
});

export const estimativaSchema = z.object({
  pedras: z.array(
    z.object({
      produto_id: z.string(),
      produto_nome: z.string(),
      chapa: z.object({ largura_mm: z.number(), altura_mm: z.number() }).nullable(),
      chapas: z.number().nullable(),
      aproveitamento: z.number().nullable(),
      nao_couberam: z.number(),
    }),
  ),
});
export type EstimativaInput = z.output<typeof estimativaInput>;

// ── A plan sent back to be saved: the proposal the user looked at, checked by the server before saving
const mm = z
  .number({ message: 'Medida do plano inválida.' })
  .int({ message: 'Medida do plano não inteira.' });
const pos = mm.min(0, { message: 'Posição do plano negativa.' }).max(MEDIDA_MAXIMA_MM);
const lado = mm.min(1, { message: 'Medida do plano deve ser maior que zero.' }).max(MEDIDA_MAXIMA_MM);
const pct = z.number().min(0).max(100);
const ret = { x_mm: pos, y_mm: pos, largura_mm: lado, altura_mm: lado };
export const planoCorteEnviado = z.object({
  chapas: z
    .array(
      z.object({
        ref: z.string().max(80),
        chapa_id: z.string().max(80).nullable(),
        sobra: z.boolean(),
        largura_mm: lado,
        altura_mm: lado,
        formato: z.enum(['retangulo', 'L']),
        recorte_largura_mm: lado.nullable(),
        recorte_altura_mm: lado.nullable(),
        refilo_mm: pos,
        pecas: z
          .array(
            z.object({
              numero: z.number().int().min(1),
              ref: z.string().max(80),
              ...ret,
              girada: z.boolean(),
            }),
          )
          .max(PECAS_MAXIMAS),
        cortes: z
          .array(
            z.object({
              ordem: z.number().int().min(1),
              tipo: z.enum(['refilo', 'divisao', 'corte']),
              direcao: z.enum(['vertical', 'horizontal']),
              posicao_mm: pos,
              inicio_mm: pos,
              comprimento_mm: lado,
            }),
          )
          .max(4 * PECAS_MAXIMAS),
        sobras: z.array(z.object(ret)).max(4 * PECAS_MAXIMAS),
        aproveitamento: pct,
      }),
    )
    .max(50, { message: 'No máximo 50 chapas por plano.' }),
  nao_couberam: z
    .array(z.object({ ref: z.string().max(80), motivo: z.string().max(300) }))
    .max(PECAS_MAXIMAS),
  aproveitamento: pct,
  sobras: z.array(z.object({ chapa: z.number().int().min(0), ...ret })).max(4 * PECAS_MAXIMAS),
  chapas_novas: z.number().int().min(0),
  sobras_usadas: z.number().int().min(0),
  minimo_chapas_novas: z.number().int().min(0),
  minimo_comprovado: z.boolean(),
  serra_mm: pos,
  refilo_mm: pos,
  rodadas: z.number().int().min(0),
  tempo_ms: z.number().min(0),
});

/**
 * Saving a work order's plan. With `pedras` (what the OS page sends: the proposal on screen) that plan is
 * checked and saved as it is; without, the server plans with the parameters and saves its own answer.
 */
export const planoOsSalvar = planoOsInput.extend({
  pedras: z
    .array(z.object({ produto_id: uuid, plano: planoCorteEnviado }), {
      message: 'Informe o plano de cada pedra.',
    })
    .max(20, { message: 'No máximo 20 pedras por plano.' })
    .optional(),
});
export type PlanoOsSalvar = z.output<typeof planoOsSalvar>;
