// One place that turns a pdfmake document definition into PDF bytes on the server. pdfmake is pure
// JavaScript and ships Roboto (Latin, Latin Extended, Greek, Cyrillic: "orçamento", "Łukasz", "Nguyễn"
// render), embedded as a subset in every file — nothing to install. The layout runs in a worker thread
// (pdf-worker.mjs): a large quote costs seconds of CPU that must not hold the request thread.
import { Worker } from 'node:worker_threads';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

/** A document definition that can cross to the worker: plain data, no functions. */
export type PdfDoc = Omit<TDocumentDefinitions, 'footer' | 'header' | 'background' | 'pageBreakBefore'>;

const WORKER = new URL('./pdf-worker.mjs', import.meta.url);
/**
 * A worker's heap, MB: the largest quote the schemas allow (100 pieces with drawings, long texts) lays
 * out in well under this; a document past it ends its worker (the request fails), not the server.
 */
const HEAP = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16 };
/** Workers kept loaded between documents (pdfmake and its fonts take a moment to load). */
const MAX_IDLE = 2;

const idle: Worker[] = [];
let jobs = 0;

function spawn(): Worker {
  // Plain JavaScript: not the server's `--import tsx`.
  const w = new Worker(WORKER, { execArgv: [], resourceLimits: HEAP });
  w.unref();
  return w;
}

/**
 * The document's bytes, laid out in a worker thread. `footer` stands for pdfmake's footer function:
 * its strings may hold `{page}` and `{pages}`. Callers take a turn first (`turnOf(config, 'pdf')`):
 * this function does not limit how many run at once.
 */
export function renderPdf(doc: PdfDoc, footer?: Content): Promise<Buffer> {
  const worker = idle.pop() ?? spawn();
  const job = ++jobs;
  const full: PdfDoc = { ...doc, defaultStyle: { font: 'Roboto', fontSize: 10, ...doc.defaultStyle } };
  return new Promise<Buffer>((resolve, reject) => {
    const done = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (msg: { job: number; bytes?: Uint8Array; error?: string }) => {
      if (msg.job !== job) return;
      done();
      if (idle.length < MAX_IDLE) idle.push(worker);
      else void worker.terminate();
      if (msg.bytes) resolve(Buffer.from(msg.bytes.buffer, msg.bytes.byteOffset, msg.bytes.byteLength));
      else reject(new Error(msg.error ?? 'falha ao gerar o PDF'));
    };
    const onError = (err: Error) => {
      done();
      void worker.terminate();
      reject(err);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`o gerador de PDF terminou (código ${code})`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ job, doc: full, footer });
  });
}
