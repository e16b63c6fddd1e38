/**
 * The figures of issues 13 and 18 beside the endpoint table: export at scale (server memory growth and
 * a concurrent first page while 200,000 rows stream), backup under load (the quotes list's p95 while a
 * backup runs, against its p95 without), restore time, and req/s with 1 and with 2 workers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { type LoadStats, runLoad, runLoop } from './load';
import type { Api, RunningServer } from './server';

/** Resident memory of a process and all its descendants (a cluster's primary and its workers), MB. */
export function treeRssMb(pid: number): number {
  let kb = 0;
  const visit = (p: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      for (const t of readdirSync(`/proc/${p}/task`)) {
        const children = readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').trim();
        for (const c of children ? children.split(' ') : []) visit(Number(c));
      }
    } catch {
      // the process ended meanwhile
    }
  };
  visit(pid);
  return kb / 1024;
}

/** Samples `treeRssMb` every 100 ms until stopped; the peak above the level before. */
function rssSampler(pid: number) {
  const before = treeRssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssMb(pid));
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      peak = Math.max(peak, treeRssMb(pid));
      return { antesMb: before, picoMb: peak, crescimentoMb: peak - before };
    },
  };
}

/**
 * GET requests one after another from `connections` loops until `done()` — the latency another user
 * sees while something heavy runs (autocannon runs for a fixed time; this runs for as long as it lasts).
 */
function whileRunning(
  baseUrl: string,
  headers: Record<string, string>,
  path: string,
  connections: number,
  done: () => boolean,
): Promise<LoadStats> {
  return runLoop(connections, done, async () => {
    const r = await fetch(baseUrl + path, { headers });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
  });
}

export interface ExportRun {
  formato: 'csv' | 'xlsx';
  ms: number;
  mb: number;
  linhas: number;
  /** The server's processes, the export alone: the level before and the peak during it. */
  memoria: { antesMb: number; picoMb: number; crescimentoMb: number };
  /** The quotes' first page, 4 connections, while the export runs. */
  pagina: LoadStats;
}

const PAGE = '/api/orcamentos?page=1&limit=20';

/** Downloads every quote's export as a client would: bytes and newlines (rows + 1 in a CSV). */
async function download(server: RunningServer, api: Api, formato: 'csv' | 'xlsx') {
  const r = await fetch(`${server.baseUrl}/api/orcamentos/exportar?formato=${formato}`, {
    headers: api.headers,
  });
  if (!r.ok || !r.body) throw new Error(`exportar ${formato}: ${r.status}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    if (formato === 'csv') for (const b of chunk) if (b === 10) newlines++;
  }
  return { bytes, newlines };
}

/**
 * Export of every quote (the list without filters) through the real route, twice per format: alone,
 * for the server's memory, then with the first page asked at 4 connections meanwhile, for its latency.
 * The memory is not read under that load: then each process's heap swings by 100–150 MB between
 * collections whatever the export does (the peak of 20 s of that load alone moved from 829 to 718 MB
 * between two exports), which drowned what the export adds.
 */
export async function exportAtScale(server: RunningServer, api: Api): Promise<ExportRun[]> {
  const out: ExportRun[] = [];
  for (const formato of ['csv', 'xlsx'] as const) {
    const mem = rssSampler(server.pid);
    await download(server, api, formato);
    const memoria = mem.stop();
    let finished = false;
    const t0 = performance.now();
    const got = download(server, api, formato).finally(() => {
      finished = true;
    });
    // Awaited below, once the load stops: until then a failure must not count as unhandled.
    got.catch(() => {});
    const pagina = await whileRunning(server.baseUrl, api.headers, PAGE, 4, () => finished);
    const { bytes, newlines } = await got;
    out.push({
      formato,
      ms: performance.now() - t0,
      mb: bytes / 1e6,
      linhas: formato === 'csv' ? newlines - 1 : Number.NaN,
      memoria,
      pagina,
    });
  }
  return out;
}

/**
 * A POST answered when the work is done, however long it takes: fetch gives up waiting for the
 * headers after 300 s, and a backup at S = 1 on a loaded machine takes longer.
 */
function postWithoutTimeout<T>(baseUrl: string, path: string, headers: Record<string, string>): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = http.request(baseUrl + path, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () =>
        res.statusCode && res.statusCode < 300
          ? resolve(JSON.parse(text) as T)
          : reject(new Error(`POST ${path}: ${res.statusCode} ${text.slice(0, 300)}`)),
      );
    });
    req.on('error', reject);
    req.end('{}');
  });
}

export interface BackupRun {
  backupMs: number;
  bytes: number;
  sem: LoadStats;
  durante: LoadStats;
}

/**
 * The quotes' first page at `connections` without a backup, then while one runs (POST /api/backups,
 * the admin screen's button), for as long as it runs.
 */
export async function backupUnderLoad(
  server: RunningServer,
  api: Api,
  o: { connections: number; seconds: number },
): Promise<BackupRun> {
  const sem = await runLoad({
    baseUrl: server.baseUrl,
    headers: api.headers,
    connections: o.connections,
    duration: o.seconds,
    path: PAGE,
  });
  let finished = false;
  const t0 = performance.now();
  const backup = postWithoutTimeout<{ nome: string; bytes: number }>(
    server.baseUrl,
    '/api/backups',
    api.headers,
  ).finally(() => {
    finished = true;
  });
  backup.catch(() => {}); // awaited below, once the load stops
  const durante = await whileRunning(server.baseUrl, api.headers, PAGE, o.connections, () => finished);
  const taken = await backup;
  return { backupMs: performance.now() - t0, bytes: taken.bytes, sem, durante };
}

export interface PlanosRodada {
  sem: LoadStats;
  durante: LoadStats;
  /** Plans answered while the page was measured, and 503s (the planner's queue full: retried). */
  planos: number;
  ocupado: number;
}

export interface PlanosRun {
  rodadas: PlanosRodada[];
  /** durante.p95 ÷ sem.p95 of each round, and their median: one window of seconds is at the mercy of
   * whatever else the machine does then, so the rounds alternate and the spread is printed. */
  razoes: number[];
  razao: number;
  erros: number;
  planos: number;
  ocupado: number;
}

/** A kitchen-and-bathrooms job of 60 pieces on 3 000 × 1 900 slabs: a plan that takes its time budget. */
function plano60() {
  const medidas = [
    [2400, 620],
    [1800, 600],
    [1200, 550],
    [900, 500],
    [700, 450],
    [600, 100],
    [1500, 100],
    [450, 380],
    [2000, 150],
    [1100, 400],
  ];
  const pecas = Array.from({ length: 60 }, (_, i) => {
    const [largura_mm, altura_mm] = medidas[i % medidas.length]!;
    return { ref: `P${i + 1}`, largura_mm, altura_mm, quantidade: 1, girar: i % 3 !== 0 };
  });
  return { pecas, chapas: [{ ref: 'Chapa', largura_mm: 3000, altura_mm: 1900, quantidade: 20 }] };
}

/**
 * The quotes' first page at `connections` alone, then while four loops ask for a 60-piece plan each
 * (POST /api/planos-corte/calcular) for `seconds`, `rodadas` times back to back: plans run in a worker
 * thread that yields the CPU, so the page's p95 should stay where it was.
 */
export async function planosUnderLoad(
  server: RunningServer,
  api: Api,
  o: { connections: number; seconds: number; rodadas?: number },
): Promise<PlanosRun> {
  const rodadas: PlanosRodada[] = [];
  for (let i = 0; i < (o.rodadas ?? 3); i++) rodadas.push(await planosRodada(server, api, o));
  const razoes = rodadas.map((r) => r.durante.p95 / r.sem.p95);
  const ordem = [...razoes].sort((a, b) => a - b);
  return {
    rodadas,
    razoes,
    razao: ordem[Math.floor(ordem.length / 2)]!,
    erros: rodadas.reduce((n, r) => n + r.durante.errors, 0),
    planos: rodadas.reduce((n, r) => n + r.planos, 0),
    ocupado: rodadas.reduce((n, r) => n + r.ocupado, 0),
  };
}

async function planosRodada(
  server: RunningServer,
  api: Api,
  o: { connections: number; seconds: number },
): Promise<PlanosRodada> {
  const sem = await runLoad({
    baseUrl: server.baseUrl,
    headers: api.headers,
    connections: o.connections,
    duration: o.seconds,
    path: PAGE,
  });
  const body = JSON.stringify(plano60());
  const fim = performance.now() + o.seconds * 1000;
  let planos = 0;
  let ocupado = 0;
  const loops = Array.from({ length: 4 }, async () => {
    while (performance.now() < fim) {
      const r = await fetch(`${server.baseUrl}/api/planos-corte/calcular`, {
        method: 'POST',
        headers: { ...api.headers, 'content-type': 'application/json' },
        body,
      });
      await r.arrayBuffer();
      if (r.status === 503) {
        ocupado++;
        await new Promise((res) => setTimeout(res, Number(r.headers.get('retry-after') ?? 1) * 1000));
      } else if (!r.ok) throw new Error(`planos-corte/calcular: ${r.status}`);
      else planos++;
    }
  });
  const todos = Promise.all(loops);
  todos.catch(() => {}); // awaited below, once the load stops
  const durante = await whileRunning(
    server.baseUrl,
    api.headers,
    PAGE,
    o.connections,
    () => performance.now() >= fim,
  );
  await todos;
  return { sem, durante, planos, ocupado };
}
