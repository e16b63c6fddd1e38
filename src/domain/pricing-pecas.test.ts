// Issue 14: finished edges by the metre, cutouts and loss. Every expected R$ is worked out by hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, dec, sum } from './money';
import {
  comprimentoLado,
  computeItem,
  computeItemDetalhado,
  computeResumo,
  computeResumoDetalhado,
  type ItemInput,
  type QuoteInput,
  validarPeca,
  validarPecas,
} from './pricing';
import { base, FULL_FIGURES, full } from './pricing.test-helpers';

/** A piece of product 1 priced by the m²; `extra`: its loss, edges and cutouts. */
const pecaM2 = (
  quantidade: number,
  medida1: string,
  medida2: string,
  valor_unitario: string,
  extra: Partial<ItemInput> = {},
): ItemInput => ({
  produto_id: 1,
  quantidade,
  medida1,
  medida2,
  valor_unitario,
  tipo_unidade: 'm²',
  ...extra,
});

describe('comprimentoLado', () => {
  it('measures frente/fundo along medida1 and esquerda/direita along medida2', () => {
    expect(comprimentoLado('frente', '2.40', '0.60').toString()).toBe('2.4');
    expect(comprimentoLado('fundo', '2.40', '0.60').toString()).toBe('2.4');
    expect(comprimentoLado('esquerda', '2.40', '0.60').toString()).toBe('0.6');
    expect(comprimentoLado('direita', '2.40', '0.60').toString()).toBe('0.6');
  });
});

describe('computeItemDetalhado', () => {
  it('prices two sides of different finishes and 10% loss, rounding the edges once', () => {
    // area 1.85 × 0.55 = 1.0175 m²
    // material 1.0175 × 389.90 × 1 × 1.10 = 396.72325 × 1.10 = 436.395575 → 436.40
    // edges: frente 1.85 m × 37.50 (boleado) = 69.375; esquerda 0.55 m × 22.90 (reto) = 12.595
    //   Σ 81.970 × 1 → 81.97 (rounding each side first would give 69.38 + 12.60 = 81.98)
    // metros_borda 1.85 + 0.55 = 2.40; total 436.40 + 81.97 + 0 = 518.37
    const item = pecaM2(1, '1.85', '0.55', '389.90', {
      perda_percentual: '10',
      bordas: [
        { lado: 'frente', valor_ml: '37.50' },
        { lado: 'esquerda', valor_ml: '22.90' },
      ],
    });
    expect(computeItemDetalhado(item)).toEqual({
      area: 1.0175,
      valor_material: 436.4,
      metros_borda: 2.4,
      valor_bordas: 81.97,
      valor_recortes: 0,
      valor_total: 518.37,
    });
    // The seed's shape carries the same total.
    expect(computeItem(item)).toEqual({ area: 1.0175, valor_total: 518.37 });
  });

  it('charges two cutouts per piece on a piece of quantity 2', () => {
    // area 1.20 × 0.50 = 0.6 m²; material 0.6 × 300.00 × 2 = 360.00 (no loss)
    // cutouts per piece: cuba esculpida 1 × 450.00 + furo de torneira 2 × 25.50 = 501.00; × 2 pieces = 1002.00
    // total 360.00 + 0 + 1002.00 = 1362.00
    const item = pecaM2(2, '1.20', '0.50', '300.00', {
      recortes: [
        { valor: '450.00', quantidade: 1 },
        { valor: '25.50', quantidade: 2 },
      ],
    });
    expect(computeItemDetalhado(item)).toEqual({
      area: 0.6,
      valor_material: 360,
      metros_borda: 0,
      valor_bordas: 0,
      valor_recortes: 1002,
      valor_total: 1362,
    });
  });

  it('multiplies the edges by the quantity and rounds half-up', () => {
    // fundo 0.75 m × 12.35 = 9.2625 per piece; × 3 = 27.7875 → 27.79; metros_borda 0.75 (per piece)
    // material 0.75 × 0.40 = 0.3 m² × 100.00 × 3 = 90.00; total 117.79
    expect(
      computeItemDetalhado(
        pecaM2(3, '0.75', '0.40', '100.00', { bordas: [{ lado: 'fundo', valor_ml: '12.35' }] }),
      ),
    ).toEqual({
      area: 0.3,
      valor_material: 90,
      metros_borda: 0.75,
      valor_bordas: 27.79,
      valor_recortes: 0,
      valor_total: 117.79,
    });
  });

  it('ignores the new fields on a unitário item (validarPeca rejects them first)', () => {
    // 2 × 185.00 = 370.00, loss, edges and cutouts do not apply
    expect(
      computeItemDetalhado({
        produto_id: 3,
        quantidade: 2,
        valor_unitario: '185.00',
        tipo_unidade: 'unitário',
        perda_percentual: 50,
        bordas: [{ lado: 'frente', valor_ml: 10 }],
        recortes: [{ valor: 10, quantidade: 1 }],
      }),
    ).toEqual({
      area: 0,
      valor_material: 370,
      metros_borda: 0,
      valor_bordas: 0,
      valor_recortes: 0,
      valor_total: 370,
    });
  });
});

describe('computeResumoDetalhado', () => {
  it('prices a quote without the new fields exactly as today', () => {
    // Same figures as pricing.test.ts "full quote": 1350.00 + 396.72 + 370.00 = 2116.72 … total 4753.79;
    // pedra is all of materiais, no edges, no cutouts.
    const detalhado = computeResumoDetalhado(full);
    expect(detalhado).toEqual({
      ...FULL_FIGURES,
      pedra: 2116.72,
      bordas: 0,
      recortes: 0,
      itens: [
        {
          area: 1.5,
          valor_total: 1350,
          valor_material: 1350,
          metros_borda: 0,
          valor_bordas: 0,
          valor_recortes: 0,
        },
        {
          area: 1.0175,
          valor_total: 396.72,
          valor_material: 396.72,
          metros_borda: 0,
          valor_bordas: 0,
          valor_recortes: 0,
        },
        {
          area: 0,
          valor_total: 370,
          valor_material: 370,
          metros_borda: 0,
          valor_bordas: 0,
          valor_recortes: 0,
        },
      ],
    });
    const { itens: _i, pedra: _p, bordas: _b, recortes: _r, ...resumo } = detalhado;
    const { itens: _seedItens, ...seed } = computeResumo(full);
    expect(resumo).toEqual(seed);
    // Explicitly empty lists and a 0 or null loss change nothing either.
    const empty = {
      ...full,
      itens: full.itens.map((i, idx) => ({
        ...i,
        bordas: [],
        recortes: [],
        perda_percentual: idx === 0 ? 0 : null,
      })),
    };
    expect(computeResumoDetalhado(empty)).toEqual(detalhado);
  });

  it('prices the browser scenario: bancada 2.40 × 0.60 with front and left edges, a cuba, a cooktop and a saia', () => {
    // Catalogue: Granito São Gabriel 420.00/m², loss 5%; Boleado 38.00/ml; Reto 25.00/ml;
    //   Cuba de embutir 180.00; Cooktop 120.00.
    // Bancada: area 2.40 × 0.60 = 1.44 m²; material 1.44 × 420.00 × 1 × 1.05 = 604.80 × 1.05 = 635.04
    //   edges: frente 2.40 × 38.00 = 91.20 + esquerda 0.60 × 25.00 = 15.00 → 106.20; metros_borda 3.00
    //   cutouts: 1 × 180.00 + 1 × 120.00 = 300.00; total 635.04 + 106.20 + 300.00 = 1041.24
    // Saia along the front: 2.40 × 0.10 = 0.24 m²; 0.24 × 420.00 × 1.05 = 100.80 × 1.05 = 105.84
    // materiais 1041.24 + 105.84 = 1147.08 = pedra 740.88 + bordas 106.20 + recortes 300.00
    // margin 30%: 344.124 → 344.12; total 1147.08 + 344.12 = 1491.20
    const r = computeResumoDetalhado({
      ...base,
      itens: [
        pecaM2(1, '2.40', '0.60', '420.00', {
          perda_percentual: '5.00',
          bordas: [
            { lado: 'frente', valor_ml: '38.00' },
            { lado: 'esquerda', valor_ml: '25.00' },
          ],
          recortes: [
            { valor: '180.00', quantidade: 1 },
            { valor: '120.00', quantidade: 1 },
          ],
        }),
        pecaM2(1, '2.40', '0.10', '420.00', { perda_percentual: '5.00' }),
      ],
    });
    expect(r.itens).toEqual([
      {
        area: 1.44,
        valor_material: 635.04,
        metros_borda: 3,
        valor_bordas: 106.2,
        valor_recortes: 300,
        valor_total: 1041.24,
      },
      {
        area: 0.24,
        valor_material: 105.84,
        metros_borda: 0,
        valor_bordas: 0,
        valor_recortes: 0,
        valor_total: 105.84,
      },
    ]);
    expect(r).toMatchObject({
      materiais: 1147.08,
      pedra: 740.88,
      bordas: 106.2,
      recortes: 300,
      subtotal: 1147.08,
      margem: 344.12,
      subtotal_com_margem: 1491.2,
      total: 1491.2,
    });
  });
});

// Measures and prices as the API gives them: decimal strings with 2 places.
const money = fc.integer({ min: 0, max: 500_000 }).map((c) => (c / 100).toFixed(2));
const medida = fc.integer({ min: 0, max: 600 }).map((c) => (c / 100).toFixed(2));
const itemArb: fc.Arbitrary<ItemInput> = fc.oneof(
  fc.record({
    produto_id: fc.constant(1),
    quantidade: fc.integer({ min: 0, max: 50 }),
    medida1: medida,
    medida2: medida,
    valor_unitario: money,
    tipo_unidade: fc.constant('m²' as const),
  }),
  fc.record({
    produto_id: fc.constant(2),
    quantidade: fc.integer({ min: 0, max: 50 }),
    valor_unitario: money,
    tipo_unidade: fc.constant('unitário' as const),
  }),
);
const quoteArb: fc.Arbitrary<QuoteInput> = fc
  .record({
    itens: fc.array(itemArb, { maxLength: 6 }),
    valor_frete: money,
    horas_trabalho: fc.integer({ min: 0, max: 40 }),
    margem_lucro: fc.integer({ min: 0, max: 100 }),
    salarios_funcionarios: fc.array(money, { maxLength: 3 }),
    percentual_vendedor: fc.integer({ min: 0, max: 10 }),
  })
  .map((q) => ({ ...base, ...q }));
const none = fc.constantFrom(undefined, null, 'empty' as const);

describe('properties', () => {
  it('adding no bordas/recortes/perda never changes any figure', () => {
    fc.assert(
      fc.property(
        quoteArb,
        fc.array(fc.tuple(none, none, fc.constantFrom(undefined, null, '', 0, '0')), { maxLength: 6 }),
        (q, extras) => {
          const withNothing: QuoteInput = {
            ...q,
            itens: q.itens.map((i, idx) => {
              const [b, r, perda] = extras[idx] ?? [undefined, undefined, undefined];
              return {
                ...i,
                bordas: b === 'empty' ? [] : b,
                recortes: r === 'empty' ? [] : r,
                perda_percentual: i.tipo_unidade === 'm²' ? perda : undefined,
              };
            }),
          };
          const seed = computeResumo(q);
          expect(computeResumo(withNothing)).toEqual(seed);
          const { pedra, bordas, recortes, itens, ...rest } = computeResumoDetalhado(withNothing);
          const { itens: seedItens, ...seedRest } = seed;
          expect(rest).toEqual(seedRest);
          expect({ pedra, bordas, recortes }).toEqual({ pedra: seed.materiais, bordas: 0, recortes: 0 });
          expect(itens.map((i) => ({ area: i.area, valor_total: i.valor_total }))).toEqual(seedItens);
          // …and the seed's formula itself: cents(area × unit × qty) or cents(qty × unit).
          q.itens.forEach((i, idx) => {
            const area = dec(i.medida1).times(dec(i.medida2));
            const expected =
              i.tipo_unidade === 'm²' ? area.times(dec(i.valor_unitario)) : dec(i.valor_unitario);
            expect(seedItens[idx]?.valor_total).toBe(
              Number(cents(expected.times(dec(i.quantidade))).toFixed(2)),
            );
          });
        },
      ),
    );
  });

  it('stone + edges + cutouts always add up to materiais and to each item total', () => {
    const lado = fc.constantFrom('frente', 'fundo', 'esquerda', 'direita' as const);
    const rich = fc.record({
      produto_id: fc.constant(1),
      quantidade: fc.integer({ min: 1, max: 20 }),
      medida1: medida,
      medida2: medida,
      valor_unitario: money,
      tipo_unidade: fc.constant('m²' as const),
      perda_percentual: fc.integer({ min: 0, max: 10_000 }).map((c) => (c / 100).toFixed(2)),
      bordas: fc.uniqueArray(fc.record({ lado, valor_ml: money }), { selector: (b) => b.lado, maxLength: 4 }),
      recortes: fc.array(fc.record({ valor: money, quantidade: fc.integer({ min: 1, max: 4 }) }), {
        maxLength: 3,
      }),
    });
    fc.assert(
      fc.property(fc.array(rich, { maxLength: 5 }), (itens) => {
        const r = computeResumoDetalhado({ ...base, itens });
        expect(sum([r.pedra, r.bordas, r.recortes]).eq(dec(r.materiais))).toBe(true);
        for (const i of r.itens) {
          expect(sum([i.valor_material, i.valor_bordas, i.valor_recortes]).eq(dec(i.valor_total))).toBe(true);
        }
      }),
    );
  });
});

describe('validarPeca', () => {
  const m2 = { tipo_unidade: 'm²' };

  it('accepts a well-formed piece and absent or empty fields', () => {
    expect(
      validarPeca(
        {
          ...m2,
          bordas: [{ lado: 'frente' }, { lado: 'esquerda' }],
          recortes: [{ quantidade: 2 }, { quantidade: '1' }],
          perda_percentual: '12.5',
        },
        0,
      ),
    ).toEqual([]);
    expect(validarPeca({ ...m2, perda_percentual: 0 }, 0)).toEqual([]);
    expect(validarPeca({ ...m2, perda_percentual: 100 }, 0)).toEqual([]);
    expect(
      validarPeca({ tipo_unidade: 'unitário', bordas: [], recortes: null, perda_percentual: null }, 0),
    ).toEqual([]);
  });

  it('names the field of an unknown side and of a side given twice', () => {
    expect(
      validarPeca({ ...m2, bordas: [{ lado: 'frente' }, { lado: 'topo' }, { lado: 'frente' }] }, 3),
    ).toEqual([
      {
        path: ['itens', 3, 'bordas', 1, 'lado'],
        campo: 'itens.3.bordas.1.lado',
        message: 'Lado inválido: use frente, fundo, esquerda ou direita.',
      },
      {
        path: ['itens', 3, 'bordas', 2, 'lado'],
        campo: 'itens.3.bordas.2.lado',
        message: 'O lado frente aparece mais de uma vez: cada lado tem no máximo um acabamento.',
      },
    ]);
  });

  it('rejects cutout quantities that are not integers ≥ 1', () => {
    const bad = [0, -1, 1.5, '2.5', 'abc', null, Number.NaN, ''];
    const issues = validarPeca({ ...m2, recortes: bad.map((quantidade) => ({ quantidade })) }, 0);
    expect(issues.map((i) => i.campo)).toEqual(bad.map((_, k) => `itens.0.recortes.${k}.quantidade`));
    expect(issues[0]?.message).toBe('A quantidade do recorte deve ser um número inteiro maior ou igual a 1.');
  });

  it('rejects a loss outside 0–100', () => {
    for (const perda of [-0.01, 100.01, '101', 'muito']) {
      expect(validarPeca({ ...m2, perda_percentual: perda }, 1)).toEqual([
        {
          path: ['itens', 1, 'perda_percentual'],
          campo: 'itens.1.perda_percentual',
          message: 'A perda deve estar entre 0 e 100%.',
        },
      ]);
    }
  });

  it('rejects borders, cutouts and loss on a unitário item', () => {
    const issues = validarPecas([
      m2,
      {
        tipo_unidade: 'unitário',
        bordas: [{ lado: 'frente' }],
        recortes: [{ quantidade: 1 }],
        perda_percentual: 5,
      },
    ]);
    expect(issues.map((i) => [i.campo, i.message])).toEqual([
      ['itens.1.bordas', 'Itens unitários não aceitam bordas: bordas são só para itens em m².'],
      ['itens.1.recortes', 'Itens unitários não aceitam recortes: recortes são só para itens em m².'],
      ['itens.1.perda_percentual', 'Itens unitários não aceitam perda: a perda é só para itens em m².'],
    ]);
  });
});
