import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { z } from '../../schemas/z';
import type { AppEnv } from '../context';
import { contractOf, type RouteContract } from '../contract';
import { answersOf, type DocumentedRoute, problemDetails } from '../openapi';

/**
 * Test mode's response check: every answer of a route under /api is compared with what its contract
 * (`route({...})`) declares, the same facts `/api/openapi.json` publishes (`answersOf`):
 *  - the status is the route's success status or one of its error statuses;
 *  - the content type is one it produces (`application/problem+json` for errors, nothing for 204);
 *  - a JSON body matches the route's `response` schema as the document states it (JSON Schema of the
 *    zod output: `additionalProperties: false`, formats, required fields), a problem matches
 *    ProblemDetails.
 * Each route's validator is compiled once (ajv) and kept. A violation is recorded here and the API
 * suite's setup (`setup-api.ts`) fails the test during which it happened, naming route, status and path.
 */

export interface Violation {
  route: string;
  status: number;
  problems: string[];
}

const found: Violation[] = [];

/** The violations seen since the last call (the setup file takes them after each test). */
export function takeViolations(): Violation[] {
  return found.splice(0);
}

export function violationText(v: Violation): string {
  return `${v.route} → ${v.status}: ${v.problems.join('; ')}`;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

function toJsonSchema(schema: z.ZodType): object {
  const s = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  delete s.$schema;
  return s;
}

const compiled = new WeakMap<z.ZodType, ValidateFunction>();
function validatorOf(schema: z.ZodType): ValidateFunction {
  let v = compiled.get(schema);
  if (!v) {
    v = ajv.compile(toJsonSchema(schema));
    compiled.set(schema, v);
  }
  return v;
}
const anyObject = ajv.compile({ type: 'object' });

function errorsOf(v: ValidateFunction): string[] {
  return (v.errors ?? []).slice(0, 8).map((e) => {
    const where = e.instancePath || '(raiz)';
    const extra =
      e.keyword === 'additionalProperties'
        ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"`
        : '';
    return `body${where === '(raiz)' ? '' : where}: ${e.message}${extra}`;
  });
}

/** The route (method, path, contract) that answered, if it carries a contract. */
function routeOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): DocumentedRoute | undefined {
  for (const r of matchedRoutes(c)) {
    const contract: RouteContract | undefined = contractOf(r.handler);
    if (contract && (r.method === c.req.method || (c.req.method === 'HEAD' && r.method === 'GET'))) {
      return { method: r.method, path: r.path, contract };
    }
  }
  return undefined;
}

const mediaOf = (h: string | null) => (h ?? '').split(';')[0]!.trim().toLowerCase();

export const responseContract: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const r = routeOf(c);
  if (!r) return;
  const res = c.res;
  const { success, errors, media } = answersOf(r);
  const problems: string[] = [];
  const type = mediaOf(res.headers.get('content-type'));
  const isError = res.status >= 400 && !r.contract.sameBodyOn?.includes(res.status as never);
  if (res.status !== success && !errors.includes(res.status)) {
    problems.push(`status ${res.status} not declared (declares ${[success, ...errors].join(', ')})`);
  }
  if (res.status === 204) {
    if (res.body && (await res.clone().text()) !== '') problems.push('a 204 with a body');
  } else if (isError) {
    if (type !== 'application/problem+json') problems.push(`content-type "${type}" for an error`);
  } else if (!media.includes(type)) {
    problems.push(`content-type "${type}" not declared (declares ${media.join(', ')})`);
  }
  if (type === 'application/json' || type === 'application/problem+json') {
    let body: unknown;
    try {
      body = JSON.parse(await res.clone().text());
    } catch {
      problems.push('body is not JSON');
    }
    if (body !== undefined) {
      const v = isError
        ? validatorOf(problemDetails)
        : r.contract.response
          ? validatorOf(r.contract.response)
          : anyObject;
      if (!v(body)) problems.push(...errorsOf(v));
    }
  }
  if (problems.length) found.push({ route: `${r.method} ${r.path}`, status: res.status, problems });
};
