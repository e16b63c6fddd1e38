import { describe, expect, it } from 'vitest';
import { type LinhaVenda, montarNota, podeCancelar, ratear } from './nota-fiscal';

const linha = (
  l: Partial<LinhaVenda> & Pick<LinhaVenda, 'codigo' | 'unidade' | 'quantidade' | 'valor_linha'>,
) => ({
  descricao: l.codigo,
  ncm: '68029390',
  cfop: 5102,
  origem: '0',
  csosn: '102',
  cst: null,
  ...l,
});

describe('montarNota: a sale of 2 m² items + 1 unit item + freight', () => {
  // Sale R$ 1.000,00 = goods + freight R$ 80,00 + installation R$ 150,00 (the installation goes on the
  // NFS-e, so the NF-e totals R$ 850,00 and its goods R$ 770,00). Quote lines: bancada 1,20 × 0,60 =
  // 0,72 m² worth R$ 360,00; soleira 0,90 × 0,15 = 0,135 m² worth R$ 67,50; cuba 1 un. R$ 250,00
  // (R$ 677,50 in all).
  const nota = montarNota({
    valor_total: '1000.00',
    valor_frete: '80.00',
    valor_instalacao: '150.00',
    linhas: [
      linha({ codigo: 'BANC', unidade: 'M2', quantidade: '0.72', valor_linha: '360.00' }),
      linha({ codigo: 'SOL', unidade: 'M2', quantidade: '0.135', valor_linha: '67.50' }),
      linha({ codigo: 'CUBA', unidade: 'UN', quantidade: '1', valor_linha: '250.00' }),
    ],
  });

  it('spreads the goods by the quote lines, the cent left to the largest remainder', () => {
    // 770 × 360/677,5 = 409,1513 → 409,15; 770 × 67,5/677,5 = 76,7159 → 76,71; 770 × 250/677,5 =
    // 284,1328 → 284,13; floors sum 769,99: the cent goes to the soleira (remainder 0,0059).
    expect(nota.itens.map((i) => i.valor_total)).toEqual(['409.15', '76.72', '284.13']);
    expect(nota.totais.produtos).toBe('770.00');
  });

  it('quantity in m² with 4 decimals, unit value so that quantity × unit is the total', () => {
    expect(nota.itens.map((i) => [i.unidade, i.quantidade])).toEqual([
      ['M2', '0.7200'],
      ['M2', '0.1350'],
      ['UN', '1.0000'],
    ]);
    // 409,15 / 0,72 = 568,26388…; 76,72 / 0,135 = 568,29629…; 284,13 / 1
    expect(nota.itens.map((i) => i.valor_unitario)).toEqual([
      '568.2638888889',
      '568.2962962963',
      '284.1300000000',
    ]);
  });

  it('freight spread the same way, summing to R$ 80,00', () => {
    // 80 × 360/677,5 = 42,5092 → 42,50; × 67,5/677,5 = 7,9705 → 7,97; × 250/677,5 = 29,5203 → 29,52;
    // 79,99: the cent to the bancada (remainder 0,0092).
    expect(nota.itens.map((i) => i.valor_frete)).toEqual(['42.51', '7.97', '29.52']);
    expect(nota.totais).toEqual({ produtos: '770.00', frete: '80.00', desconto: '0.00', nota: '850.00' });
  });
});

describe('montarNota with a discount', () => {
  it('goods + freight − discount = the invoice total', () => {
    // Sale R$ 300,00 with R$ 10,00 freight and R$ 20,00 discount: goods R$ 310,00, split 2:1
    // (206,666… → 206,66 and 103,333… → 103,33; the cent to the first, remainder 0,0067).
    const n = montarNota({
      valor_total: '300.00',
      valor_frete: '10.00',
      valor_instalacao: '0',
      valor_desconto: '20.00',
      linhas: [
        linha({ codigo: 'A', unidade: 'UN', quantidade: '1', valor_linha: '200' }),
        linha({ codigo: 'B', unidade: 'UN', quantidade: '1', valor_linha: '100' }),
      ],
    });
    expect(n.itens.map((i) => i.valor_total)).toEqual(['206.67', '103.33']);
    // 20 × 2/3 = 13,333 → 13,33; 20 × 1/3 = 6,666 → 6,66; the cent to the second (0,0067 > 0,0033).
    expect(n.itens.map((i) => i.valor_desconto)).toEqual(['13.33', '6.67']);
    expect(n.totais).toEqual({ produtos: '310.00', frete: '10.00', desconto: '20.00', nota: '300.00' });
  });
});

describe('ratear', () => {
  it('three equal weights over R$ 0,10: 0,04 + 0,03 + 0,03 (ties to the earlier line)', () => {
    expect(ratear('0.10', [1, 1, 1]).map((b) => b.toFixed(2))).toEqual(['0.04', '0.03', '0.03']);
  });
  it('zero weights split equally', () => {
    expect(ratear('1.00', [0, 0]).map((b) => b.toFixed(2))).toEqual(['0.50', '0.50']);
  });
});

describe('podeCancelar', () => {
  const aut = new Date('2026-11-27T10:00:00Z');
  it('within 24 h yes, after no', () => {
    expect(podeCancelar(aut, new Date('2026-11-28T10:00:00Z'))).toBe(true);
    expect(podeCancelar(aut, new Date('2026-11-28T10:00:01Z'))).toBe(false);
  });
});
