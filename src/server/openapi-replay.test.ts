// biome-ignore-all lint/suspicious/noExplicitAny: the document is read as the JSON it is
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, loginAdmin, type TestEnv } from './testing/harness';

/**
 * One request per operation of `/api/openapi.json`, each answer validated against the document by a
 * standard validator (ajv, JSON Schema 2020-12 with formats), independent of the app's own
 * test-mode check: the status must be one the operation lists, the content type one it lists for
 * that status, and a JSON body must match that content's schema (`additionalProperties: false`,
 * required fields, formats). Path ids are unknown UUIDs and bodies empty, so most answers are the
 * operation's 400/404 problems; lists and reads without parameters answer real rows (a few are seeded).
 */

let env: TestEnv;
beforeAll(async () => {
  env = await createTestDeps();
});
afterAll(() => env.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
/** Streams that never end (SSE) and operations that end the session are sent last or read no body. */
const LAST = new Set(['post /api/auth/logout']);

const pointer = (...parts: string[]) =>
  `doc#/${parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

describe('every operation of /api/openapi.json, replayed', () => {
  it('answers what the document says (status, content type, body schema)', async () => {
    const admin = await loginAdmin(env);
    // A few rows, so lists and options answer items to validate.
    const cliente = await admin.create('/api/clientes', {
      nome: 'Cliente Replay',
      tipo: 'Pessoa Física',
      cpf_cnpj: '529.982.247-25',
      telefone: '(27) 99999-0000',
    });
    await admin.create('/api/fornecedores', { nome: 'Fornecedor Replay', telefone: '(27) 3333-0000' });
    await admin.create('/api/categorias-produtos', { nome: 'granitos replay' });
    await admin.create('/api/produtos', {
      nome: 'Granito Replay',
      categoria: 'granitos replay',
      valor_m2: 300,
    });
    await admin.create('/api/funcionarios', {
      nome: 'Funcionária Replay',
      cargo: 'Instalador Sênior',
      salario: 2200,
      horas_mensais: 220,
    });

    const doc = (await admin.get('/api/openapi.json')).body;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, 'doc');

    const ops: { method: string; path: string; op: any }[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) ops.push({ method, path, op });
    }
    ops.sort((a, b) => Number(LAST.has(`${a.method} ${a.path}`)) - Number(LAST.has(`${b.method} ${b.path}`)));

    const violations: string[] = [];
    for (const { method, path, op } of ops) {
      const url = path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
        name === 'id' && path.startsWith('/api/clientes/') ? cliente.id : UNKNOWN,
      );
      const required = (op.parameters ?? []).filter((p: any) => p.in === 'query' && p.required);
      const query = required.length ? `?${required.map((p: any) => `${p.name}=`).join('&')}` : '';
      const res = await env.app.request(`http://localhost:3000${url}${query}`, {
        method: method.toUpperCase(),
        headers: {
          origin: 'http://localhost:3000',
          cookie: admin.cookie,
          ...(op.requestBody ? { 'content-type': 'application/json' } : {}),
        },
        body: op.requestBody ? '{}' : undefined,
      });
      const where = `${method.toUpperCase()} ${path} → ${res.status}`;
      const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
      let declared = op.responses[String(res.status)];
      if (!declared) {
        violations.push(`${where}: status not in the document (${Object.keys(op.responses).join(', ')})`);
        await res.body?.cancel();
        continue;
      }
      let schemaPath: string[] = [
        'paths',
        path,
        method,
        'responses',
        String(res.status),
        'content',
        type,
        'schema',
      ];
      if (declared.$ref) {
        const name = declared.$ref.split('/').pop();
        declared = doc.components.responses[name];
        schemaPath = ['components', 'responses', name, 'content', type, 'schema'];
      }
      if (res.status === 204 || !declared.content) {
        await res.body?.cancel();
        continue;
      }
      if (!declared.content[type]) {
        violations.push(
          `${where}: content-type "${type}" not in the document (${Object.keys(declared.content).join(', ')})`,
        );
        await res.body?.cancel();
        continue;
      }
      if (!type.endsWith('json')) {
        await res.body?.cancel();
        continue;
      }
      const body = await res.json();
      const validate = ajv.getSchema(pointer(...schemaPath)) ?? ajv.compile({ $ref: pointer(...schemaPath) });
      if (!validate(body)) {
        for (const e of (validate.errors ?? []).slice(0, 5)) {
          const extra =
            e.keyword === 'additionalProperties' ? ` "${(e.params as any).additionalProperty}"` : '';
          violations.push(`${where}: body${e.instancePath} ${e.message}${extra}`);
        }
      }
    }
    expect(violations).toEqual([]);
    // the walk covered the whole document, not a handful of operations
    expect(ops.length).toBeGreaterThan(150);
  });
});
