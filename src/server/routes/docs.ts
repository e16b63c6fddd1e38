import type { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { z } from '../../schemas/z';
import type { AppEnv } from '../context';
import { route } from '../contract';
import { accessText, documentedRoutes, openApiDocument, resourceOf } from '../openapi';
import { TAG_DESCRIPTIONS } from '../openapi-tags';

type Json = Record<string, unknown>;

/** `type` of a JSON schema, readable: "string (uuid)", "number | null", "array de object"… */
function typeText(s: Json | undefined): string {
  if (!s) return '';
  if (Array.isArray(s.anyOf)) return (s.anyOf as Json[]).map(typeText).join(' | ');
  if (Array.isArray(s.oneOf)) return (s.oneOf as Json[]).map(typeText).join(' | ');
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  const t = Array.isArray(s.type)
    ? (s.type as string[]).join(' | ')
    : ((s.type as string | undefined) ?? 'qualquer');
  if (t === 'array') return `array de ${typeText(s.items as Json | undefined)}`;
  return s.format ? `${t} (${s.format as string})` : t;
}

/** A table of an object schema's fields (one level; nested objects say "object"). */
function fieldsTable(schema: Json | undefined) {
  const props = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  const names = Object.keys(props);
  if (!names.length) return html`<p class="muted">${schema ? typeText(schema) : '—'}</p>`;
  return html`<table><thead><tr><th>campo</th><th>tipo</th><th>obrigatório</th></tr></thead><tbody>${names.map(
    (n) =>
      html`<tr><td><code>${n}</code></td><td>${typeText(props[n])}</td><td>${required.has(n) ? 'sim' : 'não'}</td></tr>`,
  )}</tbody></table>`;
}

function operationHtml(method: string, path: string, op: Json, access: string) {
  const params = (op.parameters ?? []) as Json[];
  const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const responses = op.responses as Record<string, Json>;
  const ok = Object.entries(responses).find(([code]) => code.startsWith('2'));
  const okContent = ok?.[1].content as Record<string, Json> | undefined;
  const [okMedia, okSchema] = okContent ? Object.entries(okContent)[0]! : [undefined, undefined];
  const errors = Object.keys(responses).filter((code) => !code.startsWith('2'));
  return html`<section id="${op.operationId as string}">
    <h3><span class="m ${method}">${method}</span> <code>${path}</code></h3>
    <p>${op.summary as string}</p>
    ${op.description ? html`<p class="desc">${op.description as string}</p>` : ''}
    <p><b>Permissão:</b> ${access}</p>
    ${
      params.length
        ? html`<h4>Parâmetros</h4><table><thead><tr><th>nome</th><th>em</th><th>tipo</th><th>obrigatório</th></tr></thead><tbody>${params.map(
            (p) =>
              html`<tr><td><code>${p.name as string}</code></td><td>${p.in as string}</td><td>${typeText(p.schema as Json)}</td><td>${p.required ? 'sim' : 'não'}</td></tr>`,
          )}</tbody></table>`
        : ''
    }
    ${body ? html`<h4>Corpo (application/json)</h4>${fieldsTable(body['application/json']?.schema as Json)}` : ''}
    <h4>Resposta ${ok?.[0] ?? ''}${okMedia ? ` (${okMedia})` : ''}</h4>
    ${okSchema ? fieldsTable(okSchema.schema as Json) : html`<p class="muted">sem corpo</p>`}
    <p><b>Erros</b> (application/problem+json): ${errors.join(', ')}</p>
  </section>`;
}

/**
 * `GET /api/openapi.json` (any signed-in user: integrators and the acceptance tests read it) and
 * `GET /api/docs`, the same document as a plain page for administrators: no script, no CDN (the CSP
 * allows only the site's own scripts, and the shop's server may have no internet).
 */
export function registerDocs(app: Hono<AppEnv>) {
  let doc: Json | undefined;
  const document = () => {
    doc ??= openApiDocument(app);
    return doc;
  };
  app.get(
    '/api/openapi.json',
    route({
      summary: 'Descrição OpenAPI 3.1 desta API',
      description:
        'Gerada das próprias rotas (contratos e schemas zod) e montada uma vez por processo. Cada operação traz a permissão em `x-permission` e os erros possíveis em `application/problem+json`.',
      access: 'sessao',
      response: z.looseObject({
        openapi: z.string().regex(/^3\.1\./),
        info: z.looseObject({ title: z.string(), version: z.string() }),
        paths: z.record(z.string(), z.unknown()),
      }),
    }),
    (c) => c.json(document()),
  );
  app.get(
    '/api/docs',
    route({
      summary: 'Referência da API (HTML)',
      description:
        'O mesmo documento de `GET /api/openapi.json` numa página simples, agrupada por recurso: parâmetros, corpo, resposta e erros de cada operação. Sem scripts nem recursos externos.',
      access: 'admin',
      produces: 'text/html',
    }),
    (c) => {
      const d = document();
      const paths = d.paths as Record<string, Record<string, Json>>;
      const access = new Map(
        documentedRoutes(app).map((r) => [
          `${r.method} ${r.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`,
          accessText(r.contract),
        ]),
      );
      const groups = new Map<string, ReturnType<typeof operationHtml>[]>();
      for (const [path, ops] of Object.entries(paths)) {
        for (const [method, op] of Object.entries(ops)) {
          const m = method.toUpperCase();
          const g = groups.get(resourceOf(path)) ?? [];
          g.push(operationHtml(m, path, op, access.get(`${m} ${path}`) ?? ''));
          groups.set(resourceOf(path), g);
        }
      }
      const names = [...groups.keys()].sort();
      return c.html(html`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lavra — referência da API</title>
<style>${raw(`body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;color:#1a1a1a}
code{font-family:ui-monospace,monospace}table{border-collapse:collapse;margin:.25rem 0 .75rem}
td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}section{border-top:1px solid #ddd;padding:.5rem 0}
.m{font-weight:700;padding:0 .3rem;border-radius:3px;background:#eee}.GET{color:#0a5}.POST{color:#06c}.PATCH,.PUT{color:#a60}.DELETE{color:#c00}
.muted{color:#555}h2{margin-top:2rem;border-bottom:2px solid #333}`)}</style></head>
<body><h1>Lavra — referência da API</h1>
<p>OpenAPI 3.1: <a href="/api/openapi.json">/api/openapi.json</a>. Autenticação por cookie de sessão
(<code>POST /api/auth/login</code>); erros em <code>application/problem+json</code>
(<code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, <code>errors[]</code> com <code>path</code> e <code>message</code>).</p>
<nav><ul>${names.map((n) => html`<li><a href="#r-${n}">${n}</a></li>`)}</ul></nav>
${names.map((n) => html`<h2 id="r-${n}">${n}</h2><p>${TAG_DESCRIPTIONS[n] ?? ''}</p>${groups.get(n)}`)}
</body></html>`);
    },
  );
}
