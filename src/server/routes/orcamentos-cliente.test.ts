// The customer's side of a quote, end to end through the API: the PDF (no internal figure), the link
// (create, copy, revoke, expire), the public page (404 alike, no internal id, throttled) and the
// approval (digits, signature, exactly one sale under concurrent approvals). Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { ClientResponse, InferRequestType } from 'hono/client';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { orcamentos } from '../../db/schema';
import { PUBLICO_LIMITES } from '../publico-limites';
import {
  answer,
  Client,
  createTestDeps,
  loginAdmin,
  ok,
  type Problem,
  refused,
  type TestEnv,
  userWith,
} from '../testing/harness';
import { seedBaseOrcamento, seedCliente } from './vendas.test-helpers';

let env: TestEnv;
let admin: Client;
let anon: Client;
const ids: Record<string, string> = {};

let assinatura: string;

beforeAll(async () => {
  // every request of this file comes from one address: only the per-token limit is under test here
  env = await createTestDeps({ publicoPorEndereco: 100_000 });
  admin = await loginAdmin(env);
  anon = new Client(env);
  ids.cliente = (
    await seedCliente(env, 'Helena Duarte Ramos', {
      cpf_cnpj: '529.982.247-25',
      telefone: '(11) 98877-6655',
      endereco: 'Rua das Palmeiras',
      numero: '123',
      bairro: 'Jardim Camburi',
      cidade: 'Vitória',
      uf: 'ES',
    })
  ).id;
  Object.assign(
    ids,
    await seedBaseOrcamento(env, {
      granito: 'Granito Preto Absoluto',
      credito: { taxa_1x: '2.99', taxa_2x: '3.8' },
    }),
  );
  assinatura = `data:image/png;base64,${(
    await sharp({ create: { width: 300, height: 120, channels: 4, background: '#ffffff00' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="300" height="120"><path d="M10 100 C 80 10, 160 10, 290 90" stroke="#000" stroke-width="3" fill="none"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer()
  ).toString('base64')}`;
});
afterAll(() => env.close());

// Worked out by hand (no expenses this month, so the hourly cost is Ana's alone):
// items: bancada 2,00 × 0,50 = 1 m² × 450,00 = 450,00; cuba 1 × 185,00 = 185,00 → materiais 635,00
// hourly 2200,00 / 220 = 10,00 × 10 h = mão de obra 100,00
// subtotal 635,00 + frete 50,00 + instalação 80,00 + 100,00 = 865,00; margem 30 % = 259,50 → 1124,50
// card 2x at 3,8 %: 1124,50 × 0,038 = 42,731 → taxa 42,73; base 1124,50 − 42,73 = 1081,77
// seller 5 % = 54,0885 → 54,09; architect (RT) 10 % = 108,177 → 108,18
// total 1124,50 + 54,09 + 108,18 + 42,73 = 1329,50
// customer lines: the extras (1329,50 − 635,00 = 694,50) go on the only m² line: 450,00 + 694,50 = 1144,50
type NovoOrcamento = InferRequestType<Client['api']['orcamentos']['$post']>['json'];
type Aprovacao = InferRequestType<
  Client['api']['publico']['orcamentos'][':token']['aprovar']['$post']
>['json'];

const quote = (extra: Partial<NovoOrcamento> = {}): NovoOrcamento => ({
  cliente_id: ids.cliente,
  vendedor_id: ids.vendedor,
  arquiteto_id: ids.arquiteto,
  funcionario_ids: [ids.ana!],
  itens: [
    { item_venda_id: ids.bancada, produto_id: ids.granito, quantidade: 1, medida1: 2, medida2: 0.5 },
    { produto_id: ids.cuba, quantidade: 1 },
  ],
  valor_frete: 50,
  valor_instalacao: 80,
  horas_trabalho: 10,
  margem_lucro: 30,
  tipo_venda: 'parcelado',
  numero_parcelas: 2,
  cartao_id: ids.credito,
  observacoes: 'Instalação no segundo andar.',
  ...extra,
});

const newQuote = (extra: Partial<NovoOrcamento> = {}) =>
  ok(admin.api.orcamentos.$post({ json: quote(extra) }), 201);
const umOrcamento = (id: string) => ok(admin.api.orcamentos[':id'].$get({ param: { id } }));
const ladoCliente = (id: string) => ok(admin.api.orcamentos[':id'].cliente.$get({ param: { id } }));
/** The public link's routes, called without a session. */
const publico = () => anon.api.publico.orcamentos[':token'];
/** The public page of `token`: its answer, whatever the status. */
const pagina = (token: string) => answer(publico().$get({ param: { token } }));
/** A refused answer's problem (the typed body is the success's). */
const problema = (res: { body: unknown }) => res.body as Problem;

async function pdfText(bytes: Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** A file's answer: status, content type and bytes. */
async function raw(call: Promise<ClientResponse<unknown>>) {
  const res = await call;
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}
const pdfDo = (id: string, c: Client = admin) => raw(c.api.orcamentos[':id'].pdf.$get({ param: { id } }));

async function share(id: string) {
  const res = await ok(admin.api.orcamentos[':id'].link.$post({ param: { id } }), 201);
  const token = String(res.url).split('/o/')[1]!;
  return { token, url: res.url, expira_em: res.expira_em };
}

/**
 * Approves as the page does: with the version it showed (read now unless `body` gives one; a page
 * that does not open gives a well-formed one, so a dead link still answers 404, not 400).
 */
const approve = async (
  token: string,
  body: Partial<Aprovacao> = {},
  headers: Record<string, string> = {},
) => {
  const page = await pagina(token);
  const versao =
    page.status === 200
      ? (page.body as { orcamento: { versao: string } }).orcamento.versao
      : new Date().toISOString();
  return answer(
    publico().aprovar.$post(
      {
        param: { token },
        json: { nome: 'Helena Duarte Ramos', documento: '5299', assinatura, aceite: true, versao, ...body },
      },
      { headers },
    ),
  );
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('GET /api/orcamentos/:id/pdf', () => {
  it('carries the client, the items and the total, and none of the internal figures', async () => {
    const o = await newQuote();
    expect(o.resumo).toMatchObject({
      materiais: 635,
      mao_de_obra: 100,
      margem: 259.5,
      valor_taxa_cartao: 42.73,
      comissao_vendedor: 54.09,
      comissao_arquiteto: 108.18,
      total: 1329.5,
    });
    const res = await pdfDo(o.id);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    const text = await pdfText(res.bytes);
    for (const expected of [
      'Helena Duarte Ramos',
      // the client's address: número and bairro of their own, printed with the street
      'Rua das Palmeiras, 123 — Jardim Camburi - Vitória/ES',
      `Orçamento Nº ${o.numero}`,
      'Total: R$ 1.329,50',
      'R$ 1.144,50',
      'R$ 185,00',
      'Paulo Vendas',
      'Parcelado',
      '2x',
      'Instalação no segundo andar.',
      'Página 1 de 1',
      // a piece's measures as every screen writes them (issue 26 §3: the PDF wrote "2 x 0,5")
      '2,00 × 0,50 m = 1 m²',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // costs, labour, margin, card fee, commissions (RT), the product's own price, the subtotals
    for (const internal of [
      'R$ 635,00',
      'R$ 100,00',
      'R$ 259,50',
      'R$ 42,73',
      'R$ 54,09',
      'R$ 108,18',
      'R$ 865,00',
      'R$ 1.124,50',
      'R$ 450,00',
      'R$ 10,00',
      'Margem',
      'Comiss',
      'Mão de obra',
      'Custo',
      'Taxa',
      'RT',
      'Júlia',
      '529.982', // the CPF's digits are the approval's check
    ]) {
      expect(text, internal).not.toContain(internal);
    }
  });

  it('is the same bytes for the same saved version (the accepted digest can be checked again)', async () => {
    const o = await newQuote();
    const a = await pdfDo(o.id);
    const b = await pdfDo(o.id);
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
  });

  it('needs the orcamentos permission; 404 for an unknown quote', async () => {
    const o = await newQuote();
    const { client } = await userWith(env, ['vendas']);
    expect((await pdfDo(o.id, client)).status).toBe(403);
    expect((await pdfDo('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('the customer link', () => {
  it('is created once (the same link again), keeps only a hash, and is revocable', async () => {
    const o = await newQuote();
    const a = await share(o.id);
    const b = await share(o.id);
    expect(b.url).toBe(a.url);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await queryRows<{ token_hash: string }>(
      env.db,
      sql`select token_hash from orcamento_links where orcamento_id = ${o.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(a.token);
    expect((await pagina(a.token)).status).toBe(200);
    await ok(admin.api.orcamentos[':id'].link.$delete({ param: { id: o.id } }), 204);
    expect((await pagina(a.token)).status).toBe(404);
    // a new share after revoking is a new link
    const c = await share(o.id);
    expect(c.url).not.toBe(a.url);
  });

  it('answers 404 alike for unknown, tampered, truncated, revoked and expired tokens', async () => {
    const o = await newQuote();
    const { token } = await share(o.id);
    const flip = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const bodies = [];
    for (const t of [flip, token.slice(0, 20), 'x'.repeat(43), '..%2f..%2fetc']) {
      const res = await pagina(t);
      expect(res.status, t).toBe(404);
      bodies.push(problema(res).detail);
    }
    // expired: the quote's validity date has passed
    await env.db.update(orcamentos).set({ validade: '2020-01-31' }).where(eq(orcamentos.id, o.id));
    const expired = await pagina(token);
    expect(expired.status).toBe(404);
    expect(new Set([...bodies, problema(expired).detail]).size).toBe(1);
    expect((await approve(token)).status).toBe(404);
    // and staff cannot send a quote whose validity has passed
    await refused(admin.api.orcamentos[':id'].link.$post({ param: { id: o.id } }), 409);
  });

  it('shows the customer view without internal ids or internal figures, and follows the saved version', async () => {
    const o = await newQuote();
    const { token } = await share(o.id);
    const res = await pagina(token);
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(UUID);
    for (const internal of [
      '1.124,50',
      '42,73',
      '54,09',
      '108,18',
      'margem',
      'comissao',
      'custo_hora',
      'mao_de_obra',
      'taxa',
      'cpf',
      'arquitet',
    ]) {
      expect(text.toLowerCase(), internal).not.toContain(internal.toLowerCase());
    }
    expect(res.body).toMatchObject({
      estado: 'aberto',
      pede_documento: true,
      orcamento: {
        numero: o.numero,
        total: 'R$ 1.329,50',
        cliente: {
          nome: 'Helena Duarte Ramos',
          endereco: 'Rua das Palmeiras, 123 — Jardim Camburi - Vitória/ES',
        },
      },
    });
    // the measures written as on every other surface (issue 26 §3: the page wrote "2 x 0,5 = 1 m²")
    expect(res.body.orcamento.itens[0]!.medidas).toBe('2,00 × 0,50 m = 1 m²');
    // the staff edit the quote after sending: the same link shows the new version
    const put = await ok(
      admin.api.orcamentos[':id'].$put({
        param: { id: o.id },
        json: { ...quote({ valor_frete: 0 }), updated_at: o.updated_at },
      }),
    );
    const again = await pagina(token);
    expect(again.body.orcamento.versao).toBe(new Date(put.updated_at).toISOString());
    expect(again.body.orcamento.total).not.toBe('R$ 1.329,50');
    // approving what was read before the change is refused: it is not the current version
    const stale = await approve(token, { versao: res.body.orcamento.versao });
    expect(stale.status).toBe(409);
    // …and so is an approval that names no version: it would approve the new price unseen.
    // on purpose: no versao
    const blind = await anon.post(`/api/publico/orcamentos/${token}/aprovar`, {
      nome: 'Helena Duarte Ramos',
      documento: '5299',
      assinatura,
      aceite: true,
    });
    expect(blind.status).toBe(400);
    expect(blind.body.errors.map((e: { path: string }) => e.path)).toContain('versao');
    expect((await umOrcamento(o.id)).status).toBe('pendente');
  });
});

describe('approval', () => {
  it('refuses bad input with a clear message and changes nothing', async () => {
    const o = await newQuote();
    const { token } = await share(o.id);
    const notPng = `data:image/png;base64,${Buffer.from('GIF89a not a png').toString('base64')}`;
    const big = `data:image/png;base64,${Buffer.alloc(210 * 1024, 1).toString('base64')}`;
    const cases: [Partial<Aprovacao>, string][] = [
      [{ nome: '  ' }, 'nome'],
      [{ assinatura: 'data:image/jpeg;base64,AAAA' }, 'assinatura'],
      [{ assinatura: notPng }, 'assinatura'],
      [{ assinatura: big }, 'assinatura'],
      [{ documento: '52' }, 'documento'],
    ];
    for (const [body, field] of cases) {
      const res = await approve(token, body);
      expect(res.status, field).toBe(400);
      expect(
        problema(res).errors?.map((e) => e.path),
        field,
      ).toContain(field);
    }
    // on purpose: the terms not accepted (the types take only true)
    const page = await pagina(token);
    const recusado = await anon.post(`/api/publico/orcamentos/${token}/aprovar`, {
      nome: 'Helena Duarte Ramos',
      documento: '5299',
      assinatura,
      aceite: false,
      versao: page.body.orcamento.versao,
    });
    expect(recusado.status).toBe(400);
    expect(recusado.body.errors.map((e: { path: string }) => e.path)).toContain('aceite');
    const [row] = await queryRows<{ status: string; tentativas: number }>(
      env.db,
      sql`select o.status, l.tentativas from orcamentos o join orcamento_links l on l.orcamento_id = o.id where o.id = ${o.id}`,
    );
    expect(row).toEqual({ status: 'pendente', tentativas: 0 });
  });

  it('locks the link after 5 wrong CPF digits and tells the staff', async () => {
    const o = await newQuote();
    const { token } = await share(o.id);
    for (let i = 1; i <= 4; i++) {
      const res = await approve(token, { documento: '1111' });
      expect(res.status).toBe(400);
      expect(problema(res).detail).toContain(i === 4 ? 'Resta 1 tentativa' : `Restam ${5 - i} tentativas`);
    }
    const fifth = await approve(token, { documento: '1111' });
    expect(fifth.status).toBe(409);
    expect(problema(fifth).detail).toContain('bloqueado');
    // now even the right digits are refused, and the page says why
    expect((await approve(token)).status).toBe(409);
    expect((await pagina(token)).body.estado).toBe('bloqueado');
    const staff = await ladoCliente(o.id);
    expect(staff.link).toMatchObject({ bloqueado: true, tentativas: 5 });
    expect((await umOrcamento(o.id)).status).toBe('pendente');
  });

  it('approves: the record, the quote aprovado, the sale (automatic), the signed PDF', async () => {
    const o = await newQuote();
    const { token } = await share(o.id);
    const page = await pagina(token);
    const res = await approve(
      token,
      { nome: 'Helena D. Ramos', documento: '529.9', versao: page.body.orcamento.versao },
      { 'user-agent': 'Teste/1.0 (celular)' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ estado: 'aprovado', numero: o.numero, venda: true });
    expect(JSON.stringify(res.body)).not.toMatch(UUID);
    // the digest is of the PDF the customer could download before approving
    const before = await pdfDo(o.id);
    expect(before.status).toBe(200);

    const staff = await ladoCliente(o.id);
    expect(staff.aceite).toMatchObject({
      nome: 'Helena D. Ramos',
      user_agent: 'Teste/1.0 (celular)',
      pdf_sha256: res.body.pdf_sha256,
      versao: page.body.orcamento.versao,
    });
    // the sale by the same rules as POST /venda: gross = the quote's total 1329,50
    const vendas = await queryRows<{ valor_bruto: string; status: string }>(
      env.db,
      sql`select valor_bruto, status from vendas where orcamento_id = ${o.id}`,
    );
    expect(vendas).toEqual([{ valor_bruto: '1329.50', status: 'confirmada' }]);
    expect((await umOrcamento(o.id)).status).toBe('venda_realizada');

    // the page now says it was approved; the PDF has the signature page
    const after = await pagina(token);
    expect(after.body).toMatchObject({ estado: 'aprovado', aceite: { nome: 'Helena D. Ramos' } });
    const signed = await raw(publico().pdf.$get({ param: { token } }));
    expect(signed.status).toBe(200);
    const text = await pdfText(signed.bytes);
    expect(text).toContain(`Aceite do orçamento Nº ${o.numero}`);
    expect(text).toContain('Helena D. Ramos');
    expect(text).toContain(res.body.pdf_sha256);
    expect(text).toContain('Total: R$ 1.329,50');

    // a second tap: already answered
    expect((await approve(token)).status).toBe(409);
    // the record is append-only
    await expect(
      env.db.execute(sql`update orcamento_aceites set nome = 'outro' where orcamento_id = ${o.id}`),
    ).rejects.toThrow();
    await expect(
      env.db.execute(sql`delete from orcamento_aceites where orcamento_id = ${o.id}`),
    ).rejects.toThrow();
  });

  it('without the automatic sale the quote stays aprovado (the filter "Aprovado" finds it)', async () => {
    const empresa = admin.api.empresa;
    const current = await ok(empresa.$get());
    const { logo: _l, id: _i, created_at: _c, ...fields } = current;
    // the settings as read, sent back with the one change (as the Empresa screen does)
    await ok(empresa.$put({ json: { ...fields, venda_automatica: false } }));
    try {
      const o = await newQuote();
      const { token } = await share(o.id);
      const res = await approve(token);
      expect(res.status).toBe(200);
      expect(res.body.venda).toBe(false);
      expect((await umOrcamento(o.id)).status).toBe('aprovado');
      const list = await ok(admin.api.orcamentos.$get({ query: { status: 'aprovado', limit: 200 } }));
      expect(list.items.map((i) => i.id)).toContain(o.id);
    } finally {
      const now = await ok(empresa.$get());
      await empresa.$put({ json: { ...fields, venda_automatica: true, updated_at: now.updated_at } });
    }
  });

  it('20 concurrent approvals: one acceptance, one sale', async () => {
    const o = await newQuote();
    const { token } = await share(o.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => approve(token)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const [counts] = await queryRows<{ vendas: number; aceites: number }>(
      env.db,
      sql`select (select count(*)::int from vendas where orcamento_id = ${o.id}) as vendas,
                 (select count(*)::int from orcamento_aceites where orcamento_id = ${o.id}) as aceites`,
    );
    expect(counts).toEqual({ vendas: 1, aceites: 1 });
  });
});

describe('change request and throttling', () => {
  it('"Solicitar alteração" records the message for the staff; an empty one is refused', async () => {
    const o = await newQuote();
    const { token } = await share(o.id);
    const alteracao = (mensagem: string) =>
      publico().alteracao.$post({ param: { token }, json: { mensagem } });
    await refused(alteracao(' '), 400);
    await ok(alteracao('Pode trocar a cuba por uma de sobrepor?'), 201);
    const staff = await ladoCliente(o.id);
    expect(staff.alteracoes).toHaveLength(1);
    expect(staff.alteracoes[0]!.mensagem).toBe('Pode trocar a cuba por uma de sobrepor?');
  });

  it(`answers 429 past ${PUBLICO_LIMITES.porToken} requests a minute on one token`, async () => {
    const o = await newQuote();
    const { token } = await share(o.id);
    let last = 0;
    for (let i = 0; i <= PUBLICO_LIMITES.porToken; i++) last = (await pagina(token)).status;
    expect(last).toBe(429);
  });
});

describe('fuzz: the public routes with a real token', () => {
  it('never answer 5xx; a refusal is problem+json and changes nothing', async () => {
    const o = await newQuote();
    const { token } = await share(o.id);
    const state = async () =>
      JSON.stringify(
        await queryRows(
          env.db,
          sql`select o.status, l.tentativas,
                (select count(*)::int from orcamento_aceites a where a.orcamento_id = o.id) as aceites,
                (select count(*)::int from vendas v where v.orcamento_id = o.id) as vendas
              from orcamentos o join orcamento_links l on l.orcamento_id = o.id where o.id = ${o.id}`,
        ),
      );
    const before = await state();
    const field = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant('data:image/png;base64,iVBORw0KGgo='),
    );
    const body = fc.oneof(
      fc.record(
        { nome: field, documento: field, assinatura: field, aceite: field, versao: field },
        { requiredKeys: [] },
      ),
      fc.record({ mensagem: fc.oneof(fc.constant(''), fc.constant('   '), fc.integer(), fc.constant(null)) }),
      fc.anything(),
    );
    const failures: string[] = [];
    for (const path of ['aprovar', 'alteracao']) {
      await fc.assert(
        fc.asyncProperty(body, async (b) => {
          // on purpose: generated bodies of any shape, untyped
          const res = await anon.request(
            'POST',
            `/api/publico/orcamentos/${token}/${path}`,
            JSON.stringify(b ?? null),
          );
          if (res.status >= 500)
            failures.push(`${path} → ${res.status} for ${JSON.stringify(b).slice(0, 200)}`);
          else if (res.status >= 400) expect(res.headers.get('content-type')).toMatch(/problem\+json/);
          else failures.push(`${path} accepted ${JSON.stringify(b).slice(0, 200)}`);
        }),
        { numRuns: 20, seed: 20261123 },
      );
    }
    expect(failures).toEqual([]);
    expect(await state()).toBe(before);
  }, 120_000);
});
