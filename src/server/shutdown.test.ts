import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientePf } from './testing/harness';
import {
  adminCookie,
  cleanupsAfterAll,
  killGroup,
  serverPlace,
  startWatchedServer,
  waitHealthy,
} from './testing/server-process';

/**
 * A real server process gets SIGTERM while a request is still arriving and an SSE stream is open: the
 * request completes (its client is saved and answered 201), the stream is ended by the server, and
 * the process exits 0. PGlite here; PostgreSQL in the suite's second pass.
 */
const SENHA = 'shutdown-ardosia-1';
const cleanups = cleanupsAfterAll();

function request(
  port: number,
  method: string,
  p: string,
  headers: Record<string, string>,
): { req: http.ClientRequest; res: Promise<http.IncomingMessage> } {
  const req = http.request({ host: '127.0.0.1', port, method, path: p, headers });
  const res = new Promise<http.IncomingMessage>((resolve, reject) => {
    req.on('response', resolve);
    req.on('error', reject);
  });
  return { req, res };
}

const readAll = async (res: http.IncomingMessage) => {
  let text = '';
  for await (const chunk of res) text += chunk;
  return text;
};

describe('graceful shutdown', () => {
  it('finishes the request in flight, ends SSE streams and exits 0 on SIGTERM', async () => {
    const { port, base, env, dataDir } = await serverPlace(cleanups, 'lavra-shutdown-');
    const { child, exited, output } = startWatchedServer(
      { ...env, DATA_DIR: dataDir, BACKUP_DIR: path.join(dataDir, 'backups'), BACKUP_DIARIO: '0' },
      SENHA,
    );
    cleanups.push(() => killGroup(child));
    await waitHealthy(base);
    const cookie = await adminCookie(base, SENHA);
    const headers = { origin: base, cookie, host: `127.0.0.1:${port}` };

    // An open live-update stream.
    const sse = request(port, 'GET', '/api/eventos', { ...headers, accept: 'text/event-stream' });
    sse.req.end();
    const sseRes = await sse.res;
    expect(sseRes.statusCode).toBe(200);
    const sseBody = readAll(sseRes);

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify(clientePf('Cliente do desligamento', '(27) 99999-0000'));
    const post = request(port, 'POST', '/api/clientes', {
      ...headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    });
    post.req.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    post.req.end(body.slice(10));
    const postRes = await post.res;
    const created = JSON.parse(await readAll(postRes));
    expect(postRes.statusCode, JSON.stringify(created)).toBe(201);
    expect(created.nome).toBe('Cliente do desligamento');

    // The server ends the stream (the client did not), then exits cleanly.
    await sseBody;
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output()).toContain('Encerrado.');
    // New connections are refused now.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });
});
