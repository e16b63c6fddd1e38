import type { Hono } from 'hono';
import { PERMISSAO_LABEL } from '../schemas/permissoes';
import { z } from '../schemas/z';
import type { AppEnv } from './context';
import { contractOf, type ErrorStatus, type RouteContract } from './contract';
import { NOT_CREATING } from './idempotency';
import { TAG_DESCRIPTIONS } from './openapi-tags';

type Json = Record<string, unknown>;

const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: 'Dados inválidos (campos em `errors`).',
  401: 'Não autenticado.',
  403: 'Acesso negado.',
  404: 'Não encontrado.',
  409: 'Conflito (registro em uso, duplicado ou alterado por outra pessoa).',
  410: 'Removido (LGPD: o cliente foi anonimizado).',
  413: 'Requisição muito grande.',
  422: 'Chave de idempotência já usada com outros dados.',
  429: 'Muitas tentativas.',
  502: 'Serviço externo indisponível.',
  503: 'Servidor ocupado: tente de novo após `Retry-After` segundos.',
  504: 'Serviço externo demorou a responder.',
};

/** RFC 9457 problem details, the body of every error answer (server/errors.ts `problem`). */
export const problemDetails = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const s = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete s.$schema;
  return s;
}

/** One registered route as the document sees it: method, OpenAPI path and its contract. */
export interface DocumentedRoute {
  method: string;
  path: string;
  contract: RouteContract;
}

/** `/api/clientes/:id` → `/api/clientes/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

/** Every route of the app under /api that carries a contract, one per method and path. */
export function documentedRoutes(app: Hono<AppEnv>): DocumentedRoute[] {
  const out = new Map<string, DocumentedRoute>();
  for (const r of app.routes) {
    const contract = contractOf(r.handler);
    if (!contract || !r.path.startsWith('/api/')) continue;
    const key = `${r.method} ${r.path}`;
    if (!out.has(key)) out.set(key, { method: r.method, path: r.path, contract });
  }
  return [...out.values()];
}

/** Every route registered under /api (the catch-all 404 and middleware aside). */
export function registeredRoutes(app: Hono<AppEnv>): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of app.routes) {
    if (!r.path.startsWith('/api/') || r.path.endsWith('*') || r.method === 'ALL') continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  return [...seen.values()];
}

export function accessText(c: RouteContract): string {
  if (c.access === 'publico') return 'pública';
  if (c.access === 'sessao') return 'qualquer usuário autenticado';
  if (c.access === 'admin') return 'administradores';
  return c.access.map((p) => `${p} (${PERMISSAO_LABEL[p]})`).join(' ou ');
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What a route may answer: its success status and media types, and every error status, those it
 * names (`errors`) and those the app's own layers add to it: 401/403 from its access, 403 from the
 * same-origin check on unsafe methods, 400 for any input (and a NUL refused), 413 for a body over the
 * limit, 409/422 from the idempotency key of a creating POST. The document and the test-mode response
 * check (testing/response-contract.ts) both read it, so they cannot disagree.
 */
export function answersOf(r: DocumentedRoute): {
  success: 200 | 201 | 202 | 204;
  errors: number[];
  media: string[];
} {
  const c = r.contract;
  const errors = new Set<number>([...(c.errors ?? []), ...(c.sameBodyOn ?? [])]);
  if (c.access !== 'publico') errors.add(401);
  if ((c.access !== 'publico' && c.access !== 'sessao') || UNSAFE.has(r.method)) errors.add(403);
  // Any request may be refused with 400: a NUL anywhere in its query string or path (refuseNul).
  errors.add(400);
  if (c.body || c.upload) errors.add(413);
  if (c.upload) errors.add(400);
  if (r.method === 'POST' && c.access !== 'publico' && !NOT_CREATING.some((x) => x.test(r.path))) {
    errors.add(409);
    errors.add(422);
  }
  const media =
    c.produces === undefined
      ? ['application/json']
      : typeof c.produces === 'string'
        ? [c.produces]
        : [...c.produces];
  return { success: c.status ?? 200, errors: [...errors].sort(), media };
}

/** The resource a path belongs to: its first segment after /api. */
export const resourceOf = (path: string) => path.split('/')[2] ?? 'api';

function operation(r: DocumentedRoute): Json {
  const c = r.contract;
  const parameters: Json[] = [];
  for (const name of r.path.match(/:([A-Za-z_]+)/g) ?? []) {
    parameters.push({ name: name.slice(1), in: 'path', required: true, schema: { type: 'string' } });
  }
  if (c.query) {
    const s = jsonSchema(c.query, 'input');
    const props = (s.properties ?? {}) as Record<string, Json>;
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(props)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  const { success: status, errors, media } = answersOf(r);
  const sameBody = new Set<number>(c.sameBodyOn ?? []);
  const ok: Json = { description: status === 201 ? 'Criado.' : 'Sucesso.' };
  if (status !== 204) {
    const schema = c.response
      ? jsonSchema(c.response, 'output')
      : media.length === 1 && media[0] === 'application/json'
        ? { type: 'object' }
        : { type: 'string' };
    ok.content = Object.fromEntries(
      media.map((m) => [
        m,
        { schema: m === 'application/json' ? schema : { type: 'string', format: 'binary' } },
      ]),
    );
  }
  const responses: Json = { [String(status)]: ok };
  for (const e of errors) {
    responses[String(e)] = sameBody.has(e)
      ? { description: ERROR_TEXT[e as ErrorStatus], content: ok.content }
      : { $ref: `#/components/responses/Problem${e}` };
  }

  const op: Json = {
    operationId: `${r.method.toLowerCase()}${r.path.replace(/^\/api/, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ?? '').toUpperCase())}`,
    summary: c.summary,
    tags: [resourceOf(r.path)],
    'x-permission':
      c.access === 'publico' || c.access === 'sessao' || c.access === 'admin' ? c.access : [...c.access],
    security: c.access === 'publico' ? [] : [{ sessao: [] }],
    responses,
  };
  if (c.description) op.description = c.description;
  if (parameters.length) op.parameters = parameters;
  if (c.upload) {
    const file = { type: 'string', format: 'binary' };
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { [c.upload.field]: file }, required: [c.upload.field] },
        },
        ...Object.fromEntries(c.upload.types.map((t) => [t, { schema: file }])),
      },
    };
  }
  if (c.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(c.body, 'input') } },
    };
  }
  return op;
}

/** The OpenAPI 3.1 document of every documented route of `app`. */
export function openApiDocument(app: Hono<AppEnv>): Json {
  const paths: Record<string, Json> = {};
  for (const r of documentedRoutes(app)) {
    const p = openApiPath(r.path);
    paths[p] ??= {};
    paths[p][r.method.toLowerCase()] = operation(r);
  }
  const responses: Json = {};
  // Only the problems some route answers: an unreferenced component is dead weight a reader must check.
  const used = JSON.stringify(paths);
  for (const [code, text] of Object.entries(ERROR_TEXT)) {
    if (!used.includes(`"#/components/responses/Problem${code}"`)) continue;
    responses[`Problem${code}`] = {
      description: text,
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lavra API',
      version: '1',
      description:
        'API do Lavra. Autenticação por cookie de sessão (POST /api/auth/login). Cada rota exige a permissão em `x-permission` (uma delas basta); erros em application/problem+json.',
      // Each shop runs its own server: who answers for this API is that shop's administrator.
      contact: { name: 'Administrador do Lavra nesta empresa' },
      // The project carries no open-source licence (package.json is private, no LICENSE file).
      license: { name: 'Proprietária', identifier: 'LicenseRef-Lavra-Proprietaria' },
    },
    servers: [{ url: '/' }],
    tags: [...new Set(Object.keys(paths).map(resourceOf))].map((name) => ({
      name,
      description: TAG_DESCRIPTIONS[name],
    })),
    paths,
    components: {
      schemas: { ProblemDetails: jsonSchema(problemDetails, 'output') },
      responses,
      securitySchemes: {
        sessao: { type: 'apiKey', in: 'cookie', name: 'lavra.session_token' },
      },
    },
  };
}
