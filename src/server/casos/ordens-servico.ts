import { numbersOut, paginate } from '../../db/queries/common';
import {
  atualizarResumoOs,
  conflitosAgenda,
  equipeIds,
  funcionarioNaEtapa,
  funcionarioNaOs,
  funcionariosAtivos,
  getEtapa,
  lockEtapa,
  setEquipe,
  updateEtapa,
} from '../../db/queries/producao/etapas';
import { insertFoto } from '../../db/queries/producao/fotos';
import { countOs, getOs, listOs, type OsDetalhe, osSort, osWhere } from '../../db/queries/producao/ordens';
import { inicioDoDia, motivoBloqueio } from '../../domain/producao';
import type { Me } from '../../schemas/auth';
import type { EtapaOs, StatusEtapa } from '../../schemas/enums';
import type { EtapaUpdateInput, OsListQuery } from '../../schemas/producao';
import type { AppDeps } from '../context';
import { badRequest, conflict, notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { forbidden } from '../permissions';
import { orderFrom } from '../sort';

/**
 * Work orders and their stages (`/api/ordens-servico`): who may act on them, reading them, starting,
 * completing and scheduling a stage, its photos and signature. Plain inputs (the deps, the acting
 * user, the parsed input), so a route parses, calls one of these and shapes the answer.
 */

export const RECURSO = 'producao';
export const osNaoEncontrada = () => notFound('Ordem de serviço não encontrada.');
const etapaNaoEncontrada = () => notFound('Etapa não encontrada.');
export const osCancelada = () => conflict('OS cancelada', 'Esta ordem de serviço está cancelada.');

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

/** Resolves once `me` may work on this stage or OS (see `escopo`); 403 otherwise. */
export async function exigir(deps: AppDeps, me: Me, alvo: { etapaId: string } | { osId: string }) {
  const s = escopo(me);
  if (s.tudo) return;
  const { funcionarioId } = s;
  const atribuido =
    'etapaId' in alvo
      ? await funcionarioNaEtapa(deps.db, { etapaId: alvo.etapaId, funcionarioId })
      : await funcionarioNaOs(deps.db, { osId: alvo.osId, funcionarioId });
  if (!atribuido) throw forbidden();
}

/** The list's filters in SQL terms: the period's days are the business time zone's. */
export function filtrosOs(q: OsListQuery, tz: string) {
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
export function osOut(os: OsDetalhe, me: Me) {
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

/** A page of the OS list. */
export async function listarOs(deps: AppDeps, q: OsListQuery) {
  const { db, config } = deps;
  const where = osWhere(filtrosOs(q, config.tzNegocio));
  const order = orderFrom(q.sort ?? '-created_at', osSort.sortable, osSort.idCol);
  return paginate(
    (limit, offset) => listOs(db, { where, order, limit, offset }),
    () => countOs(db, { where }),
    q.page,
    q.limit,
  );
}

/** One OS as its reader may see it (an installer only one they have a stage in; 404 unknown). */
export async function lerOs(deps: AppDeps, me: Me, id: string) {
  await exigir(deps, me, { osId: id });
  const os = await getOs(deps.db, { id });
  if (!os) throw osNaoEncontrada();
  return osOut(os, me);
}

/**
 * Iniciar / Concluir. The order rule (domain/producao.ts motivoBloqueio) answers 409 with the reason.
 * Pressing again what already happened answers the stage as it is (a phone's retry after a lost
 * answer must not fail); anything else needs the version the screen read. The stage must be of the
 * OS the path names.
 */
export async function mudarStatus(
  deps: AppDeps,
  me: Me,
  alvo: Extract<StatusEtapa, 'em_andamento' | 'concluida'>,
  etapa: { etapaId: string; osId: string; updated_at: string },
) {
  const id = etapa.etapaId;
  await exigir(deps, me, { etapaId: id });
  const { updated_at } = etapa;
  const { db } = deps;
  await db.transaction(async (tx) => {
    const cur = await lockEtapa(tx, { id });
    if (!cur || cur.os_id !== etapa.osId) throw etapaNaoEncontrada();
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

/** Stores a stage's photo or the customer's signature (already re-encoded), of the OS the path names. */
export async function guardarImagem(
  deps: AppDeps,
  me: Me,
  alvo: { osId: string; etapaId: string },
  tipo: 'foto' | 'assinatura',
  img: { mime: string; bytes: Buffer },
) {
  const { etapaId } = alvo;
  return deps.db.transaction(async (tx) => {
    const cur = await lockEtapa(tx, { id: etapaId });
    if (!cur || cur.os_id !== alvo.osId) throw etapaNaoEncontrada();
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
 * Schedule, team and notes of one stage of the OS the path names. Answers the stage and the double
 * bookings it made (`avisos`).
 */
export async function atualizarEtapa(
  deps: AppDeps,
  alvo: { etapaId: string; osId: string },
  input: EtapaUpdateInput,
) {
  const id = alvo.etapaId;
  const { db } = deps;
  const avisos = await db.transaction(async (tx) => {
    const cur = await lockEtapa(tx, { id });
    if (!cur || cur.os_id !== alvo.osId) throw etapaNaoEncontrada();
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
