import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema } from '../schemas/dashboard';
import { despesasPageSchema } from '../schemas/despesas';
import { answersOf, documentedRoutes, openApiPath, registeredRoutes } from './openapi';
import { createTestDeps, loginAdmin, type TestEnv, userWith } from './testing/harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestDeps();
});
afterAll(() => env.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const admin = await loginAdmin(env);
    const res = await admin.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const result = await new Validator().validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every route registered under /api (a new route without a contract fails here)', async () => {
    const { client } = await userWith(env, []);
    const doc = (await client.get('/api/openapi.json')).body;
    const missing = registeredRoutes(env.app)
      .filter((r) => !doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    // and the walk found the whole API, not a handful of routes
    expect(registeredRoutes(env.app).length).toBeGreaterThan(80);
  });

  it('declares the answer of every JSON route (the test-mode check has a schema to hold it to)', () => {
    const undeclared = documentedRoutes(env.app)
      .filter((r) => {
        const { success, media } = answersOf(r);
        return success !== 204 && media.includes('application/json') && !r.contract.response;
      })
      .map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual([]);
  });

  it('states each route permission and its problem+json errors', async () => {
    const admin = await loginAdmin(env);
    const doc = (await admin.get('/api/openapi.json')).body;
    const clientes = doc.paths['/api/clientes/{id}'].patch;
    expect(clientes['x-permission']).toEqual(['clientes']);
    expect(clientes.security).toEqual([{ sessao: [] }]);
    for (const s of ['400', '401', '403', '404', '409']) {
      expect(clientes.responses[s].$ref).toBe(`#/components/responses/Problem${s}`);
    }
    expect(doc.components.responses.Problem409.content['application/problem+json'].schema.$ref).toBe(
      '#/components/schemas/ProblemDetails',
    );
    expect(doc.paths['/api/cep/{cep}'].get['x-permission']).toContain('fornecedores');
    expect(doc.paths['/api/health'].get['x-permission']).toBe('publico');
    expect(doc.paths['/api/health'].get.security).toEqual([]);
    expect(doc.paths['/api/eventos'].get['x-permission']).toBe('sessao');
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(
      ['usuario', 'senha'],
    );
    // the row shape comes from the Drizzle table: money as a number, timestamps as strings
    const row = doc.paths['/api/produtos/{id}'].get.responses['200'].content['application/json'].schema;
    expect(row.properties.valor_m2.type).toBe('number');
    expect(row.properties.updated_at.type).toBe('string');
  });

  // What Spectral (`spectral:oas`) and Redocly (`recommended`) warned about in this document, checked
  // here without their CLIs: an operation or tag without a description, no contact or licence, an
  // `anyOf` branch `{}` that accepts anything, an array without `items`, an unused component, two
  // paths one URL could match.
  it('passes the OpenAPI linters’ rules: descriptions, contact, licence, schemas, unambiguous paths', async () => {
    const admin = await loginAdmin(env);
    const doc = (await admin.get('/api/openapi.json')).body;
    const problems: string[] = [];
    for (const [path, item] of Object.entries<Record<string, { description?: string }>>(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!op.description?.trim()) problems.push(`operation-description ${method.toUpperCase()} ${path}`);
      }
    }
    for (const tag of doc.tags) if (!tag.description?.trim()) problems.push(`tag-description ${tag.name}`);
    if (!doc.info.contact) problems.push('info-contact');
    if (!doc.info.license?.name) problems.push('info-license');
    const walk = (s: unknown, at: string) => {
      if (!s || typeof s !== 'object') return;
      const o = s as Record<string, unknown>;
      for (const k of ['anyOf', 'oneOf']) {
        const list = o[k] as unknown[] | undefined;
        if (list?.some((x) => x && typeof x === 'object' && Object.keys(x).length === 0)) {
          problems.push(`no-illogical-composition-keywords ${at}`);
        }
      }
      if (o.type === 'array' && (typeof o.items !== 'object' || o.items === null))
        problems.push(`array-items ${at}`);
      for (const [k, v] of Object.entries(o)) walk(v, `${at}/${k}`);
    };
    walk(doc.paths, '#/paths');
    walk(doc.components, '#/components');
    const text = JSON.stringify(doc);
    for (const kind of ['responses', 'schemas']) {
      for (const name of Object.keys(doc.components[kind])) {
        if (!text.includes(`"#/components/${kind}/${name}"`))
          problems.push(`no-unused-components ${kind}/${name}`);
      }
    }
    const paths = Object.keys(doc.paths).map((p) => p.split('/'));
    const param = (seg: string) => seg.startsWith('{');
    for (const [i, a] of paths.entries()) {
      for (const b of paths.slice(i + 1)) {
        if (a.length !== b.length) continue;
        const fits = a.every((x, k) => x === b[k] || param(x) || param(b[k]!));
        const aWider = a.some((x, k) => param(x) && !param(b[k]!));
        const bWider = b.some((x, k) => param(x) && !param(a[k]!));
        if (fits && aWider && bWider) problems.push(`no-ambiguous-paths ${a.join('/')} ${b.join('/')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await env.app.request('http://localhost:3000/api/openapi.json');
    expect(res.status).toBe(401);
  });
});

describe('GET /api/docs', () => {
  it('renders the reference for administrators, with no script at all', async () => {
    const admin = await loginAdmin(env);
    const res = await admin.get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const page = res.body as string;
    expect(page).not.toContain('<script');
    expect(page).toContain('/api/clientes/{id}');
    expect(page).toContain('Permissão:</b> clientes (Clientes)');
    expect(page).toContain('<code>nome</code>');
    // each group and operation with its description
    expect(page).toContain('Estoque de chapas e sobras, uma a uma');
    expect(page).toContain('O `updated_at` lido é obrigatório');
  });

  it('is refused to a user who is not an administrator, even with every screen', async () => {
    const { client } = await userWith(env, ['clientes', 'usuarios']);
    expect((await client.get('/api/docs')).status).toBe(403);
  });
});

describe('documented answers are the real ones', () => {
  it('GET /api/dashboard and GET /api/despesas answer exactly their documented schema', async () => {
    const admin = await loginAdmin(env);
    await admin.create('/api/despesas', {
      descricao: 'Aluguel',
      valor: 1500,
      tipo: 'avulso',
      data_vencimento: '2025-02-05',
    });
    // strict: a field the handler adds without documenting it fails here too
    dashboardSchema.strict().parse((await admin.get('/api/dashboard')).body);
    const page = (await admin.get('/api/despesas?mes=2&ano=2025')).body;
    despesasPageSchema.strict().parse(page);
    expect(page.items).toHaveLength(1);
    const doc = (await admin.get('/api/openapi.json')).body;
    expect(
      Object.keys(
        doc.paths['/api/dashboard'].get.responses['200'].content['application/json'].schema.properties,
      ),
    ).toContain('lucro_mensal');
  });
});
