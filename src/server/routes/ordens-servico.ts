import { Hono } from 'hono';
import { AGENDA_MAX, type AgendaResposta, agenda, agendaMesJson } from '../../db/queries/producao/agenda';
import { getFoto } from '../../db/queries/producao/fotos';
import {
  etapasDasOs,
  getOs,
  listOs,
  lockOs,
  osExportOrder,
  osWhere,
  updateOs,
} from '../../db/queries/producao/ordens';
import { bordaDoPeriodo } from '../../domain/producao';
import { uuid } from '../../schemas/common';
import { ETAPA_OS_LABEL, type EtapaOs, STATUS_OS_LABEL } from '../../schemas/enums';
import {
  AGENDA_MAX_DIAS,
  AGENDA_PERIODO_LONGO,
  agendaContratoQuery,
  agendaContratoSchema,
  assinaturaInput,
  etapaAcao,
  etapaContratoAtualizadaSchema,
  etapaContratoSchema,
  etapaContratoUpdate,
  FOTO_LIMITES,
  ordemServicoContratoSchema,
  ordensServicoPageSchema,
  osListQuery,
  osUpdate,
} from '../../schemas/producao';
import { z } from '../../schemas/z';
import {
  atualizarEtapa,
  exigir,
  filtrosOs,
  guardarImagem,
  lerOs,
  listarOs,
  mudarStatus,
  osCancelada,
  osNaoEncontrada,
  osOut,
  RECURSO,
} from '../casos/ordens-servico';
import {
  type AppContext,
  type AppEnv,
  currentUser,
  jsonText,
  parseBody,
  parseId,
  parseQuery,
} from '../context';
import { route } from '../contract';
import { badRequest, notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { exportContract, exportHandler } from '../export';
import { fromDataUrl, reencodeImage } from '../images';

/**
 * Work orders and their stages (api.md: `/api/ordens-servico`, `/api/agenda`), the one home of the
 * Produção screens' OS and stage writes. A stage answers its own fields (`etapa`, `inicio`, `fim`,
 * `funcionarios`) plus the contract's names (`tipo`, `inicio_previsto`, `fim_previsto`,
 * `funcionario_ids`). The rules (order of stages, versions, the installer's scope, double-booking
 * warnings) live in casos/ordens-servico.ts.
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

const fotoInput = z.object({
  imagem: z.string({ message: 'Envie a foto.' }).max(1_400_000, 'A foto deve ter no máximo 1 MB.'),
});
const fotoSchema = z.object({
  id: uuid,
  os_id: uuid,
  etapa_id: uuid,
  tipo: z.enum(['foto', 'assinatura']),
  mime: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
const INSTALADOR =
  'Instaladores (usuário vinculado a funcionário, sem Produção) só nas etapas atribuídas a eles (403 nas outras).';

const doc = {
  list: route({
    summary: 'Ordens de serviço com as etapas (venda, status, etapa, funcionário, período, busca)',
    description:
      'Paginada, as mais novas primeiro (`sort` muda a ordem). `etapa` filtra pela etapa atual; `funcionario_id` e o período `de`/`ate` (dias no fuso do negócio) pedem uma etapa da OS com esse funcionário ou agendada no período; `q` procura o nome do cliente ou, se for um número, o da OS ou da venda.',
    access,
    query: osListQuery,
    response: ordensServicoPageSchema,
  }),
  exportar: route({ ...exportContract('ordens de serviço', osListQuery), access }),
  patch: route({
    summary: 'Altera o endereço da obra (envie o updated_at lido)',
    description: 'Recusa (409) numa OS cancelada ou com updated_at antigo.',
    access,
    body: osUpdate,
    response: ordemServicoContratoSchema,
    errors: [404, 409],
  }),
  foto: route({
    summary: 'Envia uma foto da etapa (reduzida e regravada como JPEG pelo servidor)',
    description: INSTALADOR,
    access: 'sessao',
    body: fotoInput,
    response: fotoSchema,
    status: 201,
    errors: [403, 404, 409, 413],
  }),
  assinatura: route({
    summary: 'Assinatura do cliente na entrega (PNG desenhado na tela)',
    description: `Só na etapa de entrega. ${INSTALADOR}`,
    access: 'sessao',
    body: assinaturaInput,
    response: fotoSchema,
    status: 201,
    errors: [403, 404, 409],
  }),
  getFoto: route({
    summary: 'Uma foto ou assinatura da OS',
    description: 'Instaladores, só das OS em que têm etapa.',
    access: 'sessao',
    produces: ['image/jpeg', 'image/png'],
    errors: [403, 404],
  }),
  get: route({
    summary: 'Uma ordem de serviço com as etapas (tipo, status, previsão, equipe)',
    access: 'sessao',
    description: 'Com Produção, qualquer OS; instaladores, só as OS em que têm etapa.',
    response: ordemServicoContratoSchema,
    errors: [403, 404],
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
    errors: [403, 404, 409],
  }),
  concluir: route({
    summary: 'Conclui uma etapa da OS (a anterior precisa estar concluída)',
    description: INSTALADOR,
    access: 'sessao',
    body: etapaAcao,
    response: etapaContratoSchema,
    errors: [403, 404, 409],
  }),
};

/** An OS with each stage under its own and the contract's names. */
const contrato = <O extends { etapas: EtapaComEquipe[] }>(os: O) => ({
  ...os,
  etapas: os.etapas.map((e: O['etapas'][number]) => etapaContrato(e)),
});

export const ordensServicoRoutes = new Hono<AppEnv>()
  .get('/', doc.list, async (c) => {
    const deps = c.get('deps');
    const page = await listarOs(deps, parseQuery(c, osListQuery));
    const etapas = await etapasDasOs(deps.db, { osIds: page.items.map((os) => os.id) });
    const porOs = new Map<string, ReturnType<typeof etapaContrato<(typeof etapas)[number]>>[]>();
    for (const e of etapas) {
      const lista = porOs.get(e.os_id) ?? [];
      lista.push(etapaContrato(e));
      porOs.set(e.os_id, lista);
    }
    return c.json({ ...page, items: page.items.map((os) => ({ ...os, etapas: porOs.get(os.id) ?? [] })) });
  })
  .get('/exportar', doc.exportar, (c) =>
    exportHandler(c, osListQuery, (q, c) => ({
      recurso: RECURSO,
      titulo: 'ordens-de-servico',
      columns: [
        { header: 'OS', value: 'numero', type: 'integer' },
        { header: 'Venda', value: 'venda_numero', type: 'integer' },
        { header: 'Cliente', value: 'cliente_nome' },
        { header: 'Cidade', value: 'cidade' },
        { header: 'Etapa atual', value: 'etapa_atual', labels: ETAPA_OS_LABEL },
        { header: 'Etapa agendada para', value: 'etapa_atual_inicio', type: 'datetime' },
        { header: 'Etapas concluídas', value: 'etapas_concluidas', type: 'integer' },
        { header: 'Etapas', value: 'etapas_total', type: 'integer' },
        { header: 'Status', value: 'status', labels: STATUS_OS_LABEL },
        { header: 'Motivo do cancelamento', value: 'motivo_cancelamento' },
        { header: 'Criada em', value: 'created_at', type: 'datetime' },
      ],
      where: osWhere(filtrosOs(q, c.get('deps').config.tzNegocio)),
      order: osExportOrder,
      page: (db, p) => listOs(db, { ...p, offset: 0 }),
    })),
  )
  .get('/:id', doc.get, async (c) =>
    c.json(contrato(await lerOs(c.get('deps'), currentUser(c), parseId(c, uuid)))),
  )
  .patch('/:id', doc.patch, async (c) => {
    const id = parseId(c, uuid);
    const { updated_at, ...values } = await parseBody(c, osUpdate);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      const cur = await lockOs(tx, { id });
      if (!cur) throw osNaoEncontrada();
      if (cur.status === 'cancelada') throw osCancelada();
      const r = await updateOs(tx, { id, values, updatedAt: updated_at });
      if (r === 'missing') throw osNaoEncontrada();
      if (r === 'stale') throw staleWrite();
      await publish(tx, RECURSO, 'atualizado', id);
    });
    return c.json(contrato(osOut((await getOs(db, { id }))!, currentUser(c))));
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
    const r = await atualizarEtapa(c.get('deps'), alvo, {
      ...resto,
      inicio: inicio ? inicio.toISOString() : inicio,
      fim: fim ? fim.toISOString() : fim,
    });
    return c.json({ etapa: etapaContrato(r.etapa), avisos: r.avisos });
  })
  .post('/:id/etapas/:etapaId/iniciar', doc.iniciar, async (c) => {
    // who may act first (403), then the body (400), as every route answers
    await exigir(c.get('deps'), currentUser(c), ids(c));
    const alvo = { ...ids(c), ...(await parseBody(c, etapaAcao)) };
    return c.json(etapaContrato(await mudarStatus(c.get('deps'), currentUser(c), 'em_andamento', alvo)));
  })
  .post('/:id/etapas/:etapaId/concluir', doc.concluir, async (c) => {
    // who may act first (403), then the body (400), as every route answers
    await exigir(c.get('deps'), currentUser(c), ids(c));
    const alvo = { ...ids(c), ...(await parseBody(c, etapaAcao)) };
    return c.json(etapaContrato(await mudarStatus(c.get('deps'), currentUser(c), 'concluida', alvo)));
  })
  .post('/:id/etapas/:etapaId/fotos', doc.foto, async (c) => {
    const alvo = ids(c);
    const me = currentUser(c);
    await exigir(c.get('deps'), me, alvo);
    const { imagem } = await parseBody(c, fotoInput);
    const img = await reencodeImage(fromDataUrl(imagem), FOTO_LIMITES);
    return c.json(await guardarImagem(c.get('deps'), me, alvo, 'foto', img), 201);
  })
  .post('/:id/etapas/:etapaId/assinatura', doc.assinatura, async (c) => {
    const alvo = ids(c);
    const me = currentUser(c);
    await exigir(c.get('deps'), me, alvo);
    const { imagem } = await parseBody(c, assinaturaInput);
    const img = await reencodeImage(fromDataUrl(imagem), {
      maxInputBytes: 1024 * 1024,
      maxSide: 1200,
      format: 'png',
      field: 'imagem',
    });
    return c.json(await guardarImagem(c.get('deps'), me, alvo, 'assinatura', img), 201);
  })
  .get('/:id/fotos/:fotoId', doc.getFoto, async (c) => {
    const id = parseId(c, uuid);
    const fotoId = parseId(c, uuid, 'fotoId');
    await exigir(c.get('deps'), currentUser(c), { osId: id });
    const foto = await getFoto(c.get('deps').db, { osId: id, id: fotoId });
    if (!foto) throw notFound('Foto não encontrada.');
    return c.body(new Uint8Array(foto.bytes), 200, {
      'content-type': foto.mime,
      'content-disposition': 'inline',
      'cache-control': 'private, max-age=86400, immutable',
    });
  });

const agendaDoc = {
  get: route({
    summary: 'Etapas agendadas num período (inicio/fim: dia AAAA-MM-DD inteiro ou data e hora ISO)',
    description: `Aceita também de/ate. No máximo ${AGENDA_MAX_DIAS} dias; por funcionário, opcional. Com \`por_dia\` (1 a 20), a grade do mês: no máximo por_dia etapas por dia, sem equipe nem endereço, e o total de cada dia em \`dias\`.`,
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
  const periodo = { de, ate, funcionarioId: q.funcionario_id || undefined };
  if (q.por_dia) {
    return jsonText<AgendaResposta>(
      c,
      await agendaMesJson(db, { ...periodo, porDia: q.por_dia, tz: config.tzNegocio }),
    );
  }
  const { items } = await agenda(db, periodo);
  // A period with more stages than one answer carries says so (the screen asks for a narrower one).
  return c.json({
    items: items.slice(0, AGENDA_MAX).map(etapaContrato),
    truncado: items.length > AGENDA_MAX,
    dias: null,
  });
});
