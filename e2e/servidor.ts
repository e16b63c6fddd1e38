// Each spec file gets a server of its own on a fresh copy of one migrated database, so no spec sees
// another's data or settings, whatever ran before it or beside it. Copying the template takes about
// half of a fresh start (migrations); the next file's server starts while this one's tests run.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { setPriority } from 'node:os';
import path from 'node:path';

export const ADMIN_SENHA = 'basalto-e2e-123';

/** Set by playwright.config.ts in the runner, inherited by every worker. */
export const runDir = () => {
  const dir = process.env.E2E_RUN_DIR;
  if (!dir) throw new Error('E2E_RUN_DIR ausente: rode pelo playwright.config.ts');
  return dir;
};
export const templateDir = () => path.join(runDir(), 'modelo');
/** The compiled server (scripts/build-server.mjs), built by global-setup.ts. */
export const serverDir = () => path.join(runDir(), 'server');

export interface Servidor {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A server started in the background for the next spec file: it boots at a low priority until `promote`. */
export class Reserva {
  private pid = 0;
  /** When the server became needed. */
  promovidaEm = Number.POSITIVE_INFINITY;

  /** The niceness to start with: 0 once the server is needed. */
  get nice() {
    return this.promovidaEm < Number.POSITIVE_INFINITY ? 0 : SPARE_NICE;
  }

  started(pid: number) {
    this.pid = pid;
  }

  /** The server is needed now (booted or not): the same CPU share as the tests' own processes. */
  async promote() {
    this.promovidaEm = Math.min(this.promovidaEm, Date.now());
    if (this.pid) await renice(this.pid, 0);
  }
}

/** The niceness of a spare server while it boots: its ~5 CPU-seconds of module loading and WASM compiling then
 * yield to the file being tested, whose first screen otherwise took over 10 s to draw on CI's busy 2 cores. */
const SPARE_NICE = 10;

/** Sets the niceness of every thread of a process (on Linux setpriority reaches one thread: Node's pool and
 * V8's threads keep the niceness they were created with). Lowering it needs root, as in CI; elsewhere the
 * server keeps running, only less favoured. */
async function renice(pid: number, nice: number) {
  const tids = await readdir(`/proc/${pid}/task`).catch(() => [String(pid)]);
  for (const tid of tids) {
    try {
      setPriority(Number(tid), nice);
    } catch {
      // a thread that ended, or no permission to raise the priority
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** `desde`: when the wait started counting (a spare's only once it is promoted: before, it may starve). */
async function waitHealthy(
  url: string,
  child: ChildProcess,
  log: string,
  timeoutMs: number,
  desde: () => number,
) {
  while (Date.now() < desde() + timeoutMs) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu (${child.exitCode}); veja ${log}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`o servidor não respondeu em ${timeoutMs / 1000} s; veja ${log}`);
}

function exited(child: ChildProcess, ms: number) {
  return new Promise<boolean>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
    const t = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(t);
      resolve(true);
    });
  });
}

/** Starts the built app exactly as `npm start` serves it, on a copy of the template (or, `fresh`, an empty folder). */
export async function startServidor(
  nome: string,
  opts: { fresh?: boolean; keepData?: boolean; reserva?: Reserva } = {},
): Promise<Servidor> {
  const dataDir = path.join(runDir(), nome);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(runDir(), { recursive: true });
  if (!opts.fresh) await cp(templateDir(), dataDir, { recursive: true });
  // A port found free may be taken (by any outgoing connection) before the server binds it: then the
  // server exits with EADDRINUSE and starts again on another one.
  for (let tentativa = 1; ; tentativa++) {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const log = `${dataDir}.log`;
    const out = createWriteStream(log);
    const nice = opts.reserva?.nice ?? 0;
    // V8's baseline WebAssembly compiler only, as the API tests run PGlite: a spec file's server lives
    // seconds to a minute, too short for the optimising tier to repay compiling PGlite (a boot took 3.9
    // CPU-s against 5.1; the four largest specs' servers 61 CPU-s against 69). The same holds for its
    // JavaScript (`--max-opt=1`, Sparkplug at most; the Chromium flag in playwright.config.ts says more):
    // with the browser's flag, the four large specs took 131 and 137 s with it, 129–150 s without.
    const node = [
      process.execPath,
      '--liftoff-only',
      '--max-opt=1',
      '--enable-source-maps',
      path.join(serverDir(), 'main.mjs'),
    ];
    const [cmd, ...args] = nice ? ['nice', '-n', String(nice), ...node] : node;
    const child = spawn(cmd!, args, {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        BACKUP_DIR: `${dataDir}/backups`,
        ADMIN_PASSWORD: ADMIN_SENHA,
        EMAIL_DOMINIO: 'lavra.local',
        CEP_API_URL: `http://127.0.0.1:${process.env.E2E_CEP_PORT}/ws`,
        // the fake NFE.io (e2e/fake-nfeio.ts); its answers are decided on the first consult, which the
        // poller makes 5 s after the emission: consulting every second keeps that wait near 5 s
        NFEIO_API_URL: `http://127.0.0.1:${process.env.E2E_NFEIO_PORT}`,
        FISCAL_CONSULTA_MS: '1000',
        LOG_REQUESTS: '0',
        WEB_DIR: process.env.E2E_WEB_DIR ?? 'dist/web',
        LOGIN_MAX_TENTATIVAS: '50',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.pid) opts.reserva?.started(child.pid);
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    // A worker killed on a timeout cannot stop its servers: the run's teardown does (killLeftovers).
    await writeFile(`${dataDir}.pid`, String(child.pid));
    const stop = async () => {
      child.kill('SIGTERM');
      if (!(await exited(child, 10_000))) {
        child.kill('SIGKILL');
        await exited(child, 5_000);
      }
      out.end();
      await rm(`${dataDir}.pid`, { force: true });
      if (!opts.keepData) await rm(dataDir, { recursive: true, force: true });
    };
    try {
      const inicio = Date.now();
      const reserva = opts.reserva;
      const desde = reserva ? () => Math.max(inicio, reserva.promovidaEm) : () => inicio;
      await waitHealthy(url, child, log, opts.fresh ? 300_000 : 120_000, desde);
      return { url, dataDir, stop };
    } catch (e) {
      child.kill('SIGKILL');
      await exited(child, 5_000);
      await new Promise((r) => out.end(r));
      // the run's folder (and this log) is removed at the end: the failure carries the log's tail
      const texto = await readFile(log, 'utf8').catch(() => '');
      if (/EADDRINUSE/.test(texto) && tentativa < 3) continue;
      throw new Error(`${(e as Error).message}\n${texto.slice(-2000)}`);
    }
  }
}

/**
 * A worker's servers: `forFile` answers the server of the spec file being run, starting a new one
 * when the file changes, and always has the next one starting in the background.
 */
export class Servidores {
  private seq = 0;
  private current?: { file: string; servidor: Servidor };
  private spare?: { servidor: Promise<Servidor>; reserva: Reserva };

  constructor(private readonly worker: number) {}

  private start() {
    this.seq += 1;
    const reserva = new Reserva();
    const servidor = startServidor(`w${this.worker}-${this.seq}`, { reserva });
    servidor.catch(() => {}); // awaited where it is used
    return { servidor, reserva };
  }

  async forFile(file: string): Promise<Servidor> {
    if (this.current?.file === file) return this.current.servidor;
    const old = this.current?.servidor;
    this.current = undefined;
    const next = this.spare ?? this.start();
    this.spare = undefined;
    await next.reserva.promote();
    await old?.stop();
    const servidor = await next.servidor;
    this.current = { file, servidor };
    this.spare = this.start();
    return servidor;
  }

  async close() {
    await this.current?.servidor.stop();
    if (!this.spare) return;
    await this.spare.reserva.promote();
    await (await this.spare.servidor.catch(() => undefined))?.stop();
  }
}

/** Ends the servers of this run that are still up (their worker died before stopping them). */
export async function killLeftovers() {
  const files = await readdir(runDir()).catch(() => [] as string[]);
  for (const f of files.filter((n) => n.endsWith('.pid'))) {
    const pid = Number(await readFile(path.join(runDir(), f), 'utf8'));
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
