import { type ChildProcess, execFile, fork, type Serializable } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ChapaEntrada, OpcoesPlano, PecaEntrada, PlanoCorte } from '../domain/plano-corte';
import { Gate } from './auth/gate';
import type { AppDeps } from './context';
import { HttpError } from './errors';

/**
 * Cutting plans run in child processes of their own (`plano-corte-worker.mjs`): a plan may take its whole
 * time budget (up to 10 s) of CPU, which on the request thread would stall every other request. They are
 * kept and reused (loading the planner costs more than a small plan), `PLANO_CONCORRENTES` at once (1 by
 * default: on a 2-core server the other core keeps answering), `PLANO_FILA` more waiting their turn; beyond
 * that 503 with Retry-After.
 *
 * A process and not a worker thread: the planner runs at the lowest priority (SCHED_IDLE, see
 * plano-corte-worker.ts), and a thread of the server's own process at that priority can be preempted
 * while it holds a lock the server's thread then waits for. It happened on every busy machine: the
 * planner, posting its answer, was preempted inside its message port's mutex, the server's thread woke
 * for that answer and blocked on the mutex, and every request waited until a starved thread got the CPU
 * back (2–8 s on this machine under stress-ng, over 50 s once in CI). The server's thread also fires the
 * lift below, so a blocked server never lifted the plan. A process shares no lock with the server: they
 * talk over a pipe.
 */
const WORKER = fileURLToPath(new URL('./plano-corte-worker.mjs', import.meta.url));
export const PLANO_OCUPADO_RETRY_S = 3;

type Planejador = ChildProcess;

interface Pool {
  gate: Gate;
  livres: Planejador[];
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

/** Ends a server instance's idle planners (a plan running still ends on its own). */
export function encerrarPlanejadores(config: AppDeps['config']) {
  const pool = pools.get(config);
  for (const p of pool?.livres.splice(0) ?? []) p.kill('SIGKILL');
}

/**
 * Runs `aplicar(alvo, pronto)` for the latest state asked of one planner, one change at a time: each waits
 * for the one before it to finish, and states asked meanwhile collapse into the last. The changes go through
 * a child process (`chrt`) each, which on a busy machine took up to 1.4 s: unordered, a plan's "back to idle"
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

const politicas = new WeakMap<Planejador, (alta: boolean) => void>();

/**
 * A plan waits at the lowest priority only for its budget: past it (a machine busy with other work
 * leaves a SCHED_IDLE process no CPU at all, and the plan would never end) the planner runs as a normal
 * process until it answers, and goes back to idle for the next plan. Every thread of it: on Linux the
 * policy and the nice value belong to each thread. Raising the nice value needs privileges; without them
 * the planner keeps nice 19 but leaves SCHED_IDLE.
 */
function prioridade(p: Planejador, alta: boolean) {
  const pid = p.pid;
  if (!pid || process.platform !== 'linux') return;
  let politica = politicas.get(p);
  if (!politica) {
    politica = politicaEmOrdem((alvo, pronto) =>
      execFile(
        'chrt',
        ['--all-tasks', alvo ? '--other' : '--idle', '-p', '0', String(pid)],
        { timeout: 5000 },
        () => pronto(),
      ),
    );
    politicas.set(p, politica);
  }
  let tarefas: string[] = [];
  try {
    tarefas = readdirSync(`/proc/${pid}/task`);
  } catch {
    return; // the planner is gone
  }
  for (const tid of tarefas) {
    try {
      setPriority(Number(tid), alta ? constants.priority.PRIORITY_NORMAL : constants.priority.PRIORITY_LOW);
    } catch {
      // not allowed to raise it (or the thread ended): the policy alone
    }
  }
  politica(alta);
}

/** How long past its budget a plan may wait at the lowest priority. */
export const PLANO_FOLGA_MS = 500;

function novoPlanejador(): Promise<Planejador> {
  // No flags of the server's own (tsx's, vitest's, the test servers' V8 tiers): the .mjs loads the planner
  // through tsx's API from the sources; the compiled server has it compiled under that name.
  const p = fork(WORKER, [], {
    execArgv: ['--max-old-space-size=256'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // An idle planner keeps no one alive; one the server waits for does (see `rodar`).
  p.unref();
  return new Promise((resolve, reject) => {
    const falhou = (err: unknown) => reject(err instanceof Error ? err : new Error(String(err)));
    const saiu = (code: number | null) => falhou(new Error(`processo do plano de corte saiu (${code})`));
    p.once('error', falhou);
    p.once('exit', saiu);
    p.once('message', (m: { pronto?: boolean }) => {
      p.off('error', falhou);
      p.off('exit', saiu);
      p.channel?.unref();
      if (m.pronto) resolve(p);
      else falhou(new Error('processo do plano de corte não iniciou'));
    });
  });
}

function rodar(p: Planejador, msg: unknown, orcamentoMs: number, limiteMs: number): Promise<PlanoCorte> {
  return new Promise((resolve, reject) => {
    let erguido = false;
    const socorro = setTimeout(() => {
      erguido = true;
      prioridade(p, true);
    }, orcamentoMs + PLANO_FOLGA_MS);
    const fim = () => {
      p.channel?.unref();
      clearTimeout(timer);
      clearTimeout(socorro);
      if (erguido) prioridade(p, false);
      p.off('message', aoResponder);
      p.off('error', aoFalhar);
      p.off('exit', aoSair);
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
    const aoSair = (code: number | null) => {
      fim();
      reject(new Error(`processo do plano de corte saiu (${code})`));
    };
    // The planner keeps its own budget; this only guards against a planner that never answers.
    const timer = setTimeout(() => {
      fim();
      p.kill('SIGKILL');
      reject(new Error('plano de corte passou do tempo'));
    }, limiteMs);
    p.on('message', aoResponder);
    p.once('error', aoFalhar);
    p.once('exit', aoSair);
    p.channel?.ref();
    p.send(msg as Serializable);
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
  let p: Planejador | undefined;
  try {
    p = pool.livres.pop() ?? (await novoPlanejador());
    const orcamento = opcoes.tempo_ms ?? 1500;
    const plano = await rodar(p, { pecas, chapas, opcoes }, orcamento, orcamento + 15_000);
    pool.livres.push(p);
    return plano;
  } catch (err) {
    p?.kill('SIGKILL');
    throw err;
  } finally {
    liberar();
  }
}
