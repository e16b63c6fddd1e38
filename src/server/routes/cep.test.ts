import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  Client,
  createTestDeps,
  loginAdmin,
  ok,
  refused,
  type TestEnv,
  userWith,
} from '../testing/harness';

/**
 * A local stand-in for ViaCEP (never the internet): counts the requests per CEP, and has a CEP for
 * each way the real service can answer.
 */
const hits = new Map<string, number>();
const fake = http.createServer((req, res) => {
  const m = req.url?.match(/^\/ws\/(\d{8})\/json\/$/);
  const cep = m?.[1] ?? '';
  hits.set(cep, (hits.get(cep) ?? 0) + 1);
  res.setHeader('content-type', 'application/json');
  switch (cep) {
    case '01310100':
      return res.end(
        JSON.stringify({
          cep: '01310-100',
          logradouro: 'Avenida Paulista',
          bairro: 'Bela Vista',
          localidade: 'São Paulo',
          uf: 'SP',
        }),
      );
    case '30130010':
      return res.end(
        JSON.stringify({
          logradouro: 'Praça Sete de Setembro',
          bairro: 'Centro',
          localidade: 'Belo Horizonte',
          uf: 'MG',
        }),
      );
    case '50000000': // the service fails
      res.statusCode = 500;
      return res.end('{}');
    case '60000000': // not JSON
      return res.end('<html>manutenção</html>');
    case '70000000': // never answers: the route gives up after its timeout
      return;
    case '80000000': // a redirect (here to another CEP of the same service; could be anywhere)
      res.statusCode = 302;
      res.setHeader('location', '/ws/01310200/json/');
      return res.end();
    case '81000000': // a 50 MB answer without a length: streamed until the reader hangs up
      return streamHuge(res);
    case '81100000': // an answer that declares its oversize up front
      res.setHeader('content-length', String(100 * 1024));
      return res.end(`{"logradouro":"${'x'.repeat(100 * 1024 - 18)}"}`);
    case '82000000': // a field that is not text
      return res.end(JSON.stringify({ logradouro: 123, bairro: 'B', localidade: 'C', uf: 'SP' }));
    case '82100000':
      return res.end(JSON.stringify({ logradouro: 'A', bairro: 'B', localidade: { x: 1 }, uf: ['SP'] }));
    case '82200000': // an array is not an address
      return res.end('[1,2]');
    default:
      return res.end(JSON.stringify({ erro: true }));
  }
});

/** Bytes the huge answer got out before the reader stopped it. */
let hugeSent = 0;
function streamHuge(res: http.ServerResponse) {
  const chunk = Buffer.alloc(16 * 1024, 'a');
  res.write('{"logradouro":"');
  const total = 50 * 1024 * 1024;
  const pump = () => {
    while (hugeSent < total && !res.destroyed) {
      hugeSent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end('"}');
  };
  pump();
}

let env: TestEnv;
let admin: Client;
beforeAll(async () => {
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const { port } = fake.address() as AddressInfo;
  env = await createTestDeps({ cepApiUrl: `http://127.0.0.1:${port}/ws` });
  admin = await loginAdmin(env);
});
afterAll(async () => {
  await env.close();
  fake.closeAllConnections();
  await new Promise((r) => fake.close(r));
});

/** The typed call for a CEP's address (the route answers a problem for every refusal). */
const consulta = (cep: string, c: Client = admin) => c.api.cep[':cep'].$get({ param: { cep } });
const status = async (cep: string, c: Client = admin) => (await answer(consulta(cep, c))).status;

/** The problem of the server's refusal of a CEP, which must come with `status`. */
const cepRecusado = (cep: string, expected: number) => refused(consulta(cep), expected);

describe('GET /api/cep/:cep', () => {
  it('answers the address in our shape, with or without the dash', async () => {
    expect(await ok(consulta('01310100'))).toEqual({
      cep: '01310-100',
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'SP',
    });
    expect(await ok(consulta('30130-010'))).toMatchObject({
      cep: '30130-010',
      cidade: 'Belo Horizonte',
      uf: 'MG',
    });
  });

  it('answers a repeated CEP from its cache without calling the service again', async () => {
    const before = hits.get('01310100') ?? 0;
    expect(before).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 3; i++) await ok(consulta('01310-100'));
    expect(hits.get('01310100')).toBe(before);
  });

  it('404 for a CEP the service does not know (cached too)', async () => {
    expect((await cepRecusado('99999999', 404)).detail).toBe('CEP não encontrado.');
    expect(await status('99999999')).toBe(404);
    expect(hits.get('99999999')).toBe(1);
  });

  it('400 for a malformed CEP, without calling the service', async () => {
    for (const bad of ['0131010', '013101000', 'abcdefgh', '01310_100']) {
      expect((await cepRecusado(bad, 400)).detail).toBe('CEP inválido: informe os 8 dígitos.');
    }
    expect(hits.has('')).toBe(false);
  });

  it('502 when the service fails or answers garbage — and a failure is not cached', async () => {
    expect((await cepRecusado('50000000', 502)).title).toBe('Serviço de CEP indisponível');
    expect(await status('50000000')).toBe(502);
    expect(hits.get('50000000')).toBe(2);
    await cepRecusado('60000000', 502);
  });

  it('502 when the service is unreachable', async () => {
    const down = await createTestDeps({ cepApiUrl: 'http://127.0.0.1:9/ws' });
    try {
      const c = await loginAdmin(down);
      expect((await refused(consulta('01310100', c), 502)).detail).toBe(
        'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.',
      );
    } finally {
      await down.close();
    }
  });

  it('502 after about 5 s when the service does not answer', async () => {
    const t0 = Date.now();
    expect(await status('70000000')).toBe(502);
    const elapsed = Date.now() - t0;
    expect(elapsed).toBeGreaterThanOrEqual(4900);
    expect(elapsed).toBeLessThan(9000);
  }, 15_000);

  it('never follows a redirect: 502, and the target is never asked', async () => {
    expect((await cepRecusado('80000000', 502)).title).toBe('Serviço de CEP indisponível');
    expect(hits.get('80000000')).toBe(1);
    expect(hits.has('01310200')).toBe(false);
  });

  it('stops reading an answer past 64 KB: 502 without downloading it', async () => {
    const t0 = Date.now();
    expect(await status('81000000')).toBe(502);
    // the reader hung up after about 64 KB; socket buffers let a few more MB through, never 50 MB
    expect(hugeSent).toBeLessThan(16 * 1024 * 1024);
    expect(Date.now() - t0).toBeLessThan(4000);
    expect(await status('81100000')).toBe(502);
  });

  it('502 for an answer whose fields are not text (never a 500, never "[object Object]")', async () => {
    for (const cep of ['82000000', '82100000', '82200000']) {
      expect((await cepRecusado(cep, 502)).detail).toBe(
        'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.',
      );
    }
  });

  it('is open to holders of any address screen, 403 for others, 401 without a session', async () => {
    for (const p of ['clientes', 'fornecedores', 'funcionarios', 'arquitetos', 'vendedores'] as const) {
      const u = await userWith(env, [p]);
      expect(await status('01310100', u.client), p).toBe(200);
    }
    const other = await userWith(env, ['vendas', 'produtos', 'dashboard']);
    expect(await status('01310100', other.client)).toBe(403);
    expect(await status('01310100', new Client(env))).toBe(401);
  });
});
