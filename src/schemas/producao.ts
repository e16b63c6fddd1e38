import { isoDate, listQuery, optionalText, ufInput, uuid, versionField } from './common';
import { ETAPAS_OS, STATUS_ETAPA, STATUS_OS } from './enums';
import { z } from './z';

const etapa = z.enum(ETAPAS_OS, { message: 'Etapa inválida.' });
const dataHora = (message: string) => z.iso.datetime({ offset: true, message });
const DIA = /^\d{4}-\d{2}-\d{2}$/;
// A real calendar day: `new Date('2031-02-31')` rolls over to March, and inicioDoDia refuses it (a 500).
const dia = isoDate();

/** A business day (`YYYY-MM-DD`, the whole day) or an instant (ISO 8601 with offset). */
const diaOuInstante = (message: string) =>
  z
    .string({ message })
    .refine((s) => dia.safeParse(s).success || dataHora(message).safeParse(s).success, message);

/** `GET /api/ordens-servico`: the list's search, filters (stage, status, employee, period) and page. */
export const osListQuery = listQuery.extend({
  etapa: z.union([z.literal(''), etapa]).optional(),
  status: z.union([z.literal(''), z.enum(STATUS_OS, { message: 'Status inválido.' })]).optional(),
  funcionario_id: z.union([z.literal(''), uuid]).optional(),
  de: z.union([z.literal(''), dia]).optional(),
  ate: z.union([z.literal(''), dia]).optional(),
  /** The OS of one sale (the HTTP contract's `GET /api/ordens-servico?venda_id=`). */
  venda_id: z.union([z.literal(''), uuid]).optional(),
});
export type OsListQuery = z.infer<typeof osListQuery>;

/** The job address of one OS (the client's when it was created). */
// A PATCH: a field left out keeps its value (each one was null when absent, so sending only the CEP
// erased the street, city and UF).
export const osUpdate = z.object({
  // 300 for the street, and room for the client's número, complemento and bairro it starts with
  endereco: optionalText(450).optional(),
  cidade: optionalText(120).optional(),
  uf: ufInput.optional(),
  cep: optionalText(9).optional(),
  ...versionField,
});

/**
 * The period of a schedule: both ends or neither (null unschedules both), the end after the start.
 * An end may be a business day (`YYYY-MM-DD`, the contract's route only): the whole day.
 */
function periodoCompleto<I extends string, F extends string>(inicio: I, fim: F) {
  return (v: Partial<Record<I | F, string | null>>, ctx: z.RefinementCtx) => {
    const a = v[inicio];
    const b = v[fim];
    if ((a === undefined) !== (b === undefined) || (a === null) !== (b === null)) {
      ctx.addIssue({ code: 'custom', path: [fim], message: 'Informe o início e o fim do agendamento.' });
    } else if (a && b && DIA.test(a) === DIA.test(b) && (DIA.test(a) ? b < a : new Date(b) <= new Date(a))) {
      // Two days are whole days (the same day is one day's job); a day against an instant depends on
      // the business time zone, which the route checks.
      ctx.addIssue({ code: 'custom', path: [fim], message: 'O fim deve ser depois do início.' });
    }
  };
}

const equipeENotas = {
  funcionario_ids: z.array(uuid).max(20, 'No máximo 20 funcionários por etapa.').optional(),
  notas: optionalText(4000).optional(),
  ...versionField,
};

/**
 * Schedule, team and notes of one stage. `inicio`/`fim` both or neither (null unschedules);
 * `funcionario_ids` replaces the team.
 */
export const etapaUpdate = z
  .object({
    inicio: dataHora('Início inválido.').nullish(),
    fim: dataHora('Fim inválido.').nullish(),
    ...equipeENotas,
  })
  .superRefine(periodoCompleto('inicio', 'fim'));

/**
 * The same update under the HTTP contract's names (`PATCH /api/ordens-servico/:id/etapas/:etapaId`):
 * `inicio_previsto`/`fim_previsto` are the stage's `inicio`/`fim`, as instants or as business days
 * (`YYYY-MM-DD`: from the start of the first day to the end of the last one).
 */
export const etapaContratoUpdate = z
  .object({
    inicio_previsto: diaOuInstante('Início inválido: use AAAA-MM-DD ou data e hora ISO com fuso.').nullish(),
    fim_previsto: diaOuInstante('Fim inválido: use AAAA-MM-DD ou data e hora ISO com fuso.').nullish(),
    ...equipeENotas,
  })
  .superRefine(periodoCompleto('inicio_previsto', 'fim_previsto'));
export type EtapaUpdate = z.input<typeof etapaUpdate>;
export type EtapaUpdateInput = z.output<typeof etapaUpdate>;

/** Iniciar / Concluir: the stage as the screen read it (a stale one is refused, not applied twice). */
export const etapaAcao = z.object({ ...versionField });

/** The customer's signature at delivery: a PNG data URL drawn on the screen (signature_pad). */
export const assinaturaInput = z.object({
  imagem: z
    .string({ message: 'Envie a assinatura.' })
    .max(1_500_000, 'A assinatura é grande demais.')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'Assinatura inválida.'),
});

/** The longest period one agenda answer covers (a month view with its overflow days). */
export const AGENDA_MAX_DIAS = 62;
export const AGENDA_PERIODO_LONGO = `O período da agenda é de no máximo ${AGENDA_MAX_DIAS} dias.`;

/** The month view: at most this many stages per day, and each day's total. */
const porDia = z.coerce
  .number({ error: 'Informe quantas etapas por dia.' })
  .int('Informe quantas etapas por dia.')
  .min(1, 'Informe ao menos 1 etapa por dia.')
  .max(20, 'No máximo 20 etapas por dia.');

/**
 * `GET /api/agenda?inicio=&fim=&funcionario_id=&por_dia=` (the HTTP contract; `de`/`ate` accepted too,
 * as the Agenda screen sends them). A day means the whole business day: `inicio=2031-03-10&fim=2031-03-10`
 * is that one day. `por_dia`: the month grid (see agendaContratoSchema).
 */
export const agendaContratoQuery = z
  .object({
    inicio: diaOuInstante('Data inicial inválida: use AAAA-MM-DD ou data e hora ISO com fuso.').optional(),
    fim: diaOuInstante('Data final inválida: use AAAA-MM-DD ou data e hora ISO com fuso.').optional(),
    de: diaOuInstante('Data inicial inválida: use AAAA-MM-DD ou data e hora ISO com fuso.').optional(),
    ate: diaOuInstante('Data final inválida: use AAAA-MM-DD ou data e hora ISO com fuso.').optional(),
    funcionario_id: z.union([z.literal(''), uuid]).optional(),
    por_dia: porDia.optional(),
  })
  .superRefine((v, ctx) => {
    if (!(v.inicio ?? v.de)) {
      ctx.addIssue({ code: 'custom', path: ['inicio'], message: 'Informe o início do período (inicio).' });
    }
    if (!(v.fim ?? v.ate)) {
      ctx.addIssue({ code: 'custom', path: ['fim'], message: 'Informe o fim do período (fim).' });
    }
  });

export const aAgendarQuery = z.object({
  etapa: z.union([z.literal(''), etapa]).optional(),
  /** The client's name (part of it) or the OS number. */
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const minhaAgendaQuery = z.object({ dias: z.coerce.number().int().min(1).max(31).default(7) });

/** The shop's production settings: the stages it uses (at least one), in the workshop's order. */
export const producaoConfigUpdate = z.object({
  etapas: z
    .array(etapa)
    .min(1, 'Escolha ao menos uma etapa.')
    .transform((es) => ETAPAS_OS.filter((e) => es.includes(e))),
  ...versionField,
});

export const STATUS_ETAPA_VALUES = STATUS_ETAPA;

/** Photos: at most 8 MB as sent by the phone, kept as a JPEG of at most 1600 px. */
export const FOTO_LIMITES = {
  maxInputBytes: 8 * 1024 * 1024,
  maxSide: 1600,
  format: 'jpeg',
  field: 'foto',
} as const;

// ── The HTTP contract's answers (api.md: `/api/ordens-servico`, `/api/agenda`), for the reference.
// Loose objects: the answers also carry the Produção screen's fields (`etapa`, `inicio`, `fim`,
// `funcionarios`, the OS's client and progress).

export const etapaContratoSchema = z.looseObject({
  id: z.string(),
  tipo: z.enum(ETAPAS_OS),
  status: z.enum(STATUS_ETAPA),
  inicio_previsto: z.string().nullable(),
  fim_previsto: z.string().nullable(),
  funcionario_ids: z.array(z.string()),
  updated_at: z.string(),
});

export const ordemServicoContratoSchema = z.looseObject({
  id: z.string(),
  numero: z.number(),
  /** null once the sale was deleted (the OS is kept, cancelled, with `venda_numero`). */
  venda_id: z.string().nullable(),
  status: z.enum(STATUS_OS),
  etapas: z.array(etapaContratoSchema),
});

export const ordensServicoPageSchema = z.object({
  items: z.array(ordemServicoContratoSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});

export const etapaContratoAtualizadaSchema = z.object({
  etapa: etapaContratoSchema,
  /** Other stages where someone of the team is already booked at that time (accepted, said out loud). */
  avisos: z.array(z.looseObject({ funcionario_id: z.string(), os_id: z.string(), os_numero: z.number() })),
});

// ── The Produção screens' answers (`/api/producao/...`): what agenda-page, minha-agenda and the
// dashboard read.

const instante = z.iso.datetime();
const funcionarioRef = z.object({ id: z.string(), nome: z.string() });

/** A stage on the agenda with its OS, client, address and team (db/queries/producao/agenda.ts AgendaRow). */
export const agendaRowSchema = z.object({
  id: z.string(),
  os_id: z.string(),
  os_numero: z.number().int(),
  os_status: z.enum(STATUS_OS),
  etapa: z.enum(ETAPAS_OS),
  status: z.enum(STATUS_ETAPA),
  /** null only in Minha agenda: a stage of theirs not scheduled yet. */
  inicio: instante.nullable(),
  fim: instante.nullable(),
  notas: z.string().nullable(),
  updated_at: instante,
  cliente_nome: z.string(),
  cliente_telefone: z.string().nullable(),
  endereco: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
  funcionarios: z.array(funcionarioRef),
});

/** The month grid's answer (`por_dia`): lean stages, at most `por_dia` a day, and each day's total. */
const agendaMesSchema = z.object({
  items: z.array(
    agendaRowSchema.pick({
      id: true,
      os_id: true,
      os_numero: true,
      etapa: true,
      status: true,
      inicio: true,
      fim: true,
      updated_at: true,
      cliente_nome: true,
    }),
  ),
  truncado: z.literal(false),
  dias: z.array(z.object({ dia: z.string().regex(DIA), total: z.number().int() })),
});

/**
 * `GET /api/agenda`: every stage of the period with its client, address and team, under its own names and
 * the contract's (`tipo`, `inicio/fim_previsto`, `funcionario_ids`), `dias` null; or, with `por_dia`, the
 * month grid (agendaMesSchema).
 */
export const agendaContratoSchema = z.union([
  z.object({
    items: z.array(
      agendaRowSchema.extend({
        tipo: z.enum(ETAPAS_OS),
        inicio_previsto: instante.nullable(),
        fim_previsto: instante.nullable(),
        funcionario_ids: z.array(z.string()),
      }),
    ),
    /** More stages than one answer carries: ask for a shorter period. */
    truncado: z.boolean(),
    dias: z.null(),
  }),
  agendaMesSchema,
]);

export const aAgendarSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      os_id: z.string(),
      os_numero: z.number().int(),
      etapa: z.enum(ETAPAS_OS),
      updated_at: instante,
      cliente_nome: z.string(),
      cidade: z.string().nullable(),
    }),
  ),
});

export const minhaAgendaSchema = z.object({
  /** null: the user is not linked to an employee (the screen says why). */
  funcionario_id: z.string().nullable(),
  items: z.array(agendaRowSchema),
});

export const producaoConfigSchema = z.object({
  id: z.literal(true),
  etapas: z.array(z.enum(ETAPAS_OS)),
  updated_at: instante,
});

export const indicadoresProducaoSchema = z.object({
  instalacoes_semana: z.number().int(),
  os_atrasadas: z.number().int(),
});
