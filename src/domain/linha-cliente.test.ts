import { describe, expect, it } from 'vitest';
import { linhaCliente } from './linha-cliente';
import { cents } from './money';

const m2 = (area: string, quantidade: number, total: string) =>
  linhaCliente({ tipo_unidade: 'm²', area, quantidade, total });
const plain = (l: ReturnType<typeof linhaCliente>) => ({
  base: l.base,
  quantidade: l.quantidade.toString(),
  preco: l.preco.toFixed(2),
  ...(l.pecas ? { pecas: l.pecas } : {}),
});

describe('linhaCliente: quantity × price = total, each in its own unit', () => {
  it('an m² line is priced per m²: Bancada 1,44 m², R$ 3.340,18 → R$ 2.319,57/m² (1,44 × 2.319,57 = 3.340,1808)', () => {
    expect(plain(m2('1.44', 1, '3340.18'))).toEqual({ base: 'm²', quantidade: '1.44', preco: '2319.57' });
    // 2 pieces of 1,44 m² = 2,88 m²; R$ 4.809,86 ÷ 2,88 = 1.670,0902… → 1.670,09 × 2,88 = 4.809,8592 → 4.809,86
    expect(plain(m2('1.44', 2, '4809.86'))).toEqual({ base: 'm²', quantidade: '2.88', preco: '1670.09' });
  });

  it('when no price in cents times the m² gives the total, per piece; when that leaves a remainder, one set', () => {
    // 2,88 m² steps the product by 2,88 cents: 1.670,09 → 4.809,86, 1.670,10 → 4.809,89; R$ 4.809,88 is
    // neither, but 2 × R$ 2.404,94 is.
    expect(plain(m2('1.44', 2, '4809.88'))).toEqual({ base: 'peça', quantidade: '2', preco: '2404.94' });
    // R$ 4.809,87: not per m² either, and ÷ 2 = 2.404,935 → one set of 2 pieces at R$ 4.809,87
    expect(plain(m2('1.44', 2, '4809.87'))).toEqual({
      base: 'conjunto',
      quantidade: '1',
      preco: '4809.87',
      pecas: 2,
    });
  });

  it('unit items: R$ 450,00 for 3 → R$ 150,00/un.; R$ 100,00 for 3 → one set', () => {
    const un = (quantidade: number, total: string) =>
      plain(linhaCliente({ tipo_unidade: 'unitário', area: null, quantidade, total }));
    expect(un(3, '450')).toEqual({ base: 'un.', quantidade: '3', preco: '150.00' });
    expect(un(3, '100')).toEqual({ base: 'conjunto', quantidade: '1', preco: '100.00', pecas: 3 });
  });

  it('for any area, pieces and total the row multiplies back to its total to the cent', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let k = 0; k < 2000; k++) {
      const area = (rnd(60000) + 1) / 10000; // 0,0001 to 6 m²
      const qtd = rnd(12) + 1;
      const total = ((rnd(2_000_000) + 1) / 100).toFixed(2);
      const l = m2(String(area), qtd, total);
      expect(cents(l.quantidade.times(l.preco)).toFixed(2), `${area} × ${qtd} → ${total}`).toBe(total);
    }
  });
});
