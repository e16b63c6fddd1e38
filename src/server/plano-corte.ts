import { execFile } from 'node:child_process';
import { constants, setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ChapaEntrada, OpcoesPlano, PecaEntrada, PlanoCorte } from '../domain/plano-corte';
import { Gate } from './auth/gate';
import type { AppDeps } from './context';
import { HttpError } from './errors';

/**
 * Cutting plans run in worker threads (`plano-corte-worker.mjs`): a plan may take its whole time
 * budget (up to 10 s) of CPU, and on the request thread it would stall every other request for that
 * long. Workers are kept and reused (loading the planner through tsx costs more than a small plan),
 * `PLANO_CONCORRENTES` at once (1 by default: on a 2-core server the other core keeps answering),
 * `PLANO_FILA` more waiting their turn; beyond that 503 with Retry-After.
 */
const WORKER = new URL('./plano-corte-worker.mjs', import.meta.url);
export const PLANO_OCUPADO_RETRY_S = 3;

interface Pool {
  gate: Gate;
  livres: Worker[];
}

const pools = new WeakMap<AppDeps['config'], Pool>();

function poolOf(config: AppDeps['config']): Pool {
  let p = pools.get(config);
  if (!p) {
    p = { gate: new Gate(config.planoConcorrentes, config.planoFila), livres: [] };
    pools.set(config, p);
  }
  return p;
}

/** The gate of a server instance's plans (tests read how many ran at once). */
export const planoGate = (config: AppDeps['config']) => poolOf(config).gate;

/** Each worker's thread id (Linux), to change its priority from here. */
const tids = new WeakMap<Worker, number>();

/**
 * Runs `aplicar(alvo, pronto)` for the latest state asked of one thread, one change at a time: each waits for
 * the one before it to finish, and states asked meanwhile collapse into the last. The changes go through a
 * child process (`chrt`) each, which on a busy machine took up to 1.4 s: unordered, a plan's "back to idle"
 * could land after the next plan's lift and leave that plan at SCHED_IDLE, starved for as long as the
 * machine stayed busy (a test's plan took 30.5 s against a budget of 0.3 s).
 */
export function politicaEmOrdem(aplicar: (alta: boolean, pronto: () => void) => void) {
  let desejada: boolean | undefined;
  let emCurso = false;
  const proxima = () => {
    const alvo = desejada as boolean;
    emCurso = true;
    aplicar(alvo, () => {
      emCurso = false;
      if (desejada !== alvo) proxima();
    });
  };
  return (alta: boolean) => {
    desejada = alta;
    if (!emCurso) proxima();
  };
}

const politicas = new WeakMap<Worker, (alta: boolean) => void>();

/**
 * A plan waits at the lowest priority only for its budget: past it (a machine busy with other work
 * leaves a SCHED_IDLE thread no CPU at all, and the plan would never end) the thread runs as a normal
 * one until it answers, and goes back to idle for the next plan. Raising it needs privileges where the
 * niceness is concerned; without them it keeps nice 19 but leaves SCHED_IDLE.
 */
function prioridade(w: Worker, alta: boolean) {
  const tid = tids.get(w);
  if (!tid) return;
  let politica = politicas.get(w);
  if (!politica) {
    politica = politicaEmOrdem((alvo, pronto) =>
      execFile('chrt', [alvo ? '--other' : '--idle', '-p', '0', String(tid)], { timeout: 5000 }, () =>
        pronto(),
      ),
    );
    politicas.set(w, politica);
  }
  try {
    setPriority(tid, alta ? constants.priority.PRIORITY_NORMAL : constants.priority.PRIORITY_LOW);
  } catch {
    // not allowed to raise it: the policy alone
  }
  politica(alta);
}

/** How long past its budget a plan may wait at the lowest priority. */
export const PLANO_FOLGA_MS = 500;

function novoWorker(): Promise<Worker> {
  // A worker needs no tsx flags of its own: it loads the planner through tsx's API.
  const w = new Worker(WORKER, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 256 } });
  w.unref();
  return new Promise((resolve, reject) => {
    const falhou = (err: unknown) => reject(err instanceof Error ? err : new Error(String(err)));
    w.once('error', falhou);
    w.once('message', (m: { pronto?: boolean; tid?: number }) => {
      w.off('error', falhou);
      if (m.tid) tids.set(w, m.tid);
      if (m.pronto) resolve(w);
      else falhou(new Error('worker do plano de corte não iniciou'));
    });
  });
}

function rodar(w: Worker, msg: unknown, orcamentoMs: number, limiteMs: number): Promise<PlanoCorte> {
  return new Promise((resolve, reject) => {
    let erguido = false;
    const socorro = setTimeout(() => {
      erguido = true;
      prioridade(w, true);
    }, orcamentoMs + PLANO_FOLGA_MS);
    const fim = () => {
      clearTimeout(timer);
      clearTimeout(socorro);
      if (erguido) prioridade(w, false);
      w.off('message', aoResponder);
      w.off('error', aoFalhar);
      w.off('exit', aoSair);
    };
    const aoResponder = (m: { plano?: PlanoCorte; erro?: string }) => {
      fim();
      if (m.plano) resolve(m.plano);
      else reject(new Error(m.erro ?? 'plano de corte sem resposta'));
    };
    const aoFalhar = (err: Error) => {
      fim();
      reject(err);
    };
    const aoSair = (code: number) => {
      fim();
      reject(new Error(`worker do plano de corte saiu (${code})`));
    };
    // The planner keeps its own budget; this only guards against a worker that never answers.
    const timer = setTimeout(() => {
      fim();
      void w.terminate();
      reject(new Error('plano de corte passou do tempo'));
    }, limiteMs);
    w.on('message', aoResponder);
    w.once('error', aoFalhar);
    w.once('exit', aoSair);
    w.postMessage(msg);
  });
}

export async function calcularPlanoCorte(
  config: AppDeps['config'],
  pecas: PecaEntrada[],
  chapas: ChapaEntrada[],
  opcoes: OpcoesPlano,
): Promise<PlanoCorte> {
  const pool = poolOf(config);
  const turno = pool.gate.acquire();
  if (!turno) {
    throw new HttpError(
      503,
      'Servidor ocupado',
      'Muitos planos de corte ao mesmo tempo. Tente novamente em alguns segundos.',
      undefined,
      { 'retry-after': String(PLANO_OCUPADO_RETRY_S) },
    );
  }
  const liberar = await turno;
  let w: Worker | undefined;
  try {
    w = pool.livres.pop() ?? (await novoWorker());
    const orcamento = opcoes.tempo_ms ?? 1500;
    const plano = await rodar(w, { pecas, chapas, opcoes }, orcamento, orcamento + 15_000);
    pool.livres.push(w);
    return plano;
  } catch (err) {
    if (w) void w.terminate();
    throw err;
  } finally {
    liberar();
  }
}
