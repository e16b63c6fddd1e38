// The .xlsx writer of an export, in its own worker thread (see `xlsxStream` in export.ts). Plain
// JavaScript on purpose: a worker thread is loaded by Node itself, under `tsx` as under vitest.
//
// workerData: { titulo, columns: [{ header, width, numFmt? }] }
// From the parent: { rows: unknown[][] } (cell values already typed), then { end: true }.
// To the parent:   { chunk: Uint8Array } as the file is written, { ack: true } once a page's rows have
//                  been handed to the zip and compressed, { done: true } after the last byte; then the
//                  worker ends.
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

const port = parentPort;
if (!port) throw new Error('export-xlsx-worker.mjs roda só como worker thread');

const out = new Writable({
  write(chunk, _enc, callback) {
    // A copy the parent owns (transferred, not cloned): Node may reuse the buffer's pool.
    const bytes = new Uint8Array(chunk);
    port.postMessage({ chunk: bytes }, [bytes.buffer]);
    callback();
  },
});

const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
const ws = wb.addWorksheet(workerData.titulo);
ws.columns = workerData.columns.map((c) => ({
  header: c.header,
  width: c.width,
  style: c.numFmt ? { numFmt: c.numFmt } : {},
}));
ws.getRow(1).font = { bold: true };
ws.getRow(1).commit();

/**
 * exceljs 4.4's streaming sheet hands its 64 KB buffers to the zip entry without waiting
 * (StreamBuf.pipes): when rows come faster than deflate compresses them they pile up there unless the
 * writer waits for that entry to drain.
 */
function zipDrained() {
  const entry = ws.stream?.pipes?.[0];
  if (!(entry?.writableNeedDrain ?? entry?._writableState?.needDrain)) return Promise.resolve();
  return new Promise((resolve) => entry.once('drain', resolve).once('close', resolve));
}

port.on('message', async (msg) => {
  if (msg.rows) {
    for (const cells of msg.rows) ws.addRow(cells).commit();
    await zipDrained();
    port.postMessage({ ack: true });
    return;
  }
  ws.commit();
  await wb.commit();
  // Every chunk is posted before `out` finishes; the parent ends its stream on `done`.
  if (!out.writableFinished) await new Promise((resolve) => out.once('finish', resolve));
  port.postMessage({ done: true });
  port.close();
});
