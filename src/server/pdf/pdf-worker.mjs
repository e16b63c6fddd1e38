// The PDF renderer, in a worker thread of its own (see `renderPdf` in render.ts): laying out a quote
// of 200 pieces with drawings takes seconds of CPU, which on the request thread held every other
// request (and /api/health) behind it. Plain JavaScript on purpose: Node loads it under tsx and vitest
// alike.
//
// From the parent: { job, doc, footer? } — a pdfmake document definition (plain data) and, instead of
// a footer function (which cannot cross threads), a footer template whose strings may hold {page} and
// {pages}. To the parent: { job, bytes } or { job, error }.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const port = parentPort;
if (!port) throw new Error('pdf-worker.mjs roda só como worker thread');

const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake');
const fonts = require('pdfmake/fonts/Roboto.js');
pdfmake.setFonts(fonts);
// A document never fetches anything: images come in as data URLs built by the server itself, and the
// only files read are the shipped fonts.
const fontFiles = new Set(Object.values(fonts.Roboto ?? {}));
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => fontFiles.has(path));

/** The template with {page} and {pages} filled in, in every string it holds. */
function fill(node, page, pages) {
  if (typeof node === 'string')
    return node.replaceAll('{page}', String(page)).replaceAll('{pages}', String(pages));
  if (Array.isArray(node)) return node.map((n) => fill(n, page, pages));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fill(v, page, pages)]));
  }
  return node;
}

/** Dates travel as ISO text (structured clone keeps Dates, but be explicit): info's dates as Dates. */
function info(i) {
  if (!i) return i;
  const out = { ...i };
  for (const k of ['creationDate', 'modDate']) if (typeof out[k] === 'string') out[k] = new Date(out[k]);
  return out;
}

port.on('message', async ({ job, doc, footer }) => {
  try {
    const def = { ...doc, info: info(doc.info) };
    if (footer) def.footer = (page, pages) => fill(footer, page, pages);
    const buffer = await pdfmake.createPdf(def).getBuffer();
    const bytes = new Uint8Array(buffer);
    port.postMessage({ job, bytes }, [bytes.buffer]);
  } catch (err) {
    port.postMessage({ job, error: String(err?.message ?? err) });
  }
});
