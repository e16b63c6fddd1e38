import { describe, expect, it } from 'vitest';
import { lerChapas, lerPecas } from './entrada';

describe('the simulator’s lists', () => {
  it('reads pieces typed, pasted from a spreadsheet or written as 2900x600', () => {
    const { itens, erros } = lerPecas(
      [
        'bancada pia; 2900; 600; 2',
        'ilha\t1800\t900\t1\tveio',
        '1200 x 150 x 3 peitoril',
        '',
        '600x400',
      ].join('\n'),
    );
    expect(erros).toEqual([]);
    expect(itens).toEqual([
      { ref: 'bancada pia', largura_mm: 2900, altura_mm: 600, quantidade: 2, girar: true },
      { ref: 'ilha', largura_mm: 1800, altura_mm: 900, quantidade: 1, girar: false },
      { ref: 'peitoril', largura_mm: 1200, altura_mm: 150, quantidade: 3, girar: true },
      { ref: 'Peça 4', largura_mm: 600, altura_mm: 400, quantidade: 1, girar: true },
    ]);
  });

  it('names the line that lacks a measure', () => {
    expect(lerPecas('bancada; 2900\ntampo; 600; 400').erros).toEqual([
      'Linha 1: informe largura e altura em milímetros (números inteiros).',
    ]);
  });

  it('reads slabs and remnants', () => {
    expect(lerChapas('3000 x 1900 x 4\nsobra 1300 x 400').itens).toEqual([
      { largura_mm: 3000, altura_mm: 1900, quantidade: 4, sobra: false },
      { largura_mm: 1300, altura_mm: 400, quantidade: 1, sobra: true },
    ]);
  });
});
