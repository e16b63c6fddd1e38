import { Hono } from 'hono';
import { numbersOut, paginate } from '../../db/queries/common';
import {
  AGENDA_MAX,
  type AgendaResposta,
  type AgendaRow,
  aAgendar,
  agenda,
  agendaMesJson,
  atualizarResumoOs,
  conflitosAgenda,
  countOs,
  equipeIds,
  funcionarioNaEtapa,
  funcionarioNaOs,
  funcionariosAtivos,
  getEtapa,
  getFoto,
  getOs,
  getProducaoConfig,
  indicadoresProducao,
  insertFoto,
  listOs,
  lockEtapa,
  lockOs,
  minhaAgenda,
  type OsDetalhe,
  osExportOrder,
  osSort,
  osWhere,
  setEquipe,
  setProducaoConfig,
  updateEtapa,
  updateOs,
} from '../../db/queries/producao';
import { inicioDoDia, motivoBloqueio, semanaAtual } from '../../domain/producao';
import type { Me } from '../../schemas/auth';
import { uuid } from '../../schemas/common';
import { ETAPA_OS_LABEL, type EtapaOs, STATUS_OS_LABEL, type StatusEtapa } from '../../schemas/enums';
import {
  aAgendarQuery,
  agendaQuery,
  assinaturaInput,
  type EtapaUpdateInput,
  etapaAcao,
  etapaUpdate,
  FOTO_LIMITES,
  minhaAgendaQuery,
  type OsListQuery,
  osListQuery,
  osUpdate,
  producaoConfigUpdate,
} from '../../schemas/producao';
import { z } from '../../schemas/z';
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
import { badRequest, conflict, notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { exportContract, exportHandler } from '../export';
import { reencodeImage } from '../images';
import { forbidden } from '../permissions';
import { orderFrom } from './crud';

const access = ['producao'] as const;
const RECURSO = 'producao';
const osNaoEncontrada = () => notFound('Ordem de serviço não encontrada.');
const etapaNaoEncontrada = () => notFound('Etapa não encontrada.');
const osCancelada = () => conflict('OS cancelada', 'Esta ordem de serviço está cancelada.');

/**
 * Who may act on production: a user with `producao` on everything; a user linked to an employee
 * (installer) only on the stages assigned to them (and on reading the OS those stages belong to).
 */
type Escopo = { tudo: true } | { tudo: false; funcionarioId: string };
function escopo(me: Me): Escopo {
  if (me.permissoes.includes('producao')) return { tudo: true };
  if (me.funcionario_id) return { tudo: false, funcionarioId: me.funcionario_id };
  throw forbidden();
}

/** The signed-in user, once they may work on this stage or OS (see `escopo`); 403 otherwise. */
async function exigir(c: AppContext, alvo: { etapaId: string } | { osId: string }): Promise<Me> {
  const me = currentUser(c);
  const s = escopo(me);
  if (s.tudo) return me;
  const { db } = c.get('deps');
  const { funcionarioId } = s;
  const atribuido =
    'etapaId' in alvo
      ? await funcionarioNaEtapa(db, { etapaId: alvo.etapaId, funcionarioId })
      : await funcionarioNaOs(db, { osId: alvo.osId, funcionarioId });
  if (!atribuido) throw forbidden();
  return me;
}

/** The list's filters in SQL terms: the period's days are the business time zone's. */
function filtros(q: OsListQuery, tz: string) {
  return {
    q: q.q,
    etapa: q.etapa || undefined,
    status: q.status || undefined,
    funcionario_id: q.funcionario_id || undefined,
    venda_id: q.venda_id || undefined,
    periodo: {
      de: q.de ? inicioDoDia(q.de, tz) : undefined,
      ate: q.ate ? new Date(inicioDoDia(q.ate, tz).getTime() + 86_400_000) : undefined,
    },
  };
}

const MONEY_ITEM = ['quantidade', 'medida1', 'medida2', 'area', 'valor_unitario', 'valor_total'];

/** The OS as the screens read it: numbers as numbers, prices only for users who see sales. */
function osOut(os: OsDetalhe, me: Me) {
  const precos = me.permissoes.includes('vendas');
  const itens = os.itens.map((i) => {
    const n = numbersOut(i, MONEY_ITEM);
    if (precos) return n;
    const { valor_unitario: _u, valor_total: _t, ...sem } = n;
    return { ...sem, valor_unitario: null, valor_total: null };
  });
  return {
    ...os,
    venda_valor_bruto: precos && os.venda_valor_bruto != null ? Number(os.venda_valor_bruto) : null,
    itens,
  };
}

/** A page of the OS list (the Produção screen's and the HTTP contract's). */
export async function listarOs(c: AppContext, q: OsListQuery) {
  const { db, config } = c.get('deps');
  const where = osWhere(filtros(q, config.tzNegocio));
  const order = orderFrom(q.sort ?? '-created_at', osSort.sortable, osSort.idCol);
  return paginate(
    (limit, offset) => listOs(db, { where, order, limit, offset }),
    () => countOs(db, where),
    q.page,
    q.limit,
  );
}

/** One OS as its reader may see it (an installer only one they have a stage in; 404 unknown). */
export async function lerOs(c: AppContext, id: string) {
  const me = await exigir(c, { osId: id });
  const os = await getOs(c.get('deps').db, { id });
  if (!os) throw osNaoEncontrada();
  return osOut(os, me);
}

const dataUrl = (s: string) => {
  const m = /^data:(image\/[a-z+.-]+);base64,(.*)$/s.exec(s);
  if (!m)
    throw badRequest('Envie a imagem como data URL (data:image/...;base64,...).', [
      { path: 'imagem', message: 'Imagem inválida.' },
    ]);
  return Buffer.from(m[2]!, 'base64');
};
const fotoInput = z.object({
  imagem: z.string({ message: 'Envie a foto.' }).max(1_400_000, 'A foto deve ter no máximo 1 MB.'),
});

const idParam = (c: AppContext) => parseId(c, uuid);

/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  getOs: route({
    summary: 'Lista ordens de serviço (etapa, status, funcionário, período, busca)',
    access,
    query: osListQuery,
  }),
  getOsExportar: route({ ...exportContract('ordens de serviço', osListQuery), access }),
  getOsId: route({
    summary: 'Uma ordem de serviço: etapas, equipe, itens do orçamento (preços só com Vendas), fotos',
    access: 'sessao',
    description:
      'Instaladores (usuário vinculado a funcionário, sem Produção) leem só as OS em que têm etapa.',
    errors: [404],
  }),
  patchOsId: route({
    summary: 'Altera o endereço da obra (envie o updated_at lido)',
    access,
    body: osUpdate,
    errors: [404, 409],
  }),
  patchEtapa: route({
    summary: 'Agenda, equipe e notas de uma etapa (aviso quando um funcionário já está ocupado)',
    access,
    body: etapaUpdate,
    errors: [404, 409],
  }),
  postIniciar: route({
    summary: 'Inicia uma etapa (a anterior precisa estar concluída)',
    access: 'sessao',
    body: etapaAcao,
    errors: [404, 409],
  }),
  postConcluir: route({
    summary: 'Conclui uma etapa (a anterior precisa estar concluída)',
    access: 'sessao',
    body: etapaAcao,
    errors: [404, 409],
  }),
  postFoto: route({
    summary: 'Envia uma foto da etapa (reduzida e regravada como JPEG pelo servidor)',
    access: 'sessao',
    body: fotoInput,
    status: 201,
    errors: [404, 409, 413],
  }),
  postAssinatura: route({
    summary: 'Assinatura do cliente na entrega (PNG desenhado na tela)',
    access: 'sessao',
    body: assinaturaInput,
    status: 201,
    errors: [404, 409],
  }),
  getFoto: route({
    summary: 'Uma foto ou assinatura da OS',
    access: 'sessao',
    produces: 'image/jpeg',
    errors: [404],
  }),
  getAgenda: route({
    summary: 'Etapas agendadas num período (por funcionário, opcional)',
    access,
    query: agendaQuery,
  }),
  getAAgendar: route({
    summary: 'Etapas atuais ainda sem agendamento (para arrastar para a agenda)',
    access,
    query: aAgendarQuery,
  }),
  getMinhaAgenda: route({
    summary: 'As etapas do funcionário vinculado ao usuário: hoje e os próximos dias',
    access: 'sessao',
    query: minhaAgendaQuery,
  }),
  getConfig: route({ summary: 'Etapas usadas pela marmoraria', access }),
  putConfig: route({
    summary: 'Escolhe as etapas usadas (vale para as novas OS)',
    access,
    body: producaoConfigUpdate,
    errors: [409],
  }),
  getIndicadores: route({
    summary: 'Cartões do painel: instalações desta semana e OS atrasadas',
    access: ['producao', 'dashboard'],
  }),
};

export const producaoRoutes = new Hono<AppEnv>()
  .get('/os', doc.getOs, async (c) => c.json(await listarOs(c, parseQuery(c, osListQuery))))
  .get(
    '/os/exportar',
    doc.getOsExportar,
    exportHandler(osListQuery, (q, c) => ({
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
      where: osWhere(filtros(q, c.get('deps').config.tzNegocio)),
      order: osExportOrder,
      page: (db, p) => listOs(db, { ...p, offset: 0 }),
    })),
  )
  .get('/os/:id', doc.getOsId, async (c) => c.json(await lerOs(c, idParam(c))))
  .patch('/os/:id', doc.patchOsId, async (c) => {
    const id = idParam(c);
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
    return c.json(osOut((await getOs(db, { id }))!, currentUser(c)));
  })
  .patch('/etapas/:id', doc.patchEtapa, async (c) => {
    const id = idParam(c);
    return c.json(await atualizarEtapa(c, { etapaId: id }, await parseBody(c, etapaUpdate)));
  })
  .post('/etapas/:id/iniciar', doc.postIniciar, async (c) =>
    c.json(await mudarStatus(c, 'em_andamento', { etapaId: idParam(c) })),
  )
  .post('/etapas/:id/concluir', doc.postConcluir, async (c) =>
    c.json(await mudarStatus(c, 'concluida', { etapaId: idParam(c) })),
  )
  .post('/etapas/:id/fotos', doc.postFoto, async (c) => {
    const id = idParam(c);
    const me = await exigir(c, { etapaId: id });
    const { imagem } = await parseBody(c, fotoInput);
    const img = await reencodeImage(dataUrl(imagem), FOTO_LIMITES);
    return c.json(await guardarImagem(c, id, me, 'foto', img), 201);
  })
  .post('/etapas/:id/assinatura', doc.postAssinatura, async (c) => {
    const id = idParam(c);
    const me = await exigir(c, { etapaId: id });
    const { imagem } = await parseBody(c, assinaturaInput);
    const img = await reencodeImage(dataUrl(imagem), {
      maxInputBytes: 1024 * 1024,
      maxSide: 1200,
      format: 'png',
      field: 'imagem',
    });
    return c.json(await guardarImagem(c, id, me, 'assinatura', img), 201);
  })
  .get('/os/:id/fotos/:fotoId', doc.getFoto, async (c) => {
    const id = idParam(c);
    const fotoId = parseId(c, uuid, 'fotoId');
    await exigir(c, { osId: id });
    const foto = await getFoto(c.get('deps').db, { osId: id, id: fotoId });
    if (!foto) throw notFound('Foto não encontrada.');
    return c.body(new Uint8Array(foto.bytes), 200, {
      'content-type': foto.mime,
      'content-disposition': 'inline',
      'cache-control': 'private, max-age=86400, immutable',
    });
  })
  .get('/agenda', doc.getAgenda, async (c) => {
    const q = parseQuery(c, agendaQuery);
    const { db, config } = c.get('deps');
    const periodo = {
      de: new Date(q.de),
      ate: new Date(q.ate),
      funcionarioId: q.funcionario_id || undefined,
    };
    if (q.por_dia) {
      return jsonText<AgendaResposta>(
        c,
        await agendaMesJson(db, { ...periodo, porDia: q.por_dia, tz: config.tzNegocio }),
      );
    }
    const { items } = await agenda(db, periodo);
    // A period with more stages than one answer carries says so (the screen asks for a narrower one).
    const resposta: AgendaResposta = {
      items: items.slice(0, AGENDA_MAX),
      truncado: items.length > AGENDA_MAX,
      dias: null,
    };
    return c.json(resposta);
  })
  .get('/a-agendar', doc.getAAgendar, async (c) => {
    const q = parseQuery(c, aAgendarQuery);
    return c.json({
      items: await aAgendar(c.get('deps').db, {
        etapa: q.etapa || undefined,
        q: q.q || undefined,
        limit: q.limit,
      }),
    });
  })
  .get('/minha-agenda', doc.getMinhaAgenda, async (c) => {
    const { dias } = parseQuery(c, minhaAgendaQuery);
    const me = currentUser(c);
    // Not linked to an employee: nothing of theirs to show (the screen says why).
    if (!me.funcionario_id) return c.json({ funcionario_id: null, items: [] as AgendaRow[] });
    const { db, config } = c.get('deps');
    const hoje = inicioDoDia(
      new Date().toLocaleDateString('sv-SE', { timeZone: config.tzNegocio }),
      config.tzNegocio,
    );
    const rows = await minhaAgenda(db, {
      funcionarioId: me.funcionario_id,
      de: hoje,
      ate: new Date(hoje.getTime() + dias * 86_400_000),
    });
    return c.json({ funcionario_id: me.funcionario_id as string | null, items: rows as AgendaRow[] });
  })
  .get('/config', doc.getConfig, async (c) => c.json(await getProducaoConfig(c.get('deps').db)))
  .put('/config', doc.putConfig, async (c) => {
    const input = await parseBody(c, producaoConfigUpdate);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      if (!(await setProducaoConfig(tx, { etapas: input.etapas, updatedAt: input.updated_at })))
        throw staleWrite();
      await publish(tx, RECURSO, 'atualizado');
    });
    return c.json(await getProducaoConfig(db));
  })
  .get('/indicadores', doc.getIndicadores, async (c) => {
    const { db, config } = c.get('deps');
    const agora = new Date();
    const semana = semanaAtual(config.tzNegocio, agora);
    return c.json(await indicadoresProducao(db, { semanaDe: semana.de, semanaAte: semana.ate, agora }));
  });

/**
 * Iniciar / Concluir. The order rule (domain/producao.ts motivoBloqueio) answers 409 with the reason.
 * Pressing again what already happened answers the stage as it is (a phone's retry after a lost
 * answer must not fail); anything else needs the version the screen read. `etapa.osId`: the stage
 * must be of that OS (the contract's path names both).
 */
export async function mudarStatus(
  c: AppContext,
  alvo: Extract<StatusEtapa, 'em_andamento' | 'concluida'>,
  etapa: { etapaId: string; osId?: string },
) {
  const id = etapa.etapaId;
  const me = await exigir(c, { etapaId: id });
  const { updated_at } = await parseBody(c, etapaAcao);
  const { db } = c.get('deps');
  await db.transaction(async (tx) => {
    const cur = await lockEtapa(tx, { id });
    if (!cur || (etapa.osId && cur.os_id !== etapa.osId)) throw etapaNaoEncontrada();
    if (cur.status === alvo) return;
    if (cur.status === 'concluida') throw conflict('Etapa concluída', 'Esta etapa já foi concluída.');
    if (cur.os_status === 'cancelada') throw osCancelada();
    if (cur.updated_at.getTime() !== new Date(updated_at).getTime()) throw staleWrite();
    const etapas = (await getOs(tx, { id: cur.os_id }))!.etapas.map((e) => ({
      etapa: e.etapa as EtapaOs,
      ordem: e.ordem,
      status: e.status as StatusEtapa,
    }));
    const motivo = motivoBloqueio(etapas, cur.etapa as EtapaOs);
    if (motivo) throw conflict('Etapa fora de ordem', motivo);
    const agora = new Date();
    const values: Record<string, unknown> = { status: alvo };
    if (!cur.iniciada_em) Object.assign(values, { iniciada_em: agora, iniciada_por: me.id });
    if (alvo === 'concluida') Object.assign(values, { concluida_em: agora, concluida_por: me.id });
    const r = await updateEtapa(tx, { id, values, updatedAt: updated_at });
    if (r === 'stale') throw staleWrite();
    await atualizarResumoOs(tx, { osId: cur.os_id });
    await publish(tx, RECURSO, 'atualizado', cur.os_id);
  });
  return (await getEtapa(db, { id }))!;
}

async function guardarImagem(
  c: AppContext,
  etapaId: string,
  me: Me,
  tipo: 'foto' | 'assinatura',
  img: { mime: string; bytes: Buffer },
) {
  return c.get('deps').db.transaction(async (tx) => {
    const cur = await lockEtapa(tx, { id: etapaId });
    if (!cur) throw etapaNaoEncontrada();
    if (cur.os_status === 'cancelada') throw osCancelada();
    if (tipo === 'assinatura' && cur.etapa !== 'entrega') {
      const msg = 'A assinatura do cliente é colhida na etapa de entrega.';
      throw badRequest(msg, [{ path: 'imagem', message: msg }]);
    }
    const r = await insertFoto(tx, {
      osId: cur.os_id,
      etapaId,
      tipo,
      mime: img.mime,
      bytes: img.bytes,
      por: me.id,
    });
    await publish(tx, RECURSO, 'atualizado', cur.os_id);
    return { id: r.id, os_id: cur.os_id, etapa_id: etapaId, tipo, mime: img.mime, created_at: r.created_at };
  });
}

/**
 * Schedule, team and notes of one stage (`alvo.osId`: the stage must be of that OS, as the contract's
 * path names it). Answers the stage and the double bookings it made (`avisos`).
 */
export async function atualizarEtapa(
  c: AppContext,
  alvo: { etapaId: string; osId?: string },
  input: EtapaUpdateInput,
) {
  const id = alvo.etapaId;
  const { db } = c.get('deps');
  const avisos = await db.transaction(async (tx) => {
    const cur = await lockEtapa(tx, { id });
    if (!cur || (alvo.osId && cur.os_id !== alvo.osId)) throw etapaNaoEncontrada();
    if (cur.os_status === 'cancelada') throw osCancelada();
    if (cur.updated_at.getTime() !== new Date(input.updated_at).getTime()) throw staleWrite();
    const antes = await equipeIds(tx, { etapaId: id });
    const mudou = (novo: string | null | undefined, atual: Date | null) =>
      novo !== undefined && (novo === null ? atual !== null : atual?.getTime() !== new Date(novo).getTime());
    const moveu = mudou(input.inicio, cur.inicio) || mudou(input.fim, cur.fim);
    const novaEquipe = input.funcionario_ids ? [...new Set(input.funcionario_ids)] : antes;
    const equipeMudou = novaEquipe.length !== antes.length || novaEquipe.some((f) => !antes.includes(f));
    if (cur.status === 'concluida' && (moveu || equipeMudou)) {
      throw conflict('Etapa concluída', 'Uma etapa concluída não pode ser movida nem ter a equipe alterada.');
    }
    // Only the employees added now must be active: one who left keeps the stages already done with them.
    const novos = novaEquipe.filter((f) => !antes.includes(f));
    if (novos.length) {
      const ativos = new Set((await funcionariosAtivos(tx, { ids: novos })).map((f) => f.id));
      const fora = novos.filter((f) => !ativos.has(f));
      if (fora.length) {
        const msg = 'Funcionário inativo ou inexistente: escolha funcionários ativos.';
        throw badRequest(msg, [{ path: 'funcionario_ids', message: msg }]);
      }
    }
    const values: Record<string, unknown> = {};
    if (input.inicio !== undefined) {
      values.inicio = input.inicio ? new Date(input.inicio) : null;
      values.fim = input.fim ? new Date(input.fim) : null;
      if (cur.status === 'pendente' && input.inicio) values.status = 'agendada';
      if (cur.status === 'agendada' && !input.inicio) values.status = 'pendente';
    }
    if (input.notas !== undefined) values.notas = input.notas;
    const r = await updateEtapa(tx, { id, values, updatedAt: input.updated_at });
    if (r === 'missing') throw etapaNaoEncontrada();
    if (r === 'stale') throw staleWrite();
    if (equipeMudou) await setEquipe(tx, { etapaId: id, funcionarioIds: novaEquipe });
    await publish(tx, RECURSO, 'atualizado', cur.os_id);
    const inicio =
      (values.inicio as Date | null | undefined) ?? (input.inicio === undefined ? cur.inicio : null);
    const fim = (values.fim as Date | null | undefined) ?? (input.fim === undefined ? cur.fim : null);
    // Booking someone twice is allowed (a short visit between two jobs), but said out loud.
    return inicio && fim && cur.status !== 'concluida'
      ? conflitosAgenda(tx, { etapaId: id, funcionarioIds: novaEquipe, inicio, fim })
      : [];
  });
  return { etapa: (await getEtapa(db, { id }))!, avisos };
}
