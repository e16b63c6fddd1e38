import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/queries/common';
import { empresaAtual } from './casos/empresa';
import { tokenDe } from './orcamento-cliente';
import { apiSuite, loginAdmin, type TestEnv } from './testing/harness';

/**
 * Property-based bad input: every POST/PUT/PATCH route of the API gets generated bodies — wrong
 * types, missing and extra fields, negative and huge numbers, NaN, long strings, unicode, SQL and
 * HTML metacharacters. The server must answer a 4xx problem+json (never a 5xx), and a 4xx must
 * leave every table as it was.
 */
let { env, admin } = apiSuite();

// Field names of the spec, so generated objects reach the validation of real fields.
const FIELDS = [
  'nome',
  'email',
  'senha',
  'usuario',
  'role',
  'status',
  'permissoes',
  'tipo',
  'cpf_cnpj',
  'cpf',
  'cnpj',
  'telefone',
  'endereco',
  'cidade',
  'uf',
  'cep',
  'contato',
  'categoria',
  'fornecedor_id',
  'valor_m2',
  'estoque',
  'estoque_minimo',
  'unidade',
  'tipo_unidade',
  'descricao',
  'formato_medida',
  'cargo',
  'salario',
  'horas_mensais',
  'data_admissao',
  'percentual_comissao',
  'bandeira',
  'taxa',
  'taxa_1x',
  'taxa_3x',
  'taxa_12x',
  'observacoes',
  'cliente_id',
  'vendedor_id',
  'arquiteto_id',
  'cartao_id',
  'funcionario_ids',
  'itens',
  'produto_id',
  // estoque de chapas (issue 28)
  'codigo',
  'lote',
  'largura_mm',
  'altura_mm',
  'espessura_mm',
  'formato',
  'ordem_servico_id',
  'motivo',
  'chapas',
  'quantidade',
  'item_venda_id',
  'quantidade',
  'medida1',
  'medida2',
  'valor_frete',
  'valor_instalacao',
  'horas_trabalho',
  'margem_lucro',
  'tipo_venda',
  'valor_entrada',
  'numero_parcelas',
  'validade',
  'valor_bruto',
  'data_venda',
  'comissao_paga',
  'valor',
  'data_vencimento',
  'parcelas',
  'data',
  'updated_at',
  'ativa',
  // issue 14: catalogues and the pieces of a quote line
  'valor_ml',
  'bordas',
  'recortes',
  'perda_percentual',
  'lado',
  'acabamento_id',
  'recorte_id',
  'faixa',
];

const nasty = fc.oneof(
  fc.constantFrom(
    "'; drop table clientes; --",
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '\u0000',
    '𝕷𝖆𝖛𝖗𝖆 😀 ção',
    '   ',
    '',
    'NaN',
    'Infinity',
    '-1',
    '1e308',
    '99999999999999999999.99',
    '2026-02-30',
    '00000000-0000-0000-0000-000000000000',
    'não-é-uuid',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('x'.repeat(70_000), 'é'.repeat(20_000)),
  fc.integer(),
  fc.constantFrom(-1, 0, -0.001, 1e21, -1e21, Number.MAX_SAFE_INTEGER, 0.1 + 0.2, 1.005, 1e-9),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...FIELDS), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
);

const body = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 8 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('{"nome":', 'null', '[]', '"texto"', '{"__proto__":{"x":1}}', '1'),
  },
);

function unsafeRoutes(app: TestEnv['app']) {
  const seen = new Set<string>();
  return app.routes.filter((r) => {
    const key = `${r.method} ${r.path}`;
    if (!['POST', 'PUT', 'PATCH'].includes(r.method) || !r.path.startsWith('/api/') || seen.has(key))
      return false;
    seen.add(key);
    return true;
  });
}

/** Tables a 4xx may write by design: sign-in attempts and limits, sessions, the migrations' journal. */
const WRITTEN_BY_DESIGN = ['__drizzle_migrations', 'login_tentativas', 'login_limites', 'auth_session'];

let watching = false;
/**
 * The rows inserted, updated or deleted so far in each table but those: `clientes=2,usuarios=1`. A
 * row-level trigger on every table tallies into `fuzz_escritas` inside the writing transaction, so a
 * write that was rolled back counts nothing and an UPDATE that keeps the row count is still seen. One
 * small read after each of ~1,800 generated requests; counting every table's rows took 19 ms each.
 */
async function writes(): Promise<string> {
  if (!watching) {
    const tables = await queryRows<{ t: string }>(
      env.db,
      sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    await env.db.execute(sql`create table fuzz_escritas (tabela text primary key, n bigint not null)`);
    await env.db.execute(
      sql.raw(`create function fuzz_conta() returns trigger language plpgsql as $$
        begin
          insert into fuzz_escritas values (TG_TABLE_NAME, 1) on conflict (tabela) do update set n = fuzz_escritas.n + 1;
          return null;
        end $$`),
    );
    for (const { t } of tables.filter(({ t }) => !WRITTEN_BY_DESIGN.includes(t)))
      await env.db.execute(
        sql.raw(
          `create trigger fuzz_conta after insert or update or delete on "${t}" for each row execute function fuzz_conta()`,
        ),
      );
    watching = true;
  }
  const [r] = await queryRows<{ s: string | null }>(
    env.db,
    sql`select string_agg(tabela || '=' || n, ',' order by tabela) as s from fuzz_escritas`,
  );
  return r!.s ?? '';
}

/** `POST /api/clientes/:id`: the operations whose contract declares a request body. */
async function routesWithBody() {
  const doc = (await admin.get('/api/openapi.json')).body as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  const keys = new Set<string>();
  for (const [p, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops))
      if (op.requestBody) keys.add(`${method.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`);
  return keys;
}

/** Routes that check who calls them their own way: the sign-in, and the fiscal provider's signed webhook. */
const OWN_AUTH = ['/api/auth/login', '/api/fiscal/webhook'];

const concrete = (path: string) => path.replace(/:[a-zA-Z_]+/g, '00000000-0000-4000-8000-000000000000');

describe('bad input on every write route', () => {
  it('covers the write routes of the app', () => {
    expect(unsafeRoutes(env.app).length).toBeGreaterThan(3);
  });

  it('never answers 5xx; a 4xx is problem+json in pt-BR and changes nothing', async () => {
    // Made on first use, whatever that request's answer: the customer links' secret and the company's
    // row (from the environment's defaults, with its audit entry).
    await tokenDe(env.db, 'x');
    await empresaAtual(env.deps);
    const withBody = await routesWithBody();
    const failures: string[] = [];
    // Signing out takes no body, and after it every other route answered 401 before reading its body.
    for (const route of unsafeRoutes(env.app).filter((r) => r.path !== '/api/auth/logout')) {
      const path = concrete(route.path);
      let before = await writes();
      await fc.assert(
        fc.asyncProperty(body, async (b) => {
          const raw = typeof b === 'string' && /^[[{"n1]/.test(b) ? b : JSON.stringify(b ?? null);
          const res = await admin.request(route.method, path, raw);
          if (res.status >= 500) {
            failures.push(`${route.method} ${route.path} → ${res.status} for ${raw.slice(0, 200)}`);
            return;
          }
          // the body must reach the route's validation: a lost session would prove nothing
          if (res.status === 401 && !OWN_AUTH.includes(route.path))
            failures.push(`${route.method} ${route.path} → 401: a sessão do admin terminou`);
          if (res.status >= 400) {
            expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
            expect(typeof res.body.detail).toBe('string');
            const after = await writes();
            if (after !== before)
              failures.push(`${route.method} ${route.path} → ${res.status} wrote rows: ${before} → ${after}`);
          } else {
            // A generated body that happens to be valid may write; it is the new baseline.
            before = await writes();
          }
        }),
        // a route that reads no body only has to ignore it (and POST /api/backups writes a backup each time)
        { numRuns: withBody.has(`${route.method} ${route.path}`) ? 25 : 2, seed: 20261122 },
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

/** Every GET route of the API without a path parameter (the lists, options and reports). */
function listRoutes(app: TestEnv['app']) {
  const seen = new Set<string>();
  return app.routes.filter((r) => {
    if (r.method !== 'GET' || !r.path.startsWith('/api/') || r.path.includes(':') || r.path.endsWith('*'))
      return false;
    if (r.path === '/api/eventos' || seen.has(r.path)) return false;
    seen.add(r.path);
    return true;
  });
}

describe('hostile query strings and NUL on every route', () => {
  // the generated bodies above may have signed the admin out (POST /api/auth/logout)
  beforeAll(async () => {
    admin = await loginAdmin(env);
  });

  it('covers the lists of api.md', () => {
    const paths = listRoutes(env.app).map((r) => r.path);
    for (const p of [
      'clientes',
      'orcamentos',
      'vendas',
      'produtos',
      'funcionarios',
      'cartoes',
      'vendedores',
      'acabamentos',
      'recortes',
      'chapas',
    ])
      expect(paths).toContain(`/api/${p}`);
  });

  it('?sort= naming a member of Object.prototype is a 400, never a 500', async () => {
    const failures: string[] = [];
    for (const route of listRoutes(env.app)) {
      // the company's logo is an image, not a list: 404 while none was uploaded, whatever the query
      if (route.path === '/api/empresa/logo') continue;
      for (const sort of [
        '__proto__',
        '-__proto__',
        'constructor',
        '-constructor',
        'toString',
        'hasOwnProperty',
      ]) {
        const res = await admin.get(`${route.path}?sort=${sort}`);
        // a route without sorting may ignore the parameter (200); a sorted list refuses it (400)
        if (res.status >= 500 || (res.status !== 200 && res.status !== 400))
          failures.push(`${route.path}?sort=${sort} → ${res.status}`);
        if (res.status === 400) expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a NUL in the query string of any GET is a 400 in pt-BR', async () => {
    const failures: string[] = [];
    for (const route of listRoutes(env.app)) {
      for (const qs of ['q=%00', 'q=a%00b', 'sort=%00', 'x%00=1']) {
        const res = await admin.get(`${route.path}?${qs}`);
        if (res.status !== 400 || res.body?.detail !== 'A requisição contém um caractere inválido (NUL).')
          failures.push(`${route.path}?${qs} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a NUL in any field of a body on any write route is a 400 and changes nothing', async () => {
    const failures: string[] = [];
    const before = await writes();
    for (const route of unsafeRoutes(env.app)) {
      for (const field of ['nome', 'usuario', 'descricao', 'observacoes', 'email']) {
        const res = await admin.request(route.method, concrete(route.path), { [field]: `a\u0000b` });
        if (res.status !== 400) failures.push(`${route.method} ${route.path} ${field} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await writes()).toBe(before);
  });
});
