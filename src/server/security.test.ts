import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/queries/common';
import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './log';
import { allowedOrigins } from './security';
import { apiSuite, Client } from './testing/harness';

const { env, admin } = apiSuite();

/** Swaps the app's logger for one writing into an array of lines, for the duration of `fn`. */
async function captureLog(fn: () => Promise<void>, opts: { logRequests?: boolean } = {}) {
  const lines: string[] = [];
  let pending = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      pending += chunk.toString();
      let i = pending.indexOf('\n');
      while (i >= 0) {
        lines.push(pending.slice(0, i));
        pending = pending.slice(i + 1);
        i = pending.indexOf('\n');
      }
      done();
    },
  });
  const { logger, config } = env.deps;
  const logRequests = config.logRequests;
  env.deps.logger = createLogger('info', sink);
  config.logRequests = opts.logRequests ?? true;
  try {
    await fn();
  } finally {
    env.deps.logger = logger;
    config.logRequests = logRequests;
  }
  return lines;
}

describe('CSRF: the Origin must be this site (scheme, host and port)', () => {
  const post = (headers: Record<string, string>) => admin.request('POST', '/api/auth/logout', {}, headers);

  it('refuses another host even when the Host header agrees with it', async () => {
    const res = await post({ origin: 'http://evil.example', host: 'evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Requisição recusada: origem não permitida.');
  });

  it('refuses the right host with another scheme or port', async () => {
    expect((await post({ origin: 'https://localhost:3000' })).status).toBe(403);
    expect((await post({ origin: 'http://localhost:3001' })).status).toBe(403);
    expect((await post({ origin: 'http://localhost' })).status).toBe(403);
  });

  it('accepts the configured origin, and without an Origin only Sec-Fetch-Site: same-origin', async () => {
    const create = (headers: Record<string, string>) =>
      admin.request('POST', '/api/categorias-produtos', { nome: `csrf-${Math.random()}` }, headers);
    expect((await create({ origin: 'http://localhost:3000' })).status).toBe(201);
    // while PUBLIC_URL is the default, the other loopback spelling of the same port is this site
    expect((await create({ origin: 'http://127.0.0.1:3000' })).status).toBe(201);
    expect((await create({ origin: '', 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    expect((await create({ origin: '', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await create({ origin: '' })).status).toBe(403);
    expect((await create({ origin: 'null' })).status).toBe(403);
  });

  it('derives the allowed origins from PUBLIC_URL and TRUSTED_ORIGINS', () => {
    const byDefault = allowedOrigins(loadConfig({ PORT: '4000' }));
    expect([...byDefault].sort()).toEqual([
      'http://127.0.0.1:4000',
      'http://[::1]:4000',
      'http://localhost:4000',
    ]);
    const deployed = allowedOrigins(
      loadConfig({
        PORT: '4000',
        PUBLIC_URL: 'https://marmoraria.example/',
        TRUSTED_ORIGINS: 'https://admin.example, not a url',
      }),
    );
    // a configured public address is the only spelling: loopback is then another site
    expect([...deployed].sort()).toEqual(['https://admin.example', 'https://marmoraria.example']);
  });
});

describe('a NUL character is refused with a 400 on every route', () => {
  it('in the query string', async () => {
    const res = await admin.get('/api/clientes?q=%00');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('A requisição contém um caractere inválido (NUL).');
    expect((await admin.get('/api/orcamentos?q=a%00b')).status).toBe(400);
    // a malformed escape elsewhere in the address does not hide it; nor does the path
    expect((await admin.get('/api/clientes?x=%E0%A4%A&q=%00')).status).toBe(400);
    expect((await admin.get('/api/clientes/%00')).status).toBe(400);
  });

  it('in a JSON body, as an escape, also in a key or nested — and nothing is written', async () => {
    const [before] = await queryRows<{ n: number }>(env.db, sql`select count(*)::int as n from clientes`);
    for (const body of [
      { nome: 'Maria\u0000Silva', tipo: 'Pessoa Física' },
      { nome: 'Maria', observacoes: ['x', { a: '\u0000' }] },
      { 'no\u0000me': 'Maria' },
    ]) {
      const res = await admin.post('/api/clientes', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
    const [after] = await queryRows<{ n: number }>(env.db, sql`select count(*)::int as n from clientes`);
    expect(after!.n).toBe(before!.n);
    // an escaped backslash followed by "u0000" is not a NUL
    await admin.create('/api/categorias-produtos', { nome: 'barra \\u0000 literal' });
  });

  it('in the sign-in form, without signing in', async () => {
    const res = await new Client(env).post('/api/auth/login', { usuario: 'admin\u0000', senha: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('A requisição contém um caractere inválido (NUL).');
  });
});

describe('request log', () => {
  it('writes one JSON record per request; a %0a in the path cannot forge a line', async () => {
    const lines = await captureLog(async () => {
      const res = await new Client(env).get(
        '/api/x%0a%5Breq%20abc%5D%20POST%20/api/usuarios%20200%200.1ms%20admin@lavra.test',
      );
      expect(res.status).toBe(404);
    });
    expect(lines).toHaveLength(1);
    const rec = JSON.parse(lines[0]!);
    expect(rec).toMatchObject({
      level: 'info',
      method: 'GET',
      status: 404,
      usuario: null,
      msg: 'requisição',
    });
    expect(rec.path).toBe('/api/x%0a%5Breq%20abc%5D%20POST%20/api/usuarios%20200%200.1ms%20admin@lavra.test');
    expect(typeof rec.req).toBe('string');
    expect(typeof rec.ms).toBe('number');
  });

  it('names the user by id (never the e-mail) and never logs the query string', async () => {
    const me = (await admin.get('/api/auth/me')).body;
    const lines = await captureLog(async () => {
      expect((await admin.get('/api/clientes?q=Maria%20529.982.247-25')).status).toBe(200);
    });
    expect(lines).toHaveLength(1);
    const rec = JSON.parse(lines[0]!);
    expect(rec.usuario).toBe(me.id);
    expect(lines[0]).not.toContain('admin@');
    expect(lines[0]).not.toContain('Maria');
    // the CPF in any form; a bare "529" also matched, once, inside the line's random request id
    expect(lines[0]).not.toMatch(/529\.?982\.?247|982\.?247-?25|q=/);
    expect(rec.path).toBe('/api/clientes');
  });

  it('is silent with LOG_REQUESTS=0', async () => {
    const lines = await captureLog(
      async () => {
        await admin.get('/api/health');
      },
      { logRequests: false },
    );
    expect(lines).toEqual([]);
  });
});

describe('error log', () => {
  it('logs a failed query by its code and statement, never its parameters', async () => {
    const secret = 'Joana Segredo 529.982.247-25';
    // a statement that fails with an error no rule maps to a 4xx (division by zero), carrying personal
    // data as its parameter, behind the app's own error handler
    const app = createApp(env.deps, (a) =>
      a.get('/teste-erro', async () => {
        await env.db.execute(sql`select length(${secret}) / 0`);
        return new Response('nunca');
      }),
    );
    const lines = await captureLog(
      async () => {
        const res = await app.request('http://localhost:3000/teste-erro');
        expect(res.status).toBe(500);
      },
      { logRequests: false },
    );
    expect(lines).toHaveLength(1);
    const rec = JSON.parse(lines[0]!);
    expect(rec).toMatchObject({ level: 'error', msg: 'erro interno', err: { code: '22012' } });
    expect(rec.err.query).toContain('select length($1) / 0');
    expect(lines[0]).not.toContain('Joana');
    expect(lines[0]).not.toContain('529.982');
  });
});

describe('the class, not the instance', () => {
  it('no server module writes to the console (everything goes through the structured logger)', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    for (const dir of ['server', 'db']) {
      for (const f of await readdir(path.join(root, dir), { recursive: true })) {
        if (!f.endsWith('.ts') || f.endsWith('.test.ts') || f === 'main.ts') continue;
        const text = await readFile(path.join(root, dir, f), 'utf8');
        if (/console\.(log|error|warn|info)\(/.test(text)) offenders.push(`${dir}/${f}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
