import { PassThrough, Readable, type Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { Executor } from '../db/client';
import type { PgColumn, SQL } from '../db/queries/crud';
import { type KeyPart, keysetWhere, orderSql } from '../db/queries/keyset';
import { todayIso } from '../domain/datas';
import { z } from '../schemas/z';
import { Gate } from './auth/gate';
import { type AppContext, type AppDeps, parseQuery } from './context';
import type { ErrorStatus } from './contract';
import { badRequest, HttpError } from './errors';
import { type Logger, safeError } from './log';

type Row = Record<string, unknown>;

/** How a column is written: money and numbers as numbers, dates as dates (never as text). */
export type ColumnType =
  | 'text'
  | 'money'
  | 'number'
  | 'integer'
  | 'percent'
  | 'date'
  | 'datetime'
  | 'boolean';

export interface ExportColumn {
  /** pt-BR header. */
  header: string;
  /** The row's field, or a function of the row. */
  value: string | ((row: Row) => unknown);
  type?: ColumnType;
  /** Labels for coded values (`avista` → `À vista`). */
  labels?: Record<string, string>;
}

export type { KeyPart };

/** Columns the register exports share, so each spells only its own. */
export const COLUNAS = {
  nome: { header: 'Nome', value: 'nome' },
  telefone: { header: 'Telefone', value: 'telefone' },
  email: { header: 'E-mail', value: 'email' },
  status: { header: 'Status', value: 'status', labels: { ativo: 'Ativo', inativo: 'Inativo' } },
  cadastradoEm: { header: 'Cadastrado em', value: 'created_at', type: 'datetime' },
  /** A quote's or a sale's number. */
  numero: { header: 'Número', value: 'numero', type: 'integer' },
  /** The payment method of a quote or a sale: the card's brand and type ("Cartão Crédito", "Pix"). */
  pagamento: {
    header: 'Pagamento',
    value: (r) => [r.cartao_bandeira, r.cartao_tipo].filter(Boolean).join(' '),
  },
  /** The address block (`EnderecoFields` on the screens). */
  endereco: [
    { header: 'Endereço', value: 'endereco' },
    { header: 'Cidade', value: 'cidade' },
    { header: 'UF', value: 'uf' },
    { header: 'CEP', value: 'cep' },
  ],
  /** A client's address, with número, complemento and bairro apart (what the NF-e sends). */
  enderecoCliente: [
    { header: 'Endereço', value: 'endereco' },
    { header: 'Número', value: 'numero' },
    { header: 'Complemento', value: 'complemento' },
    { header: 'Bairro', value: 'bairro' },
    { header: 'Cidade', value: 'cidade' },
    { header: 'UF', value: 'uf' },
    { header: 'CEP', value: 'cep' },
  ],
} satisfies Record<string, ExportColumn | ExportColumn[]>;

/**
 * A registration's export (clientes, fornecedores, vendedores, arquitetos, funcionários): the name, the
 * record's own columns, phone and e-mail, then `rest` (the address by default), then when it was registered.
 */
export const cadastroColumns = (
  own: ExportColumn[],
  rest: ExportColumn[] = COLUNAS.endereco,
): ExportColumn[] => [COLUNAS.nome, ...own, COLUNAS.telefone, COLUNAS.email, ...rest, COLUNAS.cadastradoEm];

export interface ExportSpec {
  /** File name prefix: `clientes` → clientes-2026-11-23.xlsx. */
  recurso: string;
  /** Sheet title. */
  titulo: string;
  columns: ExportColumn[];
  /** The order, ending with a unique key (id): pages follow it by keyset, never by OFFSET. */
  order: KeyPart[];
  /** One page of rows: the list's own query with `where` (its filters AND the keyset) and `order`. */
  page: (db: Executor, p: { where: SQL | undefined; order: SQL; limit: number }) => Promise<Row[]>;
  /** The list's current filters (from the query string). */
  where?: SQL;
}

export const PAGE_SIZE = 1000;

/**
 * The export's order from a list's `?sort=` (the same columns the list sorts by, then the id), refusing
 * an unknown column as the list does.
 */
export function sortKeys(sort: string, sortable: Record<string, PgColumn>, idCol: PgColumn): KeyPart[] {
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  const col = Object.hasOwn(sortable, key) ? sortable[key] : undefined;
  if (!col) throw badRequest(`Não é possível ordenar por "${sort}".`);
  return [
    { col, key, desc, notNull: col.notNull },
    { col: idCol, key: 'id', desc, notNull: true },
  ];
}

/** `?formato=csv|xlsx` with the list's own filters beside it. */
export const exportQuery = z.object({
  formato: z.enum(['csv', 'xlsx'], { message: 'O formato deve ser csv ou xlsx.' }),
});

export const formatoOf = (c: AppContext) => {
  const parsed = exportQuery.safeParse({ formato: c.req.query('formato') });
  if (!parsed.success)
    throw badRequest('O formato deve ser csv ou xlsx.', [
      { path: 'formato', message: 'O formato deve ser csv ou xlsx.' },
    ]);
  return parsed.data.formato;
};

async function* rowsOf(db: Executor, spec: ExportSpec): AsyncGenerator<Row[]> {
  const order = orderSql(spec.order);
  let last: Row | undefined;
  for (;;) {
    const where = last ? keysetWhere(spec.where, spec.order, last) : spec.where;
    const rows = await spec.page(db, { where, order, limit: PAGE_SIZE });
    if (rows.length) yield rows;
    if (rows.length < PAGE_SIZE) return;
    last = rows[rows.length - 1];
    // Let other requests run between pages: an export of 200,000 rows never holds the event loop.
    await new Promise((r) => setImmediate(r));
  }
}

function raw(col: ExportColumn, row: Row): unknown {
  const v = typeof col.value === 'function' ? col.value(row) : row[col.value];
  if (col.labels && typeof v === 'string') return col.labels[v] ?? v;
  return v;
}

/** 'YYYY-MM-DD' → a Date at UTC midnight (a spreadsheet date has no time zone). */
function dateOnly(v: unknown): Date | null {
  const s = v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : null;
  const m = s && /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs more than formatting with it, and
 * an export of 200,000 rows formats one or two dates per row (it was most of the export's CPU time and
 * garbage).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** An instant → the business time zone's wall clock, as a Date whose UTC fields are that clock. */
function wallClock(v: unknown, tz: string): Date | null {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime())) return null;
  const parts: Record<string, string> = {};
  for (const p of formatterOf(tz).formatToParts(d)) parts[p.type] = p.value;
  return new Date(
    Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!),
  );
}

/** A cell's value for the workbook: numbers as numbers, dates as dates. */
function cellValue(col: ExportColumn, row: Row, tz: string): unknown {
  const v = raw(col, row);
  if (v === null || v === undefined || v === '') return null;
  switch (col.type) {
    case 'money':
    case 'number':
    case 'percent':
    case 'integer':
      // The decimal text the database wrote becomes the cell's number (a change of representation).
      return Number(v);
    case 'date':
      return dateOnly(v);
    case 'datetime':
      return wallClock(v, tz);
    case 'boolean':
      return v === true || v === 't' || v === 'true' ? 'Sim' : 'Não';
    default:
      return String(v);
  }
}

const NUM_FMT: Partial<Record<ColumnType, string>> = {
  money: '#,##0.00',
  number: '#,##0.00',
  percent: '0.00',
  integer: '0',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * CSV as a Brazilian spreadsheet opens it: `;` between fields, decimal comma, two decimals for money,
 * dates dd/mm/aaaa, UTF-8 with a BOM (so accents survive a double-click in Excel).
 */
export function csvField(col: ExportColumn, row: Row, tz: string): string {
  const v = cellValue(col, row, tz);
  if (v === null || v === undefined) return '';
  let s: string;
  if (v instanceof Date) {
    s = `${pad(v.getUTCDate())}/${pad(v.getUTCMonth() + 1)}/${v.getUTCFullYear()}`;
    if (col.type === 'datetime') s += ` ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}`;
  } else if (typeof v === 'number') {
    const text = String(raw(col, row));
    s = col.type === 'money' ? Number(text).toFixed(2) : text;
    s = s.replace('.', ',');
  } else {
    s = neutralizeFormula(String(v));
  }
  return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * A text cell a spreadsheet would read as a formula (`=HYPERLINK(…)`, `+`, `-`, `@`, or those behind a
 * tab or CR) gets a leading `'` (OWASP, CSV injection): quoting alone is undone by the spreadsheet's
 * parser. Only text: a number cell (a negative amount) is written as the number it is.
 */
export const neutralizeFormula = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/** The CSV file, page by page as the client takes it; `release` ends its turn (done, failed or gone). */
function csvStream(
  db: Executor,
  spec: ExportSpec,
  tz: string,
  release: () => void = () => {},
): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  const pages = rowsOf(db, spec);
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(enc.encode(`\ufeff${spec.columns.map((c) => c.header).join(';')}\r\n`));
        return;
      }
      try {
        const next = await pages.next();
        if (next.done) {
          release();
          return controller.close();
        }
        const text = next.value
          .map((r) => `${spec.columns.map((c) => csvField(c, r, tz)).join(';')}\r\n`)
          .join('');
        controller.enqueue(enc.encode(text));
      } catch (err) {
        release();
        throw err;
      }
    },
    async cancel() {
      release();
      await pages.return(undefined);
    },
  });
}

/** Resolves once `w` has room again (or is gone). */
function drained(w: Writable): Promise<unknown> | undefined {
  if (!w.writableNeedDrain) return;
  return new Promise((resolve) => w.once('drain', resolve).once('close', resolve));
}

/**
 * The worker's heap, MB. exceljs allocates a few objects per cell and the zip keeps buffers alive
 * across scavenges: in the server's own heap (hundreds of MB live) V8 let that garbage grow by
 * 100–150 MB before collecting it. A small isolate of its own collects early and can never grow past this.
 */
const XLSX_HEAP = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };
const XLSX_WORKER = new URL('./export-xlsx-worker.mjs', import.meta.url);

/**
 * The .xlsx file of an export, written in a worker thread (export-xlsx-worker.mjs) from the rows this
 * thread reads page by page: a page goes to the worker only when it has compressed the previous one
 * and the client has taken what was written (backpressure at both ends), so memory stays at a page.
 */
export function xlsxStream(
  db: Executor,
  spec: ExportSpec,
  tz: string,
  logger: Logger,
  release: () => void = () => {},
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const worker = new Worker(XLSX_WORKER, {
    resourceLimits: XLSX_HEAP,
    // Plain JavaScript: not the server's `--import tsx` (its loader and esbuild for nothing).
    execArgv: [],
    workerData: {
      titulo: spec.titulo.slice(0, 31),
      columns: spec.columns.map((c) => ({
        header: c.header,
        width: Math.max(12, c.header.length + 2),
        numFmt: NUM_FMT[c.type ?? 'text'],
      })),
    },
  });
  let waiting: (() => void) | undefined;
  let failed: Error | undefined;
  const fail = (err: Error) => {
    if (failed) return;
    failed = err;
    logger.error({ recurso: spec.recurso, erro: safeError(err) }, 'exportação falhou');
    out.destroy(err);
    void worker.terminate();
    waiting?.();
  };
  worker.on('message', (msg: { chunk?: Uint8Array; ack?: true; done?: true }) => {
    if (msg.chunk) out.write(msg.chunk);
    else if (msg.ack) waiting?.();
    else if (msg.done) out.end();
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (code !== 0 && !out.writableEnded && !out.destroyed)
      fail(new Error(`o gerador do .xlsx terminou (código ${code})`));
  });
  // Taken by the client, gone, or failed: the worker's turn is over.
  worker.on('exit', release);
  out.on('close', () => {
    release();
    // The client went away (or the server is shutting down): stop the worker and the reading.
    if (!out.writableFinished) void worker.terminate();
    waiting?.();
  });
  const send = (rows: unknown[][]) =>
    new Promise<void>((resolve) => {
      waiting = resolve;
      worker.postMessage({ rows });
    });
  void (async () => {
    try {
      for await (const page of rowsOf(db, spec)) {
        await send(page.map((r) => spec.columns.map((c) => cellValue(c, r, tz))));
        await drained(out);
        if (failed || out.destroyed) return;
      }
      worker.postMessage({ end: true });
    } catch (err) {
      fail(err as Error);
    }
  })();
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

const gates = new WeakMap<AppDeps['config'], Map<string, Gate>>();

type GateKind = 'xlsx' | 'csv' | 'pdf';

/**
 * The turns of a server instance for one kind of heavy answer. An .xlsx and a PDF are a worker thread
 * each (a heap of its own, ~60 MB with its code), a CSV holds a database reader for its whole download:
 * a few run at once, a few more wait their turn (a download that starts a moment later), and beyond
 * that the answer is 503 with Retry-After instead of a thread or a reader per request.
 */
export function gateOf(config: AppDeps['config'], kind: GateKind): Gate {
  let m = gates.get(config);
  if (!m) {
    m = new Map();
    gates.set(config, m);
  }
  let g = m.get(kind);
  if (!g) {
    const limits: Record<GateKind, [number, number]> = {
      xlsx: [config.xlsxConcorrentes, config.xlsxFila],
      csv: [config.csvConcorrentes, config.csvFila],
      pdf: [config.pdfConcorrentes, config.pdfFila],
    };
    g = new Gate(...limits[kind]);
    m.set(kind, g);
  }
  return g;
}

export const xlsxGate = (config: AppDeps['config']) => gateOf(config, 'xlsx');

export const XLSX_OCUPADO_RETRY_S = 5;

/** A turn of `kind`, or 503 `Servidor ocupado` with Retry-After when its line is full. */
export async function turnOf(config: AppDeps['config'], kind: GateKind, message: string) {
  const turno = gateOf(config, kind).acquire();
  if (!turno) {
    throw new HttpError(503, 'Servidor ocupado', message, undefined, {
      'retry-after': String(XLSX_OCUPADO_RETRY_S),
    });
  }
  return turno;
}

/** The export's answer: a file of every row matching the list's filters, written page by page. */
export async function exportResponse(c: AppContext, spec: ExportSpec) {
  const formato = formatoOf(c);
  const { db, config, logger } = c.get('deps');
  const nome = `${spec.recurso}-${todayIso(config.tzNegocio)}.${formato}`;
  let body: ReadableStream<Uint8Array>;
  if (formato === 'csv') {
    const release = await turnOf(
      config,
      'csv',
      'Muitas exportações em CSV ao mesmo tempo. Tente novamente em alguns segundos.',
    );
    body = csvStream(db, spec, config.tzNegocio, release);
  } else {
    const release = await turnOf(
      config,
      'xlsx',
      'Muitas exportações em Excel ao mesmo tempo. Tente novamente em alguns segundos.',
    );
    body = xlsxStream(db, spec, config.tzNegocio, logger, release);
  }
  return c.body(body, 200, {
    'content-type':
      formato === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'content-disposition': `attachment; filename="${nome}"`,
  });
}

/**
 * An export route's answer: the list's filters read from the query string as the list reads them
 * (400 when invalid), then the file of every row they keep. Called from the route's own `(c) => …`:
 * Hono takes a route's typed input from its last handler, so a handler made here, typed with a plain
 * `AppContext`, left the typed client's `…/exportar` without its query type.
 */
export const exportHandler = <S extends z.ZodType>(
  c: AppContext,
  listQuery: S,
  spec: (query: z.output<S>, c: AppContext) => ExportSpec,
) => exportResponse(c, spec(parseQuery(c, listQuery), c));

/**
 * The contract fields of an export route (server/contract.ts): the list's filters without its page
 * (the file has every row) and `formato`, typed as such, so the typed client's `…/exportar` takes
 * `formato` and the list's own filters. The list's strictness is not carried over: the contract's query
 * types the client and documents the parameters, while the handler validates with the list's own query.
 */
export const exportContract = <S extends z.core.$ZodShape>(
  titulo: string,
  listFilters: z.ZodObject<S, z.core.$ZodObjectConfig>,
) => {
  const { page: _page, limit: _limit, ...filters } = listFilters.shape;
  return {
    summary: `Exporta ${titulo} em CSV ou Excel (.xlsx): todas as linhas dos filtros atuais, não só a página`,
    description:
      'CSV: separador `;`, vírgula decimal, datas dd/mm/aaaa, UTF-8 com BOM. XLSX: valores como números e datas. Nome do arquivo: <recurso>-<data>.<formato>.',
    produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const,
    query: z.object({ ...filters, ...exportQuery.shape }),
    errors: [400, 503] as ErrorStatus[],
  };
};
