// The customer's PDF as a reader sees it: the items table inside the A4 page whatever the pieces, names
// and values, every row's quantity × price equal to its total, the totals adding up to the quote's; the
// exact bytes accepted kept and served, the signed copy numbered as one file; rendering off the request
// thread behind a gate, cached by content, with bounded input.
import { createHash } from 'node:crypto';
import type { InferRequestType } from 'hono/client';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, dec, sum } from '../../domain/money';
import { gateOf, XLSX_OCUPADO_RETRY_S } from '../export';
import {
  Client,
  createTestDeps,
  fieldErrors,
  loginAdmin,
  ok,
  refused,
  type TestEnv,
  versionOf,
} from '../testing/harness';
import { seedBaseOrcamento, seedCatalogoPecas, seedCliente, seedProduto } from './vendas.test-helpers';

let env: TestEnv;
let admin: Client;
const ids: Record<string, string> = {};

let assinatura: string;

beforeAll(async () => {
  // one PDF at a time and none waiting: the gate's refusal can be provoked by holding its one turn
  env = await createTestDeps({ pdfConcorrentes: 1, pdfFila: 0 });
  admin = await loginAdmin(env);
  ids.cliente = (await seedCliente(env, 'Helena Duarte Ramos', { cpf_cnpj: '529.982.247-25' })).id;
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
  Object.assign(ids, await seedBaseOrcamento(env, { granito: 'Granito Preto Absoluto', credito: {} }));
  const cat = await seedCatalogoPecas(admin);
  Object.assign(ids, { boleado: cat.boleado, reto: cat.reto, cuba_recorte: cat.cuba });
  ids.cooktop = (await ok(admin.api.recortes.$post({ json: { nome: 'Cooktop', valor: 95 } }), 201)).id;
  ids.longo = (
    await seedProduto(
      env,
      'Granito Branco Itaúnas Extra Levigado Selecionado da Pedreira São Jorge do Espírito Santo',
      '9000000.00',
    )
  ).id;
});
afterAll(() => env.close());

const A4 = { largura: 595.28, margem: 36 };

interface Texto {
  str: string;
  x: number;
  right: number;
  y: number;
  page: number;
}

/** Every piece of text of the PDF with where it starts and ends on its page (pt). */
async function textos(bytes: Uint8Array): Promise<{ itens: Texto[]; pages: number; widths: number[] }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const itens: Texto[] = [];
  const widths: number[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    widths.push(page.getViewport({ scale: 1 }).width);
    const content = await page.getTextContent();
    for (const it of content.items) {
      if (!('str' in it) || !it.str.trim()) continue;
      const x = it.transform[4] as number;
      itens.push({ str: it.str, x, right: x + it.width, y: it.transform[5] as number, page: n });
    }
  }
  return { itens, pages: pdf.numPages, widths };
}

type NovoOrcamento = InferRequestType<Client['api']['orcamentos']['$post']>['json'];
/** The quote's PDF as staff asks for it (the raw answer: status, headers, bytes). */
const pdfDo = (id: string) => admin.api.orcamentos[':id'].pdf.$get({ param: { id } });
/** The public link's routes, asked without a session. */
const publicoDe = (token: string) => ({
  rota: new Client(env).api.publico.orcamentos[':token'],
  param: { token },
});

async function pdfOf(id: string) {
  const res = await pdfDo(id);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}
/** Shares the quote: the public link's token. */
async function compartilhar(id: string) {
  const link = await ok(admin.api.orcamentos[':id'].link.$post({ param: { id } }), 201);
  return String(link.url).split('/o/')[1]!;
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const simpleBody = (extra: Partial<NovoOrcamento> = {}): NovoOrcamento => ({
  cliente_id: ids.cliente,
  funcionario_ids: [ids.ana!],
  itens: [
    { item_venda_id: ids.bancada, produto_id: ids.granito, quantidade: 1, medida1: '2.40', medida2: '0.60' },
    { produto_id: ids.cuba, quantidade: 1 },
  ],
  horas_trabalho: 2,
  margem_lucro: 30,
  tipo_venda: 'avista',
  ...extra,
});

const simpleQuote = (extra: Partial<NovoOrcamento> = {}) =>
  ok(admin.api.orcamentos.$post({ json: simpleBody(extra) }), 201);

const MONEY = /^R\$ \d{1,3}(\.\d{3})*,\d{2}$/;
const moneyDec = (t: string) => dec(t.replace('R$ ', '').replace(/\./g, '').replace(',', '.'));

describe('the items table of the customer PDF', () => {
  it('fits A4 with drawings, long names and the largest values; the line totals add up to the total', async () => {
    const peca = (i: number) => ({
      item_venda_id: ids.bancada,
      produto_id: ids.granito,
      quantidade: (i % 3) + 1,
      medida1: (1.17 + i * 0.13).toFixed(2),
      medida2: (0.43 + (i % 4) * 0.07).toFixed(2),
      bordas: [
        { lado: 'frente' as const, acabamento_id: ids.boleado! },
        { lado: 'esquerda' as const, acabamento_id: ids.reto! },
      ],
      recortes: [
        { recorte_id: ids.cuba_recorte!, quantidade: 1 },
        { recorte_id: ids.cooktop!, quantidade: 1 },
      ],
    });
    const body: NovoOrcamento = {
      cliente_id: ids.cliente,
      vendedor_id: ids.vendedor,
      funcionario_ids: [ids.ana!],
      itens: [
        ...Array.from({ length: 12 }, (_, i) => peca(i)),
        // a long product name, and the largest figure a quote keeps (close to R$ 999 bilhões)
        { produto_id: ids.longo, quantidade: 9, medida1: '99.99', medida2: '99.99' },
        { produto_id: ids.cuba, quantidade: 3 },
      ],
      valor_frete: 50,
      valor_instalacao: 80,
      horas_trabalho: 10,
      margem_lucro: 0,
      tipo_venda: 'avista',
    };
    const o = await ok(admin.api.orcamentos.$post({ json: body }), 201);

    const { itens, pages, widths } = await textos(await pdfOf(o.id));
    expect(pages).toBeGreaterThan(1);
    for (const w of widths) expect(w).toBeCloseTo(A4.largura, 1);
    // nothing crosses the right margin (nor the left): not a digit of a total, not a drawing's label
    const limite = A4.largura - A4.margem + 0.5;
    const fora = itens.filter((t) => t.right > limite || t.x < A4.margem - 0.5);
    expect(fora.map((t) => `${t.str} (${t.x.toFixed(1)}–${t.right.toFixed(1)})`)).toEqual([]);

    // The line totals are the money texts that end at the table's right edge (the Total column)
    const direita = Math.max(...itens.filter((t) => MONEY.test(t.str)).map((t) => t.right));
    const totais = itens.filter((t) => MONEY.test(t.str) && Math.abs(t.right - direita) < 1);
    expect(totais).toHaveLength(14);
    const total = itens.find((t) => t.str.startsWith('Total: '))!.str.replace('Total: ', '');
    expect(cents(sum(totais.map((t) => moneyDec(t.str)))).toFixed(2)).toBe(moneyDec(total).toFixed(2));

    // The drawings' full descriptions are printed (a name shortened inside a symbol is whole here)
    const texto = itens.map((t) => t.str).join(' ');
    expect(texto).toContain('1 × Cuba de embutir, 1 × Cooktop');
    expect(texto).toContain('Granito Branco Itaúnas Extra Levigado Selecionado');
    expect(texto).toContain('Pedreira São Jorge do Espírito Santo');
  });

  it('every row is quantity × price = total in the unit its price names (PDF and public page)', async () => {
    // Bancada 2,40 × 0,60 = 1,44 m² and the cuba; the extras spread over the only m² line
    const o = await ok(
      admin.api.orcamentos.$post({
        json: {
          cliente_id: ids.cliente,
          funcionario_ids: [ids.ana!],
          itens: [
            {
              item_venda_id: ids.bancada,
              produto_id: ids.granito,
              quantidade: 1,
              medida1: '2.40',
              medida2: '0.60',
            },
            { produto_id: ids.cuba, quantidade: 2 },
          ],
          valor_frete: 50,
          horas_trabalho: 10,
          margem_lucro: 30,
          tipo_venda: 'avista',
        },
      }),
      201,
    );
    const { rota, param } = publicoDe(await compartilhar(o.id));
    const page = await ok(rota.$get({ param }));
    const linhas = page.orcamento.itens as {
      quantidade: string;
      preco: string;
      por: string;
      valor_unitario: string;
      valor_total: string;
    }[];
    expect(linhas.map((l) => l.por)).toEqual(['m²', 'un.']);
    expect(linhas[0]!.quantidade).toBe('1,44 m²');
    expect(linhas[1]!.quantidade).toBe('2 un.');
    expect(linhas[1]!.valor_unitario).toBe('R$ 185,00/un.');
    for (const l of linhas) {
      const q = dec(l.quantidade.split(' ')[0]!.replace(/\./g, '').replace(',', '.'));
      expect(cents(q.times(moneyDec(l.preco))).toFixed(2), l.valor_unitario).toBe(
        moneyDec(l.valor_total).toFixed(2),
      );
      expect(l.valor_unitario).toBe(`${l.preco}/${l.por}`);
    }
    // the m² price is not the line total (the defect: "Valor unit./m²" showed the total)
    expect(linhas[0]!.preco).not.toBe(linhas[0]!.valor_total);
    const texto = (await textos(await pdfOf(o.id))).itens.map((t) => t.str).join(' ');
    for (const l of linhas) {
      expect(texto).toContain(l.preco);
      expect(texto).toContain(`por ${l.por}`);
      expect(texto).toContain(l.quantidade);
    }
    expect(texto).not.toContain('Valor unit./m²');
  });
});

describe('the accepted PDF and the signed copy', () => {
  it('keeps the exact bytes accepted: served as "PDF aceito" to staff and customer, sha256 = the recorded hash, and the quote PDF is the same bytes after the approval', async () => {
    const o = await simpleQuote();
    const antes = await pdfOf(o.id);
    const { rota, param } = publicoDe(await compartilhar(o.id));
    const page = await ok(rota.$get({ param }));
    const aprovado = await ok(
      rota.aprovar.$post({
        param,
        json: {
          nome: 'Łukasz Nguyễn Ωμέγα Ivanov',
          documento: '5299',
          assinatura,
          aceite: true,
          versao: page.orcamento.versao,
        },
      }),
    );

    const registro = (await ok(admin.api.orcamentos[':id'].cliente.$get({ param: { id: o.id } }))).aceite!;
    const aceitoDo = (id: string) => admin.api.orcamentos[':id']['pdf-aceito'].$get({ param: { id } });
    const staff = await aceitoDo(o.id);
    expect(staff.status).toBe(200);
    expect(staff.headers.get('content-disposition')).toContain(`orcamento-${o.numero}-aceito.pdf`);
    const aceito = new Uint8Array(await staff.arrayBuffer());
    // recomputed here, from the bytes served
    expect(sha256(aceito)).toBe(registro.pdf_sha256);
    expect(aprovado.pdf_sha256).toBe(registro.pdf_sha256);
    const publico = await rota['pdf-aceito'].$get({ param });
    expect(publico.status).toBe(200);
    expect(Buffer.from(await publico.arrayBuffer()).equals(Buffer.from(aceito))).toBe(true);
    // The approval moved updated_at, not a printed word: the quote's PDF is still those bytes
    expect(Buffer.from(await pdfOf(o.id)).equals(Buffer.from(aceito))).toBe(true);
    expect(Buffer.from(antes).equals(Buffer.from(aceito))).toBe(true);
    // and no date of "now" in it: the file's dates are the quote's day
    expect(Buffer.from(aceito).toString('latin1')).not.toMatch(
      new RegExp(`CreationDate \\(D:${new Date().toISOString().slice(0, 10).replace(/-/g, '')}(?!000000)`),
    );

    // The signed copy: accepted pages + acceptance page, numbered as one file, fonts embedded, the
    // name kept in its own letters.
    const signed = await rota.pdf.$get({ param });
    expect(signed.status).toBe(200);
    const bytes = new Uint8Array(await signed.arrayBuffer());
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    expect(pdf.numPages).toBe(2);
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Página 1 de 2');
    expect(flat).toContain('Página 2 de 2');
    expect(flat).not.toContain('de 1');
    expect(flat).toContain('Łukasz Nguyễn Ωμέγα Ivanov');
    expect(flat).toContain(registro.pdf_sha256);
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    expect(raw).toMatch(/\/FontFile2/);
    // the same signed copy each time
    const again = new Uint8Array(await (await rota.pdf.$get({ param })).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    // no acceptance, no "PDF aceito"
    const outro = await simpleQuote();
    await refused(aceitoDo(outro.id), 404);
  });
});

describe('PDFs off the request thread, behind a gate, cached, with bounded input', () => {
  it('beyond the turns and the line the answer is 503 with Retry-After; a cached PDF needs no turn and is the same bytes', async () => {
    const o = await simpleQuote({ observacoes: 'Primeira versão.' });
    const primeira = await pdfOf(o.id);
    const gate = gateOf(env.deps.config, 'pdf');
    // Hold the only turn: a PDF not rendered yet is refused, the cached one still served
    const release = await gate.acquire()!;
    try {
      const outro = await simpleQuote({ observacoes: 'Outra.' });
      const busy = await pdfDo(outro.id);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe(String(XLSX_OCUPADO_RETRY_S));
      expect(await busy.json()).toMatchObject({
        title: 'Servidor ocupado',
        detail: 'Muitos PDFs sendo gerados ao mesmo tempo. Tente novamente em alguns segundos.',
      });
      const cached = await pdfOf(o.id);
      expect(Buffer.from(cached).equals(Buffer.from(primeira))).toBe(true);
    } finally {
      release();
    }
    // A new version is a new PDF
    const umOrcamento = admin.api.orcamentos[':id'];
    const updated_at = await versionOf(umOrcamento.$get({ param: { id: o.id } }));
    await ok(
      umOrcamento.$put({
        param: { id: o.id },
        json: { ...simpleBody({ observacoes: 'Segunda.' }), updated_at },
      }),
    );
    const segunda = await pdfOf(o.id);
    expect(Buffer.from(segunda).equals(Buffer.from(primeira))).toBe(false);
    // Eight requests at once for one document: one rendering (one turn), eight identical answers
    const oito = await Promise.all(Array.from({ length: 8 }, () => pdfDo(o.id)));
    for (const r of oito) {
      expect(r.status).toBe(200);
      expect(Buffer.from(await r.arrayBuffer()).equals(Buffer.from(segunda))).toBe(true);
    }
  });

  it('refuses more than 100 lines and notes longer than 2.000 characters, naming the field (pt-BR)', async () => {
    const linha = { produto_id: ids.cuba, quantidade: 1 };
    const base: NovoOrcamento = { cliente_id: ids.cliente, itens: [linha], tipo_venda: 'avista' };
    const criar = (json: NovoOrcamento) => admin.api.orcamentos.$post({ json });
    const muitos = await fieldErrors(criar({ ...base, itens: Array.from({ length: 101 }, () => linha) }));
    expect(muitos).toMatchObject({ itens: 'Um orçamento aceita no máximo 100 itens.' });
    const longa = await fieldErrors(criar({ ...base, observacoes: 'x'.repeat(2001) }));
    expect(longa).toMatchObject({
      observacoes: 'As observações devem ter no máximo 2.000 caracteres.',
    });
    await ok(criar({ ...base, observacoes: 'x'.repeat(2000) }), 201);
  });
});
