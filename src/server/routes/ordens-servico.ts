import { Hono } from 'hono';
import { AGENDA_MAX, agenda, etapasDasOs } from '../../db/queries/producao';
import { bordaDoPeriodo } from '../../domain/producao';
import { uuid } from '../../schemas/common';
import type { EtapaOs } from '../../schemas/enums';
import {
  AGENDA_MAX_DIAS,
  AGENDA_PERIODO_LONGO,
  agendaContratoQuery,
  agendaContratoSchema,
  etapaAcao,
  etapaContratoAtualizadaSchema,
  etapaContratoSchema,
  etapaContratoUpdate,
  ordemServicoContratoSchema,
  ordensServicoPageSchema,
  osListQuery,
} from '../../schemas/producao';
import { type AppContext, type AppEnv, parseBody, parseId, parseQuery } from '../context';
import { route } from '../contract';
import { badRequest } from '../errors';
import { atualizarEtapa, lerOs, listarOs, mudarStatus } from './producao';

/**
 * The HTTP contract's production paths (`/work/shared/api.md`: `/api/ordens-servico`, `/api/agenda`).
 * The Produção screens use `/api/producao` with the stage named `etapa`, `inicio`, `fim` and the team as
 * `funcionarios`; these paths answer the same records under the contract's names as well, and every
 * rule (order of stages, versions, the installer's scope, double-booking warnings) is the one of
 * routes/producao.ts, called, not copied.
 */

interface EtapaComEquipe {
  etapa: string;
  inicio: Date | string | null;
  fim: Date | string | null;
  funcionarios: { id: string }[];
}

/** A stage in the contract's shape: its own fields kept, plus `tipo`, `inicio/fim_previsto`, `funcionario_ids`. */
export function etapaContrato<E extends EtapaComEquipe>(e: E) {
  return {
    ...e,
    tipo: e.etapa as EtapaOs,
    inicio_previsto: e.inicio,
    fim_previsto: e.fim,
    funcionario_ids: e.funcionarios.map((f) => f.id),
  };
}

const access = ['producao'] as const;
const ids = (c: AppContext) => ({ osId: parseId(c, uuid), etapaId: parseId(c, uuid, 'etapaId') });
const INSTALADOR =
  'Instaladores (usuário vinculado a funcionário, sem Produção) só nas etapas atribuídas a eles (403 nas outras).';

const doc = {
  list: route({
    summary: 'Ordens de serviço com as etapas (venda, status, etapa, funcionário, período, busca)',
    access,
    query: osListQuery,
    response: ordensServicoPageSchema,
  }),
  get: route({
    summary: 'Uma ordem de serviço com as etapas (tipo, status, previsão, equipe)',
    access: 'sessao',
    description: 'Com Produção, qualquer OS; instaladores, só as OS em que têm etapa.',
    response: ordemServicoContratoSchema,
    errors: [404],
  }),
  patchEtapa: route({
    summary: 'Agenda (inicio_previsto, fim_previsto), equipe e notas de uma etapa da OS',
    description: 'Avisa (avisos) quando um funcionário já está ocupado no horário; não recusa.',
    access,
    body: etapaContratoUpdate,
    response: etapaContratoAtualizadaSchema,
    errors: [404, 409],
  }),
  iniciar: route({
    summary: 'Inicia uma etapa da OS (a anterior precisa estar concluída)',
    description: INSTALADOR,
    access: 'sessao',
    body: etapaAcao,
    response: etapaContratoSchema,
    errors: [404, 409],
  }),
  concluir: route({
    summary: 'Conclui uma etapa da OS (a anterior precisa estar concluída)',
    description: INSTALADOR,
    access: 'sessao',
    body: etapaAcao,
    response: etapaContratoSchema,
    errors: [404, 409],
  }),
};

export const ordensServicoRoutes = new Hono<AppEnv>()
  .get('/', doc.list, async (c) => {
    const page = await listarOs(c, parseQuery(c, osListQuery));
    const etapas = await etapasDasOs(c.get('deps').db, { osIds: page.items.map((os) => os.id) });
    const porOs = new Map<string, ReturnType<typeof etapaContrato<(typeof etapas)[number]>>[]>();
    for (const e of etapas) {
      const lista = porOs.get(e.os_id) ?? [];
      lista.push(etapaContrato(e));
      porOs.set(e.os_id, lista);
    }
    return c.json({ ...page, items: page.items.map((os) => ({ ...os, etapas: porOs.get(os.id) ?? [] })) });
  })
  .get('/:id', doc.get, async (c) => {
    const os = await lerOs(c, parseId(c, uuid));
    return c.json({ ...os, etapas: os.etapas.map(etapaContrato) });
  })
  .patch('/:id/etapas/:etapaId', doc.patchEtapa, async (c) => {
    const alvo = ids(c);
    const { inicio_previsto, fim_previsto, ...resto } = await parseBody(c, etapaContratoUpdate);
    // A day is the whole business day; null and absent pass through (unschedule / leave as is).
    const tz = c.get('deps').config.tzNegocio;
    const inicio = inicio_previsto && bordaDoPeriodo(inicio_previsto, tz, 'inicio');
    const fim = fim_previsto && bordaDoPeriodo(fim_previsto, tz, 'fim');
    if (inicio && fim && fim <= inicio) {
      const msg = 'O fim deve ser depois do início.';
      throw badRequest(msg, [{ path: 'fim_previsto', message: msg }]);
    }
    const r = await atualizarEtapa(c, alvo, {
      ...resto,
      inicio: inicio ? inicio.toISOString() : inicio,
      fim: fim ? fim.toISOString() : fim,
    });
    return c.json({ etapa: etapaContrato(r.etapa), avisos: r.avisos });
  })
  .post('/:id/etapas/:etapaId/iniciar', doc.iniciar, async (c) =>
    c.json(etapaContrato(await mudarStatus(c, 'em_andamento', ids(c)))),
  )
  .post('/:id/etapas/:etapaId/concluir', doc.concluir, async (c) =>
    c.json(etapaContrato(await mudarStatus(c, 'concluida', ids(c)))),
  );

const agendaDoc = {
  get: route({
    summary: 'Etapas agendadas num período (inicio/fim: dia AAAA-MM-DD inteiro ou data e hora ISO)',
    description: `Aceita também de/ate. No máximo ${AGENDA_MAX_DIAS} dias; por funcionário, opcional.`,
    access,
    query: agendaContratoQuery,
    response: agendaContratoSchema,
  }),
};

export const agendaRoutes = new Hono<AppEnv>().get('/', agendaDoc.get, async (c) => {
  const q = parseQuery(c, agendaContratoQuery);
  const { db, config } = c.get('deps');
  // The schema made sure one of each pair is there.
  const de = bordaDoPeriodo((q.inicio ?? q.de) as string, config.tzNegocio, 'inicio');
  const ate = bordaDoPeriodo((q.fim ?? q.ate) as string, config.tzNegocio, 'fim');
  const campoFim = q.fim ? 'fim' : 'ate';
  if (ate <= de) {
    const msg = 'O fim deve ser depois do início.';
    throw badRequest(msg, [{ path: campoFim, message: msg }]);
  }
  if (ate.getTime() - de.getTime() > AGENDA_MAX_DIAS * 86_400_000) {
    throw badRequest(AGENDA_PERIODO_LONGO, [{ path: campoFim, message: AGENDA_PERIODO_LONGO }]);
  }
  const { items } = await agenda(db, {
    de,
    ate,
    funcionarioId: q.funcionario_id || undefined,
  });
  // A period with more stages than one answer carries says so, as /api/producao/agenda does.
  return c.json({
    items: items.slice(0, AGENDA_MAX).map(etapaContrato),
    truncado: items.length > AGENDA_MAX,
  });
});
