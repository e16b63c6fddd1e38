import { lockChapas, osParaReserva, setSituacao } from '../../db/queries/chapas';
import {
  type ChapaParaPlano,
  chapasDaPedra,
  chapasPorIds,
  chapaUsual,
  gravarPlano,
  nomeProduto,
  pecasDoOrcamento,
  planoDaOs,
} from '../../db/queries/planos-corte';
import type { ChapaEntrada, PlanoCorte } from '../../domain/plano-corte';
import { validarPlano } from '../../domain/plano-corte-validacao';
import {
  type EstimativaInput,
  PECAS_MAXIMAS,
  type PlanoOsInput,
  type PlanoOsSalvar,
} from '../../schemas/planos-corte';
import type { AppDeps } from '../context';
import { badRequest, conflict, notFound } from '../errors';
import { publish } from '../events';
import { calcularPlanoCorte } from '../plano-corte';
import { osReservada, reservarChapa } from './chapas';

/** A slab of the yard as the planner takes it: one of its kind, named by the code on its label. */
export const chapaEntrada = (c: ChapaParaPlano): ChapaEntrada => ({
  ref: c.codigo,
  chapa_id: c.id,
  largura_mm: c.largura_mm,
  altura_mm: c.altura_mm,
  quantidade: 1,
  sobra: c.tipo === 'sobra',
  formato: c.formato,
  recorte_largura_mm: c.recorte_largura_mm,
  recorte_altura_mm: c.recorte_altura_mm,
});

/** `produto_id` instead of `chapas`: the stone's available slabs and remnants (remnants first). */
export async function chapasDoProduto(db: AppDeps['db'], produtoId: string): Promise<ChapaEntrada[]> {
  const nome = await nomeProduto(db, { id: produtoId });
  if (!nome)
    throw badRequest('Pedra não encontrada.', [{ path: 'produto_id', message: 'Pedra não encontrada.' }]);
  const rows = await chapasDaPedra(db, { produtoId });
  if (!rows.length)
    throw conflict('Sem chapas', `Não há chapas nem sobras disponíveis de ${nome} no estoque.`);
  return rows.map(chapaEntrada);
}

// ── A work order's plan (issue 29)

export interface PecaDaOs {
  ref: string;
  largura_mm: number;
  altura_mm: number;
  quantidade: number;
  girar: boolean;
}

export interface PedraPlano {
  produto_id: string;
  produto_nome: string;
  pecas: PecaDaOs[];
  plano: PlanoCorte;
}

export interface PlanoOs {
  ordem_servico_id: string;
  numero: number;
  salvo: boolean;
  salvo_em: string | null;
  parametros: { chapa_ids: string[]; sem_girar: string[]; serra_mm: number; refilo_mm: number };
  pedras: PedraPlano[];
}

const osNaoEncontrada = () => notFound('Ordem de serviço não encontrada.');
export const SEM_CHAPAS = 'Não há chapas nem sobras disponíveis desta pedra no estoque.';

/** A piece's name on the plan and in the cut list: its line in the quote, a strip named after its top. */
function refPeca(p: Awaited<ReturnType<typeof pecasDoOrcamento>>[number]) {
  const n = p.posicao + 1;
  const nome =
    p.faixa && p.faixa_de !== null
      ? `${p.faixa === 'saia' ? 'Saia' : 'Frontão'} da peça ${p.faixa_de + 1}`
      : (p.item_nome ?? p.produto_nome);
  return `Peça ${n} · ${nome}`.slice(0, 80);
}

/** A quote's m² lines as the planner's pieces, grouped by stone (the quote's order kept). */
export function pecasPorPedra(
  linhas: Awaited<ReturnType<typeof pecasDoOrcamento>>,
  semGirar: string[],
): Map<string, { nome: string; pecas: PecaDaOs[] }> {
  const travadas = new Set(semGirar);
  const porPedra = new Map<string, { nome: string; pecas: PecaDaOs[] }>();
  for (const l of linhas) {
    const g = porPedra.get(l.produto_id) ?? { nome: l.produto_nome, pecas: [] };
    const ref = refPeca(l);
    g.pecas.push({
      ref,
      largura_mm: l.largura_mm,
      altura_mm: l.altura_mm,
      quantidade: l.quantidade,
      girar: !travadas.has(ref),
    });
    porPedra.set(l.produto_id, g);
  }
  return porPedra;
}

/** Nothing of a stone can be planned: every piece is reported, none placed. */
export function planoVazio(
  pecas: PecaDaOs[],
  motivo: string,
  opcoes: { serra_mm: number; refilo_mm: number },
): PlanoCorte {
  return {
    chapas: [],
    nao_couberam: pecas.flatMap((p) => Array.from({ length: p.quantidade }, () => ({ ref: p.ref, motivo }))),
    aproveitamento: 0,
    sobras: [],
    chapas_novas: 0,
    sobras_usadas: 0,
    minimo_chapas_novas: 0,
    minimo_comprovado: false,
    serra_mm: opcoes.serra_mm,
    refilo_mm: opcoes.refilo_mm,
    rodadas: 0,
    tempo_ms: 0,
  };
}

/**
 * What a work order's plan is made of: the OS, its quote's m² pieces grouped by stone (rotations locked
 * as asked) and the slabs chosen, each checked (known, of a stone the OS uses, not another job's).
 */
async function prepararOs(db: AppDeps['db'], osId: string, input: PlanoOsInput) {
  const os = await osParaReserva(db, { id: osId });
  if (!os) throw osNaoEncontrada();
  const linhas = os.orcamento_id ? await pecasDoOrcamento(db, { orcamentoId: os.orcamento_id }) : [];
  if (!linhas.length)
    throw conflict('Sem peças', `A OS ${os.numero} não tem peças em m² com medidas no orçamento.`);
  const total = linhas.reduce((s, l) => s + l.quantidade, 0);
  if (total > PECAS_MAXIMAS)
    throw conflict(
      'Peças demais',
      `A OS ${os.numero} tem ${total} peças: o plano aceita até ${PECAS_MAXIMAS}.`,
    );
  const porPedra = pecasPorPedra(linhas, input.sem_girar);
  const escolhidas = await chapasPorIds(db, { ids: input.chapa_ids });
  for (const [i, id] of input.chapa_ids.entries()) {
    const c = escolhidas.find((x) => x.id === id);
    const recusa = (message: string) => badRequest(message, [{ path: `chapa_ids.${i}`, message }]);
    if (!c) throw recusa('Chapa não encontrada.');
    if (!porPedra.has(c.produto_id)) throw recusa(`A chapa ${c.codigo} é de uma pedra que esta OS não usa.`);
    if (c.status === 'reservada' && c.ordem_servico_id !== osId)
      throw conflict(
        'Chapa reservada',
        `A chapa ${c.codigo} já está reservada para ${await osReservada(db, c)}.`,
      );
    if (c.status !== 'disponivel' && c.status !== 'reservada')
      throw conflict('Chapa indisponível', `A chapa ${c.codigo} não está disponível.`);
  }
  return { os, porPedra, escolhidas };
}

const planoOs = (os: { id: string; numero: number }, input: PlanoOsInput, pedras: PedraPlano[]): PlanoOs => ({
  ordem_servico_id: os.id,
  numero: os.numero,
  salvo: false,
  salvo_em: null,
  parametros: {
    chapa_ids: input.chapa_ids,
    sem_girar: input.sem_girar,
    serra_mm: input.serra_mm,
    refilo_mm: input.refilo_mm,
  },
  pedras,
});

/**
 * Plans a work order's cut: its quote's m² pieces (saias and frontões included, quantities expanded by
 * the planner), one plan per stone, on the chosen slabs of that stone or, where none was chosen, on its
 * available slabs and remnants (remnants first) and those this OS already holds. Saves nothing.
 */
export async function planejarOs(deps: AppDeps, osId: string, input: PlanoOsInput): Promise<PlanoOs> {
  const { db, config } = deps;
  const { os, porPedra, escolhidas } = await prepararOs(db, osId, input);
  const opcoes = { serra_mm: input.serra_mm, refilo_mm: input.refilo_mm, tempo_ms: input.tempo_ms };
  const pedras: PedraPlano[] = [];
  for (const [produtoId, g] of porPedra) {
    const daPedra = escolhidas.filter((c) => c.produto_id === produtoId);
    // chosen slabs in the order chosen: remnants are the planner's to prefer
    const rows = daPedra.length ? daPedra : await chapasDaPedra(db, { produtoId, osId });
    const plano = rows.length
      ? await calcularPlanoCorte(config, g.pecas, rows.map(chapaEntrada), opcoes)
      : planoVazio(g.pecas, SEM_CHAPAS, opcoes);
    pedras.push({ produto_id: produtoId, produto_nome: g.nome, pecas: g.pecas, plano });
  }
  return planoOs(os, input, pedras);
}

/**
 * A plan sent to be saved (the proposal the OS page shows: the planner is an anytime search, so planning
 * again could answer another plan). It is taken only if it answers this OS as it is now: one plan per
 * stone of the quote; on slabs of the yard of that stone (among the chosen ones, when slabs were chosen);
 * every piece placed once or reported; and the independent validator finds nothing wrong (inside the
 * slab and its trim, blade between pieces, locked rotations, guillotine cuts, figures). 400 naming the
 * first problems otherwise. Whether its slabs are still free is the save's transaction's to check.
 */
async function planoEnviado(
  db: AppDeps['db'],
  osId: string,
  input: PlanoOsInput & { pedras: NonNullable<PlanoOsSalvar['pedras']> },
): Promise<PlanoOs> {
  const { os, porPedra } = await prepararOs(db, osId, input);
  const recusa = (path: string, message: string) => badRequest(message, [{ path, message }]);
  const vistos = new Set<string>();
  for (const [i, pd] of input.pedras.entries()) {
    if (!porPedra.has(pd.produto_id))
      throw recusa(`pedras.${i}.produto_id`, 'O plano é de uma pedra que esta OS não usa.');
    if (vistos.has(pd.produto_id))
      throw recusa(`pedras.${i}.produto_id`, 'O plano traz a mesma pedra duas vezes.');
    vistos.add(pd.produto_id);
  }
  for (const [produtoId, g] of porPedra)
    if (!vistos.has(produtoId)) throw recusa('pedras', `Falta o plano de ${g.nome}.`);
  const ids = [...new Set(input.pedras.flatMap((pd) => pd.plano.chapas.map((c) => c.chapa_id ?? '')))];
  const rows = await chapasPorIds(db, { ids: ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)) });
  const pedras: PedraPlano[] = [];
  for (const [produtoId, g] of porPedra) {
    const i = input.pedras.findIndex((pd) => pd.produto_id === produtoId);
    const plano = input.pedras[i]!.plano;
    const onde = `pedras.${i}.plano`;
    if (plano.serra_mm !== input.serra_mm || plano.refilo_mm !== input.refilo_mm)
      throw recusa(
        `${onde}.serra_mm`,
        `O plano de ${g.nome} foi feito com serra de ${plano.serra_mm} mm e refilo de ${plano.refilo_mm} mm, não com os informados (${input.serra_mm} mm e ${input.refilo_mm} mm).`,
      );
    const usadas = new Map<string, ChapaParaPlano>();
    for (const [j, c] of plano.chapas.entries()) {
      const path = `${onde}.chapas.${j}.chapa_id`;
      const row = rows.find((r) => r.id === c.chapa_id);
      if (!row) throw recusa(path, `A chapa ${c.ref} do plano de ${g.nome} não está no estoque.`);
      if (row.produto_id !== produtoId)
        throw recusa(path, `A chapa ${row.codigo} não é de ${g.nome}: é de outra pedra.`);
      if (input.chapa_ids.length && !input.chapa_ids.includes(row.id))
        throw recusa(path, `A chapa ${row.codigo} não está entre as chapas escolhidas.`);
      usadas.set(row.id, row);
    }
    const erros = validarPlano(g.pecas, [...usadas.values()].map(chapaEntrada), plano, input);
    if (erros.length) {
      const message = `O plano de ${g.nome} não confere: ${erros.slice(0, 3).join('; ')}${erros.length > 3 ? ` (e mais ${erros.length - 3})` : ''}.`;
      throw recusa(onde, message);
    }
    pedras.push({ produto_id: produtoId, produto_nome: g.nome, pecas: g.pecas, plano });
  }
  return planoOs(os, input, pedras);
}

const idsDoPlano = (p: Pick<PlanoOs, 'pedras'>) => [
  ...new Set(
    p.pedras.flatMap((x) => x.plano.chapas.map((c) => c.chapa_id).filter((id): id is string => !!id)),
  ),
];

/**
 * Saves the plan sent (checked by `planoEnviado`) or, when none is sent, plans and saves that answer:
 * the plan replaces the OS's previous one and its slabs are reserved for the OS (the
 * Estoque reservation, under each slab's row lock), in one transaction. A slab another OS reserved
 * between the plan and the save → 409 naming it, and nothing is saved. Slabs the previous plan
 * reserved and this one no longer uses go back to stock.
 */
export async function salvarPlanoOs(
  deps: AppDeps,
  osId: string,
  input: PlanoOsSalvar,
  usuarioId: string | null,
): Promise<PlanoOs> {
  const { pedras, ...parametros } = input;
  const plano = pedras
    ? await planoEnviado(deps.db, osId, { ...parametros, pedras })
    : await planejarOs(deps, osId, parametros);
  const ids = idsDoPlano(plano);
  const salvo = await deps.db.transaction(async (tx) => {
    const os = await osParaReserva(tx, { id: osId });
    if (!os) throw osNaoEncontrada();
    if (os.status !== 'aberta')
      throw conflict(
        'OS encerrada',
        `A OS ${os.numero} não está aberta: o plano de corte não pode ser salvo.`,
      );
    const anterior = await planoDaOs(tx, { osId });
    const antigas = anterior ? idsDoPlano(anterior.plano as PlanoOs).filter((id) => !ids.includes(id)) : [];
    const rows = await lockChapas(tx, { ids: [...ids, ...antigas] });
    for (const id of ids) {
      const cur = rows.find((r) => r.id === id);
      if (!cur)
        throw conflict('Chapa removida', 'Uma chapa do plano foi removida do estoque. Calcule de novo.');
      if (cur.status === 'reservada' && cur.ordem_servico_id !== osId)
        throw conflict(
          'Chapa reservada',
          `A chapa ${cur.codigo} foi reservada para ${await osReservada(tx, cur)} enquanto o plano era feito. Calcule o plano de novo.`,
        );
      await reservarChapa(tx, { cur, os });
    }
    for (const cur of rows)
      if (antigas.includes(cur.id) && cur.status === 'reservada' && cur.ordem_servico_id === osId) {
        await setSituacao(tx, { id: cur.id, status: 'disponivel', ordemServicoId: null });
        await publish(tx, 'chapas', 'atualizado', cur.id);
      }
    const r = await gravarPlano(tx, {
      osId,
      plano: { pedras: plano.pedras },
      parametros: plano.parametros,
      usuarioId,
    });
    await publish(tx, 'producao', 'atualizado', osId);
    return r;
  });
  return { ...plano, salvo: true, salvo_em: salvo.updated_at.toISOString() };
}

/** The OS's saved plan, or null. */
export async function planoSalvoDaOs(db: AppDeps['db'], osId: string): Promise<PlanoOs | null> {
  const os = await osParaReserva(db, { id: osId });
  if (!os) throw osNaoEncontrada();
  const r = await planoDaOs(db, { osId });
  if (!r) return null;
  return {
    ordem_servico_id: osId,
    numero: os.numero,
    salvo: true,
    salvo_em: r.updated_at.toISOString(),
    parametros: r.parametros as PlanoOs['parametros'],
    pedras: (r.plano as Pick<PlanoOs, 'pedras'>).pedras,
  };
}

/**
 * The quote editor's "≈ N chapas (aproveitamento X %)": each stone's pieces planned on as many slabs of
 * its usual size (the most common among its whole slabs in the yard) as they need. A short budget: the
 * seller needs the count while typing, and one more piece costing one more slab shows at this effort.
 * A stone without slabs in the yard has no usual size: no estimate.
 */
export async function estimarChapas(deps: AppDeps, input: EstimativaInput) {
  const { db, config } = deps;
  const ids = [...new Set(input.pedras.map((p) => p.produto_id))];
  const usuais = await chapaUsual(db, { produtoIds: ids });
  const out = [];
  for (const p of input.pedras) {
    const nome = (await nomeProduto(db, { id: p.produto_id })) ?? '';
    const u = usuais.find((x) => x.produto_id === p.produto_id);
    if (!nome || !u) {
      out.push({
        produto_id: p.produto_id,
        produto_nome: nome,
        chapa: null,
        chapas: null,
        aproveitamento: null,
        nao_couberam: 0,
      });
      continue;
    }
    const area = p.pecas.reduce((s, x) => s + x.largura_mm * x.altura_mm * x.quantidade, 0);
    const quantidade = Math.min(100, 2 * Math.ceil(area / (u.largura_mm * u.altura_mm)) + 2);
    const pecas = p.pecas.map((x, i) => ({ ref: `${i + 1}`, ...x }));
    const plano = await calcularPlanoCorte(
      config,
      pecas,
      [{ ref: 'usual', largura_mm: u.largura_mm, altura_mm: u.altura_mm, quantidade }],
      { tempo_ms: 300 },
    );
    out.push({
      produto_id: p.produto_id,
      produto_nome: nome,
      chapa: { largura_mm: u.largura_mm, altura_mm: u.altura_mm },
      chapas: plano.chapas.length,
      aproveitamento: plano.aproveitamento,
      nao_couberam: plano.nao_couberam.length,
    });
  }
  return { pedras: out };
}
