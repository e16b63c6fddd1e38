// The customer's PDF as a reader sees it: the items table inside the A4 page whatever the pieces, names
// and values, every row's quantity × price equal to its total, the totals adding up to the quote's.
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, dec, sum } from '../../domain/money';
import { Client, createTestDeps, loginAdmin, type TestEnv } from '../testing/harness';
import { seedBaseOrcamento, seedCatalogoPecas, seedCliente, seedProduto } from './vendas.test-helpers';

let env: TestEnv;
let admin: Client;
const ids: Record<string, string> = {};

beforeAll(async () => {
  env = await createTestDeps();
  admin = await loginAdmin(env);
  ids.cliente = (await seedCliente(env, 'Helena Duarte Ramos')).id;
  Object.assign(ids, await seedBaseOrcamento(env, { granito: 'Granito Preto Absoluto', credito: {} }));
  const cat = await seedCatalogoPecas(admin);
  Object.assign(ids, { boleado: cat.boleado, reto: cat.reto, cuba_recorte: cat.cuba });
  ids.cooktop = (await admin.create<{ id: string }>('/api/recortes', { nome: 'Cooktop', valor: 95 })).id;
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

async function pdfOf(id: string) {
  const res = await env.app.request(`http://localhost:3000/api/orcamentos/${id}/pdf`, {
    headers: { cookie: admin.cookie },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

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
        { lado: 'frente', acabamento_id: ids.boleado },
        { lado: 'esquerda', acabamento_id: ids.reto },
      ],
      recortes: [
        { recorte_id: ids.cuba_recorte, quantidade: 1 },
        { recorte_id: ids.cooktop, quantidade: 1 },
      ],
    });
    const body = {
      cliente_id: ids.cliente,
      vendedor_id: ids.vendedor,
      funcionario_ids: [ids.ana],
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
    const res = await admin.post('/api/orcamentos', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const o = res.body as { id: string; valor_total: number };

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
    const res = await admin.post('/api/orcamentos', {
      cliente_id: ids.cliente,
      funcionario_ids: [ids.ana],
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
    });
    expect(res.status).toBe(201);
    const o = res.body as { id: string };
    const link = await admin.post(`/api/orcamentos/${o.id}/link`);
    const token = String(link.body.url).split('/o/')[1]!;
    const page = await new Client(env).get(`/api/publico/orcamentos/${token}`);
    expect(page.status).toBe(200);
    const linhas = page.body.orcamento.itens as {
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
