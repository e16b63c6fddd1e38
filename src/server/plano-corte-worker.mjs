// The cutting planner in a worker thread of its own (see server/plano-corte.ts): a plan is up to
// seconds of CPU, which must not hold the server's event loop. Plain JavaScript on purpose (Node loads
// a worker itself, under tsx as under vitest); the planner, TypeScript, is loaded through tsx's API.
//
// From the parent: { pecas, chapas, opcoes }. To the parent: { plano } or { erro }. The worker stays
// for the next plan.
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const port = parentPort;
if (!port) throw new Error('plano-corte-worker.mjs roda só como worker thread');

const { planejarCorte } = await tsImport('../domain/plano-corte.ts', import.meta.url);

port.on('message', ({ pecas, chapas, opcoes }) => {
  try {
    port.postMessage({ plano: planejarCorte(pecas, chapas, opcoes) });
  } catch (err) {
    port.postMessage({ erro: err instanceof Error ? err.message : String(err) });
  }
});
// This thread yields the CPU to the server's: on Linux a thread has a nice value of its own, set by
// its id (/proc/thread-self names it). A plan then takes the cores the requests leave free, and a
// list's p95 stays put while plans run. Elsewhere (or without /proc) the thread keeps the default.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) setPriority(tid, constants.priority.PRIORITY_LOW);
} catch {
  // not Linux, or not allowed: plans run at the server's priority
}
port.postMessage({ pronto: true });
