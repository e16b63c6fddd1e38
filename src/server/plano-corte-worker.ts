// The cutting planner in a child process of its own (see server/plano-corte.ts for why not a thread): a
// plan is up to seconds of CPU, which must not hold the server's event loop. Node starts it from
// plano-corte-worker.mjs: from the sources that file loads this one through tsx, in the compiled server
// (scripts/build-server.mjs) it is this one compiled.
//
// From the parent: { pecas, chapas, opcoes }. To the parent: { plano } or { erro }. The process stays
// for the next plan, and ends with its parent.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { type ChapaEntrada, type OpcoesPlano, type PecaEntrada, planejarCorte } from '../domain/plano-corte';

const enviar = process.send?.bind(process);
if (!enviar) throw new Error('plano-corte-worker roda só como processo filho do servidor');

type Pedido = { pecas: PecaEntrada[]; chapas: ChapaEntrada[]; opcoes: OpcoesPlano };

process.on('message', ({ pecas, chapas, opcoes }: Pedido) => {
  try {
    enviar({ plano: planejarCorte(pecas, chapas, opcoes) });
  } catch (err) {
    enviar({ erro: err instanceof Error ? err.message : String(err) });
  }
});
// The server stopped (or was killed): nothing more will come.
process.on('disconnect', () => process.exit(0));

// This process yields the CPU to every other: on Linux each thread has a scheduling policy and a nice
// value of its own, so all of them are set (/proc/self/task), and the threads Node starts later inherit
// them. Nice 19 alone yields only inside its own scheduling group, and PostgreSQL runs in another (another
// service, or another session's autogroup), so the process also takes SCHED_IDLE (util-linux's chrt): any
// task that wakes on its core preempts it at once, whatever its group. A plan then takes the CPU the
// requests and the database leave; on a machine busy for longer than the plan's budget the parent lifts
// it (plano-corte.ts) so that the plan still ends. Elsewhere (or without /proc or chrt) it keeps what it can.
try {
  for (const tid of readdirSync('/proc/self/task')) setPriority(Number(tid), constants.priority.PRIORITY_LOW);
  try {
    execFileSync('chrt', ['--all-tasks', '--idle', '-p', '0', String(process.pid)], {
      stdio: 'ignore',
      timeout: 5000,
    });
  } catch {
    // no chrt: nice 19 only
  }
} catch {
  // not Linux, or not allowed: plans run at the server's priority
}
enviar({ pronto: true });
