// Frontend budget, measured on the production build (gzip): the login page — the entry chunk and
// everything it imports statically — loads at most 150 KB of JavaScript; no lazily loaded screen
// chunk passes 100 KB. Fails the build step when a budget is exceeded.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = path.resolve(process.env.WEB_OUT_DIR ?? 'dist/web');
const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'));
const LOGIN_BUDGET = 150 * 1024;
const CHUNK_BUDGET = 100 * 1024;

const gz = (file) => gzipSync(readFileSync(path.join(dir, file))).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imp of manifest[key].imports ?? []) staticClosure(imp, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
const loginChunks = staticClosure(entryKey);
const loginBytes = [...loginChunks].reduce((s, k) => s + gz(manifest[k].file), 0);

let failed = false;
console.log(`Página de login: ${kb(loginBytes)} de JS (gzip) — limite ${kb(LOGIN_BUDGET)}`);
if (loginBytes > LOGIN_BUDGET) failed = true;

// The customer's page of a quote (/o/<token>, o.html): opened on a phone over a weak connection, so
// its own entry and everything it imports stay under 60 KB gzip (issue 15).
const PUBLICO_BUDGET = 60 * 1024;
const publicoKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('o.html'));
const publicoChunks = publicoKey ? staticClosure(publicoKey) : new Set();
const publicoBytes = [...publicoChunks].reduce((s, k) => s + gz(manifest[k].file), 0);
console.log(`Página pública do orçamento: ${kb(publicoBytes)} de JS (gzip) — limite ${kb(PUBLICO_BUDGET)}`);
if (!publicoKey) {
  console.error('Entrada o.html (página pública do orçamento) não encontrada no build.');
  failed = true;
}
if (publicoBytes > PUBLICO_BUDGET) failed = true;

const lazy = Object.keys(manifest).filter(
  (k) => !loginChunks.has(k) && !publicoChunks.has(k) && manifest[k].file.endsWith('.js'),
);
const rows = lazy.map((k) => ({
  name: manifest[k].name ?? k,
  file: manifest[k].file,
  size: gz(manifest[k].file),
}));
rows.sort((a, b) => b.size - a.size);
for (const r of rows.slice(0, 8)) console.log(`  ${r.file.padEnd(40)} ${kb(r.size)}`);
for (const r of rows) {
  if (r.size > CHUNK_BUDGET) {
    console.error(
      `Chunk ${r.file} (${r.name}) tem ${kb(r.size)} gzip: passa do limite de ${kb(CHUNK_BUDGET)}.`,
    );
    failed = true;
  }
}
// The charts' vendor chunk (d3, redux…) is loaded only by the chart modules: a list screen that
// imported it through a shared dependency made every phone download all of d3 to open /vendas.
const chartsVendor = Object.keys(manifest).find((k) => manifest[k].name === 'charts-vendor');
for (const [k, v] of Object.entries(manifest)) {
  if (chartsVendor && (v.imports ?? []).includes(chartsVendor) && !/chart/i.test(k)) {
    console.error(
      `${v.file} importa o chunk dos gráficos (${manifest[chartsVendor].file}): só os gráficos podem.`,
    );
    failed = true;
  }
}
if (failed) {
  console.error('Orçamento de bundle excedido.');
  process.exit(1);
}
