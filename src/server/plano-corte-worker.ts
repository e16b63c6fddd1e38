// The cutting planner in a worker thread of its own (see server/plano-corte.ts): a plan is up to
// seconds of CPU, which must not hold the server's event loop. Node starts it from
// plano-corte-worker.mjs: from the sources that file loads this one through tsx, in the compiled server
// (scripts/build-server.mjs) it is this one compiled.
//
// From the parent: { pecas, chapas, opcoes }. To the parent: { plano } or { erro }. The worker stays
// for the next plan.
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type ChapaEntrada, type OpcoesPlano, type PecaEntrada, planejarCorte } from '../domain/plano-corte';

const port = parentPort;
if (!port) throw new Error('plano-corte-worker roda só como worker thread');

type Pedido = { pecas: PecaEntrada[]; chapas: ChapaEntrada[]; opcoes: OpcoesPlano };

port.on('message', ({ pecas, chapas, opcoes }: Pedido) => {
  try {
    port.postMessage({ plano: planejarCorte(pecas, chapas, opcoes) });
  } catch (err) {
    port.postMessage({ erro: err instanceof Error ? err.message : String(err) });
  }
});
// This thread yields the CPU to every other: on Linux a thread has a scheduling policy and a nice value
// of its own, set by its id (/proc/thread-self names it). Nice 19 alone yields only inside its own
// scheduling group, and PostgreSQL runs in another (another service, or another session's autogroup), so
// the thread also takes SCHED_IDLE (util-linux's chrt): any task that wakes on its core preempts it at
// once, whatever its group. A plan then takes the CPU the requests and the database leave; on a machine
// busy for longer than the plan's budget the parent lifts it (plano-corte.ts) so that the plan still ends. Elsewhere (or
// without /proc or chrt) the thread keeps what it can.
let tid = 0;
try {
  tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) {
    setPriority(tid, constants.priority.PRIORITY_LOW);
    try {
      execFileSync('chrt', ['--idle', '-p', '0', String(tid)], { stdio: 'ignore', timeout: 5000 });
    } catch {
      // no chrt: nice 19 only
    }
  }
} catch {
  // not Linux, or not allowed: plans run at the server's priority
}
// The thread's id goes to the parent, which raises its priority when a plan outlives its budget.
port.postMessage({ pronto: true, tid });
