/**
 * CPU profile of the server under load on one endpoint, for tuning:
 *   node --import tsx bench/profile.ts <DATABASE_URL> <path> [seconds] [POST-body-json]
 * Writes a .cpuprofile under bench/results/ and prints the functions and packages with the most self time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runLoad } from './load';
import { Api, ROOT, startServer } from './server';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

const [url, target, seconds = '8', body] = process.argv.slice(2);
if (!url || !target) throw new Error('uso: bench/profile.ts <DATABASE_URL> <path> [segundos] [corpo]');
const dir = path.join(ROOT, 'bench/results', `profile-${Date.now()}`);
// One process: with a cluster the profile would be the primary's, idle while its workers answer.
const server = await startServer({ DATABASE_URL: url, WEB_CONCURRENCY: '1' }, [
  '--cpu-prof',
  `--cpu-prof-dir=${dir}`,
]);
const api = new Api(server.baseUrl);
await api.login();
const stats = await runLoad({
  baseUrl: server.baseUrl,
  headers: api.headers,
  connections: 16,
  duration: Number(seconds),
  method: body ? 'POST' : 'GET',
  path: target,
  body: body ? JSON.parse(body) : undefined,
});
console.log(`${stats.rps.toFixed(0)} req/s, p50 ${stats.p50} ms, p95 ${stats.p95} ms, erros ${stats.errors}`);
await server.stop();

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('sem perfil');
const prof = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { nodes: Node[] };
const total = prof.nodes.reduce((s, n) => s + n.hitCount, 0);
const byFn = new Map<string, number>();
const byPkg = new Map<string, number>();
for (const n of prof.nodes) {
  const u = n.callFrame.url;
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u)?.[1] ??
    (u.includes('/src/') ? 'src' : u || n.callFrame.functionName);
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + n.hitCount);
  const k = `${n.callFrame.functionName || '(anon)'} ${u.replace(/.*node_modules\//, '').replace(ROOT, '')}:${n.callFrame.lineNumber}`;
  byFn.set(k, (byFn.get(k) ?? 0) + n.hitCount);
}
const top = (m: Map<string, number>, k: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([name, h]) => `${((h / total) * 100).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
console.log(`\npacotes:\n${top(byPkg, 25)}\n\nfunções:\n${top(byFn, 40)}`);
console.log(`\nperfil: ${path.relative(ROOT, path.join(dir, file))}`);
