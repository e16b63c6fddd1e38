import { createHash, createHmac } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../bench/generate';
import { takeBackup } from '../server/backups';
import { BackupInvalido, readBackup, restoreBackup, tableCounts } from './backup';
import { type Database, openDatabase } from './client';

/**
 * Issue 26, "a backup file alone takes over a live admin session": what a backup holds, who can read
 * it, and what a restore accepts (an edited file, a row PostgreSQL refuses, a line of 600 MB).
 */
const CHAVE = 'chave-dos-backups-de-teste-0123456789abcdef';
const dir = mkdtempSync(path.join(tmpdir(), 'lavra-backup-seg-'));
let source: Database;
let target: Database;
let file: string;
let lines: string[];

/** The trailer recomputed over edited lines, as someone editing the file would, signed with `key`. */
function resign(edited: string[], key: string | null): Buffer {
  const all = edited.filter((l) => l !== '');
  const body = all.slice(0, -1);
  const tabelas: Record<string, { linhas: number; sha256: string }> = {};
  let table = '';
  const hashes: Record<string, ReturnType<typeof createHash>> = {};
  for (const l of body) {
    if (l.startsWith('["tabela"')) {
      table = JSON.parse(l)[1];
      hashes[table] = createHash('sha256');
      tabelas[table] = { linhas: 0, sha256: '' };
    } else if (l.startsWith('{')) {
      hashes[table]!.update(`${l}\n`);
      tabelas[table]!.linhas += 1;
    }
  }
  for (const t of Object.keys(tabelas)) tabelas[t]!.sha256 = hashes[t]!.digest('hex');
  const text = body.map((l) => `${l}\n`).join('');
  const old = JSON.parse(all.at(-1)!)[1];
  const trailer = {
    tabelas,
    sha256: createHash('sha256').update(text).digest('hex'),
    hmac: key ? createHmac('sha256', key).update(text).digest('hex') : old.hmac,
  };
  return gzipSync(`${text}${JSON.stringify(['fim', trailer])}\n`);
}

beforeAll(async () => {
  source = await openDatabase({});
  target = await openDatabase({});
  await generate(source.db, { scale: 0.002, seed: 5, log: () => {} });
  // What a running server keeps beside the data: its secrets, a live session, an idempotent answer
  // holding a customer link, sign-in counters.
  await source.db.execute(sql`insert into app_config (chave, valor) values
    ('auth_secret', 'SEGREDO-DE-SESSAO-123'), ('link_secret', 'SEGREDO-DE-LINK-456')`);
  await source.db.execute(
    sql`insert into auth_user (id, name, email) values ('u1', 'Vera', 'vera@lavra.test')`,
  );
  await source.db.execute(sql`insert into usuarios (auth_user_id, nome, email, role)
    values ('u1', 'Vera', 'vera@lavra.test', 'usuario')`);
  await source.db.execute(sql`insert into auth_session (id, expires_at, token, user_id)
    select 'sessao-1', now() + interval '1 day', 'TOKEN-DE-SESSAO-789', auth_user_id from usuarios limit 1`);
  await source.db.execute(sql`insert into chaves_idempotencia (usuario_id, metodo, caminho, chave, hash_corpo, status, resposta)
    select id, 'POST', '/api/orcamentos/x/link', 'k1', 'h', 201, '{"url":"https://x/o/LINK-ABERTO"}' from usuarios limit 1`);
  await source.db.execute(sql`insert into login_limites (chave, falhas) values ('conta:admin', 3)`);
  const b = await takeBackup(
    source,
    {
      backupDir: path.join(dir, 'backups'),
      backupManter: { diarios: 7, semanais: 4, mensais: 12, manuais: 10 },
      backupChave: CHAVE,
      dataDir: '',
    },
    'manual',
  );
  file = path.join(dir, 'backups', b.nome);
  const kept = (await source.db.execute(
    sql`select (select count(*) from auth_session)::int as s, (select count(*) from chaves_idempotencia)::int as k`,
  )) as unknown as { rows: { s: number; k: number }[] };
  expect(kept.rows[0]).toEqual({ s: 1, k: 1 }); // the source did hold them
  lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
}, 180_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a backup file', () => {
  it('holds no secret, session, idempotent answer or sign-in counter', () => {
    const text = lines.join('\n');
    for (const secret of [
      'SEGREDO-DE-SESSAO-123',
      'SEGREDO-DE-LINK-456',
      'TOKEN-DE-SESSAO-789',
      'LINK-ABERTO',
    ])
      expect(text).not.toContain(secret);
    const tables = lines.filter((l) => l.startsWith('["tabela"')).map((l) => JSON.parse(l)[1]);
    expect(tables).toContain('clientes');
    for (const t of [
      'app_config',
      'auth_session',
      'auth_verification',
      'chaves_idempotencia',
      'login_limites',
    ])
      expect(tables).not.toContain(t);
  });

  it('is readable by the server user only, in a folder only it enters', () => {
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  it('restores, and the target keeps no session or secret of its own', async () => {
    await target.db.execute(sql`insert into app_config (chave, valor) values ('auth_secret', 'do-destino')`);
    await restoreBackup(target.db, file, { chave: CHAVE });
    const r = (await target.db.execute(
      sql`select (select count(*) from app_config)::int as c, (select count(*) from auth_session)::int as s`,
    )) as unknown as { rows: { c: number; s: number }[] };
    expect(r.rows[0]).toEqual({ c: 0, s: 0 });
    expect((await tableCounts(target.db)).clientes).toBeGreaterThan(0);
    await target.db.execute(sql`select 1`);
    // empty it again for the refusals below
    const all = Object.keys(await tableCounts(target.db));
    await target.db.execute(sql`select set_config('lavra.restaurando', '1', false)`);
    await target.db.execute(sql.raw(`truncate ${all.map((t) => `"${t}"`).join(', ')} cascade`));
    await target.db.execute(sql`select set_config('lavra.restaurando', '', false)`);
  });
});

describe('a restore', () => {
  it('refuses an edited file whose checksums were recomputed (the user made admin), and another key', async () => {
    // A staff account of the file, made admin.
    const i = lines.findIndex((l) => l.startsWith('{') && /"auth_user_id"/.test(l) && /"role":"/.test(l));
    expect(i).toBeGreaterThan(0);
    const edited = [...lines];
    edited[i] = edited[i]!.replace(/"role":"\w+"/, '"role":"admin"').replace(
      '"status":"inativo"',
      '"status":"ativo"',
    );
    expect(edited[i]).not.toBe(lines[i]);
    const forged = path.join(dir, 'forjado.jsonl.gz');
    writeFileSync(forged, resign(edited, null));
    await expect(restoreBackup(target.db, forged, { chave: CHAVE })).rejects.toThrow(
      /assinatura do backup não confere/,
    );
    const otherKey = path.join(dir, 'outra-chave.jsonl.gz');
    writeFileSync(otherKey, resign(edited, 'outra-chave-qualquer-0123456789abcdef'));
    await expect(restoreBackup(target.db, otherKey, { chave: CHAVE })).rejects.toThrow(/assinatura/);
    // The operator who lost the key may choose to skip the check; the file is otherwise whole.
    await expect(readBackup(forged, { chave: CHAVE, ignorarAssinatura: true })).resolves.toBeTruthy();
    expect(Object.values(await tableCounts(target.db)).every((n) => n === 0)).toBe(true);
  });

  it('that fails on a row says the table, never the row values', async () => {
    const i = lines.findIndex((l) => l.startsWith('{') && /"cpf_cnpj":"\d/.test(l) && /"created_at"/.test(l));
    expect(i).toBeGreaterThan(0);
    const edited = [...lines];
    edited[i] = edited[i]!.replace(/"created_at":"[^"]*"/, '"created_at":"Zacarias 529.982.247-25"');
    const bad = path.join(dir, 'linha-ruim.jsonl.gz');
    writeFileSync(bad, resign(edited, CHAVE));
    const err = await restoreBackup(target.db, bad, { chave: CHAVE }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(BackupInvalido);
    const message = (err as Error).message;
    expect(message).toMatch(/tabela clientes não pôde ser gravada \(código 22\w{3}/);
    expect(message).not.toMatch(/Zacarias|529\.982|"nome"|@/);
    expect(message.length).toBeLessThan(300);
    expect(Object.values(await tableCounts(target.db)).every((n) => n === 0)).toBe(true);
  });

  it('refuses a line of 600 MB as it arrives, without holding it', async () => {
    const huge = path.join(dir, 'linha-enorme.jsonl.gz');
    const mb = Buffer.alloc(1024 * 1024, 'a');
    // Written as a stream: the test never holds the line either.
    async function* content() {
      yield Buffer.from(`${lines[0]}\n["tabela","clientes"]\n{"nome":"`);
      for (let n = 0; n < 600; n++) yield mb;
      yield Buffer.from('"}\n');
    }
    await pipeline(Readable.from(content()), createGzip({ level: 1 }), createWriteStream(huge));
    const before = process.memoryUsage().rss;
    let peak = before;
    const watch = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      await expect(restoreBackup(target.db, huge, { chave: CHAVE })).rejects.toThrow(
        /uma linha passa de 64 MB/,
      );
    } finally {
      clearInterval(watch);
    }
    expect(peak - before).toBeLessThan(300 * 1024 * 1024);
  }, 120_000);
});
