import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestDeps, type TestEnv, userWith } from './testing/harness';

/**
 * Walks every route registered under /api and proves it refuses a request without a session (401)
 * and one from a signed-in user holding no permission (403). A new route that forgets its
 * requirePermission fails here.
 */
const PUBLIC = new Set([
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/auth/sessao',
  'GET /api/health',
  'GET /api/health/ready',
  'ALL /api/*',
  // the customer's link (routes/publico.ts): the token is the credential; its own tests prove 404/429
  'GET /api/publico/orcamentos/:token',
  'GET /api/publico/orcamentos/:token/pdf',
  'GET /api/publico/orcamentos/:token/pdf-aceito',
  'POST /api/publico/orcamentos/:token/aprovar',
  'POST /api/publico/orcamentos/:token/alteracao',
  // the DANFE's link for the customer: the signed token is the credential (notas-fiscais-link.test.ts)
  'GET /api/publico/notas-fiscais/:token/danfe',
  // the fiscal provider's callback: its X-Hub-Signature is the credential (notas-fiscais.test.ts: 401)
  'POST /api/fiscal/webhook',
]);
// Open to any signed-in user by design: who am I, the live-update stream (filtered by permission),
// the API description, and one's own jobs (empty for a user not linked to an employee).
const SESSION_ONLY = new Set([
  'GET /api/producao/minha-agenda',
  'GET /api/auth/me',
  'GET /api/eventos',
  'GET /api/openapi.json',
  'GET /api/config',
  // the company's identity and logo: on every printout and document any screen makes
  'GET /api/empresa',
  'GET /api/empresa/logo',
]);

let env: TestEnv;
beforeAll(async () => {
  env = await createTestDeps();
});
afterAll(() => env.close());

function apiRoutes(app: TestEnv['app']) {
  const seen = new Set<string>();
  const out: { method: string; path: string }[] = [];
  for (const r of app.routes) {
    if (!r.path.startsWith('/api/') || r.path.endsWith('/*')) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key) || PUBLIC.has(key) || r.method === 'ALL') continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path });
  }
  return out;
}

const concrete = (path: string) =>
  path.replace(/:cep\b/, '01310100').replace(/:[a-zA-Z_]+/g, '00000000-0000-4000-8000-000000000000');

describe('every /api route checks its permission on the server', () => {
  it('finds the routes of the app (sanity: the walk is not empty)', () => {
    const routes = apiRoutes(env.app).map((r) => `${r.method} ${r.path}`);
    expect(routes).toContain('GET /api/usuarios');
    expect(routes).toContain('GET /api/auth/me');
  });

  it('401 without a session', async () => {
    const anon = new Client(env);
    const failures: string[] = [];
    for (const r of apiRoutes(env.app)) {
      const res = await anon.request(r.method, concrete(r.path), r.method === 'GET' ? undefined : {});
      if (res.status !== 401) failures.push(`${r.method} ${r.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('403 for a signed-in user without the permission', async () => {
    const { client } = await userWith(env, []);
    const failures: string[] = [];
    for (const r of apiRoutes(env.app)) {
      if (SESSION_ONLY.has(`${r.method} ${r.path}`)) continue;
      const res = await client.request(r.method, concrete(r.path), r.method === 'GET' ? undefined : {});
      if (res.status !== 403) failures.push(`${r.method} ${r.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
