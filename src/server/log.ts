import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The server's structured log: one JSON object per line, so a value a client wrote (a path with a
 * newline, a name) is always an escaped JSON string and can never forge a line of its own.
 *
 * Written asynchronously (sonic-boom with `sync: false`): the request path never waits for stdout.
 * `flush()` at shutdown writes what is still buffered.
 */
export function createLogger(level = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined, // no pid/hostname on every line: one process per container
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

interface ErrorLike {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  query?: unknown;
  cause?: unknown;
}

/**
 * What an error may put in the log without personal data. A failed query's message and stack carry
 * its parameters (Drizzle: "Failed query: … params: João,123.456.789-00") and PostgreSQL's own
 * message and detail quote the offending value ("Key (cpf)=(…) already exists"), so for database
 * errors only the SQLSTATE, the constraint/table/column names and the statement text (placeholders,
 * never values) are kept, and the stack keeps its frames but not its first line (the message).
 */
export function safeError(err: unknown): Record<string, unknown> {
  const chain: ErrorLike[] = [];
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    chain.push(e as ErrorLike);
    e = (e as ErrorLike).cause;
  }
  const top = chain[0];
  if (!top) return { type: typeof err };
  const pg = chain.find((e) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code));
  const frames = typeof top.stack === 'string' ? top.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  const query = chain.find((e) => typeof e.query === 'string')?.query;
  if (pg || query !== undefined) {
    return {
      type: top.name ?? 'Error',
      ...(pg
        ? {
            code: pg.code,
            ...(typeof pg.constraint === 'string' ? { constraint: pg.constraint } : {}),
            ...(typeof pg.table === 'string' ? { table: pg.table } : {}),
            ...(typeof pg.column === 'string' ? { column: pg.column } : {}),
            ...(typeof pg.routine === 'string' ? { routine: pg.routine } : {}),
          }
        : {}),
      ...(typeof query === 'string' ? { query } : {}),
      stack: frames.join('\n'),
    };
  }
  // A programming error (TypeError…): its message is the code's, not the user's.
  return { type: top.name ?? 'Error', message: String(top.message ?? ''), stack: frames.join('\n') };
}
