// The backup format and the two operations on it, written once for both engines.
//
// A backup is gzip'd JSON lines. Every line is JSON; control lines are arrays, row lines objects:
//   ["lavra-backup", {versao, criado_em, motor, migracoes, migracao}]    header
//   ["tabela", "clientes"]                                              a table starts (dependency order)
//   {"id": "…", "nome": "…", …}                                         its rows: row_to_json(t), by primary key
//   ["fim", {tabelas: {clientes: {linhas, sha256}}, sha256, hmac}]      trailer
// Rows are PostgreSQL's own JSON text of each row, and a restore hands that text back to PostgreSQL
// (json_populate_recordset): numerics, dates and timestamps never go through JavaScript types, so the
// same file restores exactly into PGlite or into a PostgreSQL server, whichever wrote it. The trailer
// (counts and checksums, written last because the dump streams) also tells a truncated file apart.
// Its `hmac` (HMAC-SHA256 of everything before it, keyed by BACKUP_CHAVE: server/backup-key.ts) is what
// a restore trusts: the checksums alone can be recomputed by whoever edits the file.
//
// What a backup leaves out: the secrets (app_config: the session-signing and link secrets), the live
// sessions, the idempotency answers (they hold what was created, links included) and the sign-in
// counters. A file alone then opens no session and no link; a restored server makes new secrets and
// everyone signs in again.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { appliedMigrations, type Db, type Executor, knownMigrations } from './client';

export const BACKUP_FORMAT = 'lavra-backup';
/** 2: signed (trailer `hmac`), without secrets, sessions and idempotency answers. */
export const BACKUP_VERSION = 2;

/**
 * Tables never written to a backup (see the top of the file). A restore empties them: the sessions and
 * secrets of the target do not survive a restore either.
 */
export const NOT_BACKED_UP = new Set([
  'app_config',
  'auth_session',
  'auth_verification',
  'chaves_idempotencia',
  'login_limites',
  'sse_streams',
]);

/**
 * Columns left out of a table's rows: the fiscal provider's credentials (issue 30) are a secret too,
 * encrypted under a key the file does not carry; a restored server has them entered again (Empresa).
 */
export const COLUMNS_NOT_BACKED_UP: Readonly<Record<string, readonly string[]>> = {
  empresa: ['fiscal_credenciais'],
};

/**
 * The longest line a restore reads (a row: a signed PDF or a photo is a few MB). A longer one is
 * refused as it arrives, before it is held whole: a 600 MB line must not take the memory with it.
 */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** Summaries kept by triggers (0001_agregados.sql, 0017, 0021): rebuilt after a restore, not stored. */
const SUMMARY_TABLES = new Set([
  'contagens',
  'vendas_mensal',
  'despesas_mensal',
  'comissoes_mensal',
  'recebiveis_mensal',
  'agenda_horas',
]);

export interface BackupHeader {
  versao: number;
  criado_em: string;
  motor: 'pglite' | 'postgres';
  migracoes: number;
  migracao: string;
}
export interface TableSummary {
  linhas: number;
  sha256: string;
}
export interface BackupTrailer {
  tabelas: Record<string, TableSummary>;
  sha256: string;
  /** HMAC-SHA256 (hex) of every line before the trailer, keyed by the backup key. */
  hmac: string;
}

/** The backup key: BACKUP_CHAVE, or the key file of DATA_DIR (server/backup-key.ts). */
export type BackupKey = string | Buffer;

/** A backup file that cannot be restored; the message is for the person running the restore. */
export class BackupInvalido extends Error {}

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** The application's tables in an order where every table comes after the ones it references. */
export async function tablesInDependencyOrder(db: Executor, o: { all?: boolean } = {}): Promise<string[]> {
  const tables = (
    await rows<{ t: string }>(
      db,
      sql`select tablename as t from pg_tables where schemaname = 'public' order by tablename`,
    )
  )
    .map((r) => r.t)
    .filter((t) => !SUMMARY_TABLES.has(t) && (o.all || !NOT_BACKED_UP.has(t)));
  const edges = await rows<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const deps = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) {
    const child = e.child.replaceAll('"', '');
    const parent = e.parent.replaceAll('"', '');
    if (child !== parent && deps.has(child) && deps.has(parent)) deps.get(child)?.add(parent);
  }
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string) => {
    if (seen.has(t)) return;
    seen.add(t);
    for (const p of deps.get(t) ?? []) visit(p);
    out.push(t);
  };
  for (const t of tables) visit(t);
  return out;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function orderBy(db: Executor, table: string): Promise<string> {
  const pk = await rows<{ col: string }>(
    db,
    sql`select a.attname as col
        from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${ident(table)}::regclass and i.indisprimary
        order by array_position(i.indkey, a.attnum)`,
  );
  return pk.length ? pk.map((p) => `t.${ident(p.col)}`).join(', ') : '1';
}

/**
 * Every row of a table as PostgreSQL's JSON text, in primary-key order, a batch at a time through a
 * cursor (a big table never sits whole in memory). Timestamps are written in UTC so the text, and so
 * the checksum, is the same whichever server or session time zone wrote it.
 */
async function* tableRows(
  tx: Executor,
  table: string,
  ceder = false,
  batch = 2000,
): AsyncGenerator<string[]> {
  const cursor = `lavra_bk_${table}`;
  const sem = Object.hasOwn(COLUMNS_NOT_BACKED_UP, table) ? COLUMNS_NOT_BACKED_UP[table]! : [];
  const row = sem.length
    ? `(to_jsonb(t) ${sem.map((c) => `- '${c.replace(/'/g, "''")}'`).join(' ')})::text`
    : 'row_to_json(t)::text';
  await tx.execute(
    sql.raw(
      `declare ${ident(cursor)} no scroll cursor for select ${row} as j from ${ident(table)} t order by ${await orderBy(tx, table)}`,
    ),
  );
  try {
    for (;;) {
      const t0 = performance.now();
      const got = await rows<{ j: string }>(tx, sql.raw(`fetch ${batch} from ${ident(cursor)}`));
      // The database process reading for a backup taken while serving runs at the requests' own
      // priority (only ours is lowered): it waits as long as each batch took, half a core at most.
      if (ceder) await new Promise((r) => setTimeout(r, performance.now() - t0));
      if (!got.length) break;
      yield got.map((r) => r.j);
      if (got.length < batch) break;
    }
  } finally {
    await tx.execute(sql.raw(`close ${ident(cursor)}`));
  }
}

/**
 * A table's rows as backup lines (`tableRows`), each handed to `each` in order: how many and their
 * SHA-256, what the trailer records and what a restore checks it read back.
 */
async function digestTable(
  tx: Executor,
  table: string,
  each?: (line: string) => Promise<unknown>,
  ceder = false,
): Promise<TableSummary> {
  const h = createHash('sha256');
  let linhas = 0;
  for await (const batch of tableRows(tx, table, ceder)) {
    for (const line of batch) {
      h.update(`${line}\n`);
      linhas += 1;
      if (each) await each(line);
    }
  }
  return { linhas, sha256: h.digest('hex') };
}

/**
 * Writes a backup of the whole database to `file`: through a temporary name beside it, renamed only
 * once complete, so a crash or a full disk never leaves a partial file under a backup's name (the
 * partial one is removed). One read-only repeatable-read transaction: one consistent snapshot, while
 * writers carry on on PostgreSQL. The server runs this in a process of its own (db/backup-process.ts;
 * on PGlite, over a copy of the folder): PGlite has one connection, and a transaction here would hold
 * every request behind it until the backup ends.
 */
export async function writeBackup(
  db: Db,
  kind: 'pglite' | 'postgres',
  file: string,
  /** Taken while the server serves (backup-process): the database's reads leave it half their time. */
  o: { chave: BackupKey; ceder?: boolean },
): Promise<{ tabelas: Record<string, TableSummary>; bytes: number }> {
  const tmp = `${file}.parcial`;
  const gzip = createGzip({ level: 6 });
  // Only the server's user reads a backup: it holds every customer's data and the password hashes.
  const out = createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
  const whole = createHash('sha256');
  let mac: ReturnType<typeof createHmac> | null = createHmac('sha256', o.chave);
  let failed: Error | undefined;
  // Rejects on the first write error (a full disk: ENOSPC) and so stops the dump there.
  const done = pipeline(gzip, out).catch((e: Error) => {
    failed = e;
    throw e;
  });
  done.catch(() => {});
  const write = async (line: string) => {
    if (failed) throw failed;
    const text = `${line}\n`;
    whole.update(text);
    mac?.update(text);
    if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), done]);
    if (failed) throw failed;
  };
  try {
    const tabelas: Record<string, TableSummary> = {};
    await db.transaction(
      async (tx) => {
        await tx.execute(sql`set local timezone = 'UTC'`);
        const known = knownMigrations();
        const applied = await appliedMigrations(tx);
        const header: BackupHeader = {
          versao: BACKUP_VERSION,
          criado_em: new Date().toISOString(),
          motor: kind,
          migracoes: applied,
          migracao: known[applied - 1] ?? '',
        };
        await write(JSON.stringify([BACKUP_FORMAT, header]));
        for (const table of await tablesInDependencyOrder(tx)) {
          await write(JSON.stringify(['tabela', table]));
          tabelas[table] = await digestTable(tx, table, write, o.ceder);
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const trailer: BackupTrailer = {
      tabelas,
      sha256: whole.copy().digest('hex'),
      hmac: mac!.digest('hex'),
    };
    mac = null; // the trailer itself is not signed
    await write(JSON.stringify(['fim', trailer]));
    gzip.end();
    await done;
    await rename(tmp, file);
    return { tabelas, bytes: out.bytesWritten };
  } catch (err) {
    gzip.destroy();
    out.destroy();
    // The file is opened asynchronously: wait until the stream has let go of it, or the open could
    // land after the removal and leave a partial file behind.
    if (!out.closed) await once(out, 'close');
    await rm(tmp, { force: true });
    throw err;
  }
}

export interface ReadOptions {
  chave: BackupKey;
  /** The operator's explicit choice (`npm run restore -- --ignorar-assinatura`): key lost with the server. */
  ignorarAssinatura?: boolean;
}

function sameHex(a: unknown, b: string): boolean {
  if (typeof a !== 'string' || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The lines of a stream (LF, a trailing CR dropped), refusing one longer than MAX_LINE_BYTES as soon as
 * it passes the limit: readline would hold a line of any length whole.
 */
async function* linesOf(stream: Readable, max = MAX_LINE_BYTES): AsyncGenerator<string> {
  let parts: Buffer[] = [];
  let size = 0;
  const tooLong = () =>
    new BackupInvalido(
      `O arquivo não é um backup válido: uma linha passa de ${max / 1024 / 1024} MB. Nada foi restaurado.`,
    );
  const text = (b: Buffer) => {
    const t = b.toString('utf8');
    return t.endsWith('\r') ? t.slice(0, -1) : t;
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      const piece = chunk.subarray(start, nl === -1 ? chunk.length : nl);
      size += piece.length;
      if (size > max) throw tooLong();
      if (piece.length) parts.push(piece);
      if (nl === -1) break;
      yield text(Buffer.concat(parts, size));
      parts = [];
      size = 0;
      start = nl + 1;
    }
  }
  if (size > 0) yield text(Buffer.concat(parts, size));
}

type Entry =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; table: string }
  | { kind: 'row'; line: string };

/**
 * Reads a backup file line by line, checking as it goes that it is one (a foreign file fails on its
 * first line), and at the end that it is whole (trailer present, every table's count and checksum and
 * the whole file's checksum as written). `onEntry` sees every entry before the checks at the end: a
 * restore runs it inside a transaction it rolls back when this throws.
 */
export async function readBackup(
  file: string,
  o: ReadOptions,
  onEntry: (e: Entry) => Promise<void> | void = () => {},
): Promise<{ header: BackupHeader; trailer: BackupTrailer }> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  let streamError: Error | undefined;
  input.on('error', (e) => {
    streamError = e;
  });
  gunzip.on('error', (e) => {
    streamError = e;
  });
  const lines = linesOf(input.pipe(gunzip));
  const whole = createHash('sha256');
  const mac = createHmac('sha256', o.chave);
  let header: BackupHeader | undefined;
  let trailer: BackupTrailer | undefined;
  let table: string | undefined;
  let tableHash = createHash('sha256');
  let tableRows = 0;
  const counted: Record<string, TableSummary> = {};
  const closeTable = () => {
    if (table) counted[table] = { linhas: tableRows, sha256: tableHash.digest('hex') };
  };
  const foreign = () => new BackupInvalido('O arquivo não é um backup do Lavra.');
  try {
    for await (const line of lines) {
      if (trailer) throw new BackupInvalido('O arquivo tem dados depois do fim do backup: foi alterado.');
      if (!header) {
        let first: unknown;
        try {
          first = JSON.parse(line);
        } catch {
          throw foreign();
        }
        if (!Array.isArray(first) || first[0] !== BACKUP_FORMAT || typeof first[1] !== 'object')
          throw foreign();
        header = first[1] as BackupHeader;
        if (header.versao !== BACKUP_VERSION)
          throw new BackupInvalido(
            `Este backup usa o formato ${header.versao}; esta versão do Lavra lê o formato ${BACKUP_VERSION}.`,
          );
        whole.update(`${line}\n`);
        mac.update(`${line}\n`);
        await onEntry({ kind: 'header', header });
        continue;
      }
      if (line.startsWith('{')) {
        if (!table) throw new BackupInvalido('O arquivo está corrompido: linha fora de uma tabela.');
        whole.update(`${line}\n`);
        mac.update(`${line}\n`);
        tableHash.update(`${line}\n`);
        tableRows += 1;
        await onEntry({ kind: 'row', line });
        continue;
      }
      let control: unknown;
      try {
        control = JSON.parse(line);
      } catch {
        throw new BackupInvalido('O arquivo está corrompido: uma linha não pôde ser lida.');
      }
      if (!Array.isArray(control)) throw new BackupInvalido('O arquivo está corrompido: linha desconhecida.');
      if (control[0] === 'tabela' && typeof control[1] === 'string') {
        closeTable();
        whole.update(`${line}\n`);
        mac.update(`${line}\n`);
        table = control[1];
        tableHash = createHash('sha256');
        tableRows = 0;
        await onEntry({ kind: 'table', table });
      } else if (control[0] === 'fim') {
        closeTable();
        table = undefined;
        trailer = control[1] as BackupTrailer;
        if (trailer?.sha256 !== whole.digest('hex'))
          throw new BackupInvalido('O arquivo está corrompido: a soma de verificação não confere.');
        if (!o.ignorarAssinatura && !sameHex(trailer.hmac, mac.digest('hex')))
          throw new BackupInvalido(
            'A assinatura do backup não confere: o arquivo foi alterado, ou foi gravado com outra chave ' +
              '(BACKUP_CHAVE, ou o arquivo .chave-backup da pasta de dados do servidor que o gravou).',
          );
      } else {
        throw new BackupInvalido('O arquivo está corrompido: linha desconhecida.');
      }
    }
  } catch (err) {
    input.destroy();
    if (err instanceof BackupInvalido) throw err;
    if (streamError || (err as NodeJS.ErrnoException).code?.startsWith('Z_'))
      throw new BackupInvalido('O arquivo está corrompido ou incompleto (não é um gzip válido).');
    throw err;
  }
  if (streamError) {
    if ((streamError as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupInvalido('Arquivo de backup não encontrado.');
    throw new BackupInvalido('O arquivo está corrompido ou incompleto (não é um gzip válido).');
  }
  if (!header) throw foreign();
  if (!trailer) throw new BackupInvalido('O backup está incompleto (arquivo truncado): nada foi restaurado.');
  for (const [t, want] of Object.entries(trailer.tabelas ?? {})) {
    const got = counted[t];
    if (!got || got.linhas !== want.linhas || got.sha256 !== want.sha256)
      throw new BackupInvalido(
        `O arquivo está corrompido: a tabela ${t} não confere com o resumo do backup.`,
      );
  }
  if (Object.keys(counted).length !== Object.keys(trailer.tabelas ?? {}).length)
    throw new BackupInvalido('O arquivo está corrompido: tabelas a mais ou a menos que o resumo.');
  return { header, trailer };
}

/** Rows per table the restore target already holds (summaries excluded). */
export async function tableCounts(db: Executor): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of await tablesInDependencyOrder(db)) {
    const r = await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${ident(t)}`));
    out[t] = Number(r[0]?.n ?? 0);
  }
  return out;
}

/** SQLSTATE, constraint and column of a failed statement: never its parameters nor its message. */
function describePgError(err: unknown): string {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const pg = e as { code?: unknown; constraint?: unknown; column?: unknown; cause?: unknown };
    if (typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
      const parts = [`código ${pg.code}`];
      if (typeof pg.constraint === 'string') parts.push(`restrição ${pg.constraint}`);
      if (typeof pg.column === 'string') parts.push(`coluna ${pg.column}`);
      return parts.join(', ');
    }
    e = pg.cause;
  }
  return 'erro do banco';
}

export interface RestoreResult {
  header: BackupHeader;
  tabelas: Record<string, number>;
}

const BATCH_ROWS = 500;
const BATCH_CHARS = 2_000_000;

/**
 * Restores a backup into `db`, all in one transaction: the file is first read whole and checked (a
 * truncated or foreign file changes nothing, not even the empty target), then loaded, then every table
 * is read back and compared — count and checksum — with the file before committing. Identity
 * sequences (quote and sale numbers) are set past the highest number, and the summaries the triggers
 * keep are rebuilt. A non-empty target is refused unless `force` (then its rows are replaced).
 */
export async function restoreBackup(
  db: Db,
  file: string,
  opts: ReadOptions & { force?: boolean },
): Promise<RestoreResult> {
  const { header, trailer } = await readBackup(file, opts);
  const known = knownMigrations();
  if (header.migracoes > known.length)
    throw new BackupInvalido(
      `Este backup é de uma versão mais nova do Lavra (migração ${header.migracao}): atualize o Lavra antes de restaurar.`,
    );
  return db.transaction(async (tx) => {
    // The audit trigger ignores what a restore writes: the restored audit rows are the history.
    await tx.execute(sql`select set_config('lavra.restaurando', '1', true)`);
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = await tablesInDependencyOrder(tx);
    const existing = await tableCounts(tx);
    const busy = Object.entries(existing).filter(([, n]) => n > 0);
    if (busy.length && !opts.force)
      throw new BackupInvalido(
        `O banco de destino não está vazio (${busy.map(([t, n]) => `${t}: ${n}`).join(', ')}). Use --force para substituir os dados.`,
      );
    // Sessions, idempotency answers and secrets of the target go too (never in a backup): everyone
    // signs in again, and the server makes new secrets when it starts.
    const all = await tablesInDependencyOrder(tx, { all: true });
    await tx.execute(
      sql.raw(
        `truncate ${(busy.length ? all : all.filter((t) => NOT_BACKED_UP.has(t))).map(ident).join(', ')} cascade`,
      ),
    );
    for (const t of Object.keys(trailer.tabelas))
      if (!tables.includes(t))
        throw new BackupInvalido(`O backup tem a tabela ${t}, que este banco não tem.`);

    // Generated columns (a slab's area) are computed by the database: written, they are refused (428C9).
    const writable = new Map<string, string>();
    for (const { t, c } of await rows<{ t: string; c: string }>(
      tx,
      sql`select table_name as t, column_name as c from information_schema.columns
          where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`,
    )) {
      writable.set(t, writable.has(t) ? `${writable.get(t)}, ${ident(c)}` : ident(c));
    }
    let table = '';
    let batch: string[] = [];
    let chars = 0;
    const flush = async () => {
      if (!batch.length) return;
      const json = `[${batch.join(',')}]`;
      const cols = writable.get(table);
      try {
        await tx.execute(
          sql`${sql.raw(`insert into ${ident(table)}${cols ? ` (${cols})` : ''} overriding system value select ${cols ?? '*'} from json_populate_recordset(null::${ident(table)}, `)}${json}::json)`,
        );
      } catch (err) {
        // The error carries the rows (the query's parameter) and PostgreSQL's message may quote a value
        // ("invalid input syntax …: \"…\""): the operator sees the table and the SQLSTATE, no row data.
        throw new BackupInvalido(
          `A tabela ${table} não pôde ser gravada (${describePgError(err)}). Nada foi restaurado.`,
        );
      }
      batch = [];
      chars = 0;
    };
    await readBackup(file, opts, async (e) => {
      if (e.kind === 'table') {
        await flush();
        table = e.table;
      } else if (e.kind === 'row') {
        batch.push(e.line);
        chars += e.line.length;
        if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
      }
    });
    await flush();

    // Quote and sale numbers: the next one goes past the highest restored.
    const identities = await rows<{ t: string; c: string }>(
      tx,
      sql`select table_name as t, column_name as c from information_schema.columns
          where table_schema = 'public' and is_identity = 'YES'`,
    );
    for (const { t, c } of identities) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${ident(t)}', '${c}'), coalesce((select max(${ident(c)}) from ${ident(t)}), 0) + 1, false)`,
        ),
      );
    }
    await tx.execute(sql`select lavra_recalcular_agregados()`);

    // Read back what was written and compare with the file before committing.
    const tabelas: Record<string, number> = {};
    for (const [t, want] of Object.entries(trailer.tabelas)) {
      const { linhas: n, sha256 } = await digestTable(tx, t);
      if (n !== want.linhas || sha256 !== want.sha256)
        throw new BackupInvalido(
          `A verificação falhou na tabela ${t}: o banco restaurado não confere com o backup (${n} de ${want.linhas} linhas). Nada foi restaurado.`,
        );
      tabelas[t] = n;
    }
    return { header, tabelas };
  });
}
