import { listQuery, optionalText, ufInput, uuid, versionField } from './common';
import { ETAPAS_OS, STATUS_ETAPA, STATUS_OS } from './enums';
import { z } from './z';

const etapa = z.enum(ETAPAS_OS, { message: 'Etapa inválida.' });
const dataHora = (message: string) => z.iso.datetime({ offset: true, message });
const dia = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida.')
  .refine((s) => !Number.isNaN(new Date(`${s}T00:00:00Z`).getTime()), 'Data inválida.');

/** `GET /api/producao/os`: the list's search, filters (stage, status, employee, period) and page. */
export const osListQuery = listQuery.extend({
  etapa: z.union([z.literal(''), etapa]).optional(),
  status: z.union([z.literal(''), z.enum(STATUS_OS, { message: 'Status inválido.' })]).optional(),
  funcionario_id: z.union([z.literal(''), uuid]).optional(),
  de: z.union([z.literal(''), dia]).optional(),
  ate: z.union([z.literal(''), dia]).optional(),
});
export type OsListQuery = z.infer<typeof osListQuery>;

/** The job address of one OS (the client's when it was created). */
export const osUpdate = z.object({
  endereco: optionalText(300),
  cidade: optionalText(120),
  uf: ufInput,
  cep: optionalText(9),
  ...versionField,
});

/**
 * Schedule, team and notes of one stage. `inicio`/`fim` both or neither (null unschedules);
 * `funcionario_ids` replaces the team.
 */
export const etapaUpdate = z
  .object({
    inicio: dataHora('Início inválido.').nullish(),
    fim: dataHora('Fim inválido.').nullish(),
    funcionario_ids: z.array(uuid).max(20, 'No máximo 20 funcionários por etapa.').optional(),
    notas: optionalText(4000).optional(),
    ...versionField,
  })
  .superRefine((v, ctx) => {
    if ((v.inicio === undefined) !== (v.fim === undefined) || (v.inicio === null) !== (v.fim === null)) {
      ctx.addIssue({ code: 'custom', path: ['fim'], message: 'Informe o início e o fim do agendamento.' });
    } else if (v.inicio && v.fim && new Date(v.fim) <= new Date(v.inicio)) {
      ctx.addIssue({ code: 'custom', path: ['fim'], message: 'O fim deve ser depois do início.' });
    }
  });
export type EtapaUpdate = z.input<typeof etapaUpdate>;

/** Iniciar / Concluir: the stage as the screen read it (a stale one is refused, not applied twice). */
export const etapaAcao = z.object({ ...versionField });

/** The customer's signature at delivery: a PNG data URL drawn on the screen (signature_pad). */
export const assinaturaInput = z.object({
  imagem: z
    .string({ message: 'Envie a assinatura.' })
    .max(1_500_000, 'A assinatura é grande demais.')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'Assinatura inválida.'),
});

/** `GET /api/producao/agenda?de=&ate=&funcionario_id=`: stages scheduled in [de, ate). */
export const agendaQuery = z
  .object({
    de: dataHora('Data inicial inválida.'),
    ate: dataHora('Data final inválida.'),
    funcionario_id: z.union([z.literal(''), uuid]).optional(),
  })
  .refine((v) => new Date(v.ate) > new Date(v.de), {
    path: ['ate'],
    message: 'O fim deve ser depois do início.',
  })
  .refine((v) => new Date(v.ate).getTime() - new Date(v.de).getTime() <= 62 * 86_400_000, {
    path: ['ate'],
    message: 'O período da agenda é de no máximo 62 dias.',
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
