import { describe, expect, it } from 'vitest';
import {
  computeCardRate,
  computeItem,
  computeResumo,
  customerLines,
  displayComissaoArquiteto,
  displayMargem,
  isDespesaFixa,
  type QuoteInput,
  type Resumo,
} from './pricing';
import { base, credito, FULL_FIGURES, full } from './pricing.test-helpers';

describe('computeItem', () => {
  it('prices m² items by area × unit × quantity', () => {
    // the full quote's first item: 2 × 2.50 × 0.60 at 450.00 the m²
    expect(full.itens[0]).toMatchObject({
      quantidade: 2,
      medida1: '2.50',
      medida2: '0.60',
      valor_unitario: '450.00',
    });
    // 2.50 × 0.60 = 1.5 m²; 1.5 × 450.00 × 2 = 1350.00
    expect(computeItem(full.itens[0]!)).toEqual({ area: 1.5, valor_total: 1350 });
  });
  it('gives area 0 (and so total 0 for m²) when a measure is missing', () => {
    expect(
      computeItem({ produto_id: 1, quantidade: 1, medida1: '2', valor_unitario: 100, tipo_unidade: 'm²' }),
    ).toEqual({ area: 0, valor_total: 0 });
  });
  it('prices unitário items by quantity × unit, rounding half-up', () => {
    // 3 × 12.345 = 37.035 → 37.04
    expect(
      computeItem({ produto_id: 1, quantidade: 3, valor_unitario: '12.345', tipo_unidade: 'unitário' }),
    ).toEqual({ area: 0, valor_total: 37.04 });
  });
  it('keeps the area to 4 decimals', () => {
    // 1.005 × 1.005 = 1.010025 → 1.0100; total 1.0100 × 100 × 1 = 101.00
    expect(
      computeItem({
        produto_id: 1,
        quantidade: 1,
        medida1: '1.005',
        medida2: '1.005',
        valor_unitario: 100,
        tipo_unidade: 'm²',
      }),
    ).toEqual({ area: 1.01, valor_total: 101 });
  });
});

describe('hourly costs', () => {
  // The hourly costs as the quote computes them (computeResumo); the fixed expenses of the month come
  // summed by the database over the descriptions isDespesaFixa counts (checked in db/agregados.test.ts).
  const hourly = (salarios: (string | number)[], despesas_fixas_mes: string | number = 0) => {
    const r = computeResumo({ ...base, salarios_funcionarios: salarios, despesas_fixas_mes });
    return { funcionarios: r.custo_hora_funcionarios, despesas: r.custo_hora_despesas };
  };
  const fixas = (ds: { descricao: string; valor: string | number }[]) =>
    ds.filter((d) => isDespesaFixa(d.descricao)).reduce((s, d) => s + Number(d.valor) * 100, 0) / 100;
  it('divides the salaries by 220', () => {
    expect(hourly(['2200.00', 3300]).funcionarios).toBe(25); // 5500 / 220 = 25.00
    expect(hourly(['1500']).funcionarios).toBe(6.82); // 1500 / 220 = 6.8181… → 6.82
    expect(hourly(['1.10']).funcionarios).toBe(0.01); // 1.10 / 220 = 0.005 → 0.01 (half-up)
    expect(hourly([]).funcionarios).toBe(0);
  });
  it('counts rent, power and water expenses whatever their case and accents', () => {
    const despesas = [
      { descricao: 'ALUGUEL galpão', valor: '1650.00' },
      { descricao: 'Conta de Luz', valor: '330.00' },
      { descricao: 'ÁGUA', valor: '88.00' },
      { descricao: 'A\u0301gua e esgoto', valor: 22 }, // already decomposed (NFD)
      { descricao: 'Material de escritório', valor: '500.00' },
      { descricao: 'Combustível', valor: '300.00' },
    ];
    // 1650.00 + 330.00 + 88.00 + 22.00 = 2090.00; / 220 = 9.50 (the last two do not match)
    expect(fixas(despesas)).toBe(2090);
    expect(hourly([], fixas(despesas)).despesas).toBe(9.5);
  });
  it('ignores descriptions without a keyword', () => {
    expect(hourly([], fixas([{ descricao: 'Salário do contador', valor: '2200.00' }])).despesas).toBe(0);
    expect(isDespesaFixa('Internet')).toBe(false);
  });
  it('matches by substring, so "Luzia" counts (accepted false positive)', () => {
    expect(isDespesaFixa('Luzia (diarista)')).toBe(true);
    expect(hourly([], fixas([{ descricao: 'Luzia (diarista)', valor: '220.00' }])).despesas).toBe(1); // 220 / 220
  });
});

describe('computeCardRate', () => {
  const rate = (...args: Parameters<typeof computeCardRate>) => computeCardRate(...args).toString();

  it('is 0 without a card', () => {
    expect(rate(null, 'parcelado', 3)).toBe('0');
  });
  it('uses taxa for debit, whatever the installments', () => {
    expect(rate({ tipo: 'Débito', taxa: '1.99', taxa_1x: '9' }, 'parcelado', 3)).toBe('1.99');
    expect(rate({ tipo: 'Débito', taxa: null }, 'avista', 1)).toBe('0');
  });
  it('uses taxa_{n}x for parcelado and entrada, taxa_1x otherwise', () => {
    expect(rate(credito, 'parcelado', 3)).toBe('4.5');
    expect(rate({ ...credito, taxa_6x: '7.2' }, 'entrada', 6)).toBe('7.2');
    expect(rate(credito, 'avista', 3)).toBe('2.99');
  });
  it('falls back to taxa_1x, then taxa, then 0', () => {
    expect(rate(credito, 'parcelado', 12)).toBe('2.99');
    expect(rate({ tipo: 'Crédito', taxa: '5', taxa_12x: null }, 'parcelado', 12)).toBe('5');
    expect(rate({ tipo: 'Crédito' }, 'parcelado', 12)).toBe('0');
    expect(rate({ ...credito, taxa_3x: '' }, 'parcelado', 3)).toBe('2.99');
    expect(rate(credito, 'parcelado', 13)).toBe('2.99');
  });
  it('takes an explicit 0 as a real rate', () => {
    expect(rate({ ...credito, taxa_3x: '0' }, 'parcelado', 3)).toBe('0');
  });
});

const unitario = (quantidade: number, valor_unitario: string) =>
  ({ produto_id: 1, quantidade, valor_unitario, tipo_unidade: 'unitário' }) as const;

type Case = [string, Partial<QuoteInput>, Omit<Resumo, 'itens'>];

const cases: Case[] = [
  [
    // materiais 3 × 100.00 + 1 × 59.90 = 359.90; no employees or expenses → labour 0 despite 10 h
    // subtotal 359.90 + 50.00 = 409.90; margin defaults to 30%: 122.97; with margin 532.87; no card, no one
    'no employees, no card, only unitário items, default margin',
    {
      itens: [unitario(3, '100.00'), unitario(1, '59.90')],
      valor_frete: '50.00',
      horas_trabalho: 10,
      margem_lucro: null,
    },
    {
      materiais: 359.9,
      custo_hora_funcionarios: 0,
      custo_hora_despesas: 0,
      custo_hora: 0,
      mao_de_obra: 0,
      subtotal: 409.9,
      margem: 122.97,
      subtotal_com_margem: 532.87,
      taxa_cartao_percentual: 0,
      valor_taxa_cartao: 0,
      comissao_vendedor: 0,
      comissao_arquiteto: 0,
      total: 532.87,
    },
  ],
  [
    // 2.00 × 0.50 = 1 m² × 500.00 = 500.00; 2200 / 220 = 10.00/h × 5 h = 50.00; subtotal 550.00
    // margin 20%: 110.00 → 660.00; 12x without taxa_12x → taxa_1x 3.5%: 660.00 × 0.035 = 23.10
    // base 660.00 − 23.10 = 636.90; seller 10%: 63.69; total 660.00 + 63.69 + 23.10 = 746.79
    '12x credit without taxa_12x falls back to taxa_1x',
    {
      itens: [
        {
          produto_id: 1,
          quantidade: 1,
          medida1: '2.00',
          medida2: '0.50',
          valor_unitario: '500.00',
          tipo_unidade: 'm²',
        },
      ],
      salarios_funcionarios: ['2200.00'],
      horas_trabalho: 5,
      margem_lucro: 20,
      tipo_venda: 'parcelado',
      numero_parcelas: 12,
      cartao: { tipo: 'Crédito', taxa_1x: '3.5', taxa_2x: '4.0', taxa_12x: null },
      percentual_vendedor: '10',
    },
    {
      materiais: 500,
      custo_hora_funcionarios: 10,
      custo_hora_despesas: 0,
      custo_hora: 10,
      mao_de_obra: 50,
      subtotal: 550,
      margem: 110,
      subtotal_com_margem: 660,
      taxa_cartao_percentual: 3.5,
      valor_taxa_cartao: 23.1,
      comissao_vendedor: 63.69,
      comissao_arquiteto: 0,
      total: 746.79,
    },
  ],
  [
    // 1 × 1000.00; margin 0 stays 0 (not the default 30); debit 1.99%: 1000.00 × 0.0199 = 19.90
    // base 980.10; seller 5%: 49.005 → 49.01 (half-up; half-even would give 49.00)
    // total 1000.00 + 49.01 + 19.90 = 1068.91
    'debit with margin 0',
    {
      itens: [unitario(1, '1000.00')],
      margem_lucro: 0,
      cartao: { tipo: 'Débito', taxa: '1.99' },
      percentual_vendedor: 5,
    },
    {
      materiais: 1000,
      custo_hora_funcionarios: 0,
      custo_hora_despesas: 0,
      custo_hora: 0,
      mao_de_obra: 0,
      subtotal: 1000,
      margem: 0,
      subtotal_com_margem: 1000,
      taxa_cartao_percentual: 1.99,
      valor_taxa_cartao: 19.9,
      comissao_vendedor: 49.01,
      comissao_arquiteto: 0,
      total: 1068.91,
    },
  ],
  [
    // 100.75 × 30% = 30.225 → 30.23 (half-up; floats give 30.224999… → 30.22, half-even 30.22)
    // with margin 130.98; seller 5%: 6.549 → 6.55; total 130.98 + 6.55 = 137.53
    'rounds a .005 figure half-up',
    { itens: [unitario(1, '100.75')], percentual_vendedor: '5' },
    {
      materiais: 100.75,
      custo_hora_funcionarios: 0,
      custo_hora_despesas: 0,
      custo_hora: 0,
      mao_de_obra: 0,
      subtotal: 100.75,
      margem: 30.23,
      subtotal_com_margem: 130.98,
      taxa_cartao_percentual: 0,
      valor_taxa_cartao: 0,
      comissao_vendedor: 6.55,
      comissao_arquiteto: 0,
      total: 137.53,
    },
  ],
  [
    // 1.20 × 0.80 = 0.96 m² × 250.00 × 3 = 720.00; 1100 / 220 = 5.00/h; "Conta de água" 220 / 220 = 1.00/h
    // labour 6.00 × 4 = 24.00; subtotal 720.00 + 80.00 + 24.00 = 824.00; margin 25%: 206.00 → 1030.00
    // entrada in 6x → taxa_6x 7.2%: 1030.00 × 0.072 = 74.16; base 955.84; architect 8%: 76.4672 → 76.47
    // total 1030.00 + 0 + 76.47 + 74.16 = 1180.63
    'entrada uses the installment rate; expenses count',
    {
      itens: [
        {
          produto_id: 1,
          quantidade: 3,
          medida1: 1.2,
          medida2: 0.8,
          valor_unitario: '250.00',
          tipo_unidade: 'm²',
        },
      ],
      salarios_funcionarios: [1100],
      // "Conta de água" 220.00 counts; "Manutenção da serra" 900.00 does not
      despesas_fixas_mes: '220.00',
      horas_trabalho: 4,
      valor_instalacao: '80.00',
      margem_lucro: '25',
      tipo_venda: 'entrada',
      numero_parcelas: 6,
      cartao: { tipo: 'Crédito', taxa_1x: '3', taxa_6x: '7.2' },
      percentual_arquiteto: '8',
    },
    {
      materiais: 720,
      custo_hora_funcionarios: 5,
      custo_hora_despesas: 1,
      custo_hora: 6,
      mao_de_obra: 24,
      subtotal: 824,
      margem: 206,
      subtotal_com_margem: 1030,
      taxa_cartao_percentual: 7.2,
      valor_taxa_cartao: 74.16,
      comissao_vendedor: 0,
      comissao_arquiteto: 76.47,
      total: 1180.63,
    },
  ],
];

describe('computeResumo worked examples', () => {
  it.each(cases)('%s', (_name, input, expected) => {
    const { itens: _itens, ...resumo } = computeResumo({ ...base, ...input });
    expect(resumo).toEqual(expected);
  });
});

describe('full quote', () => {
  it('computes every figure', () => {
    // FULL_FIGURES are worked out in pricing.test-helpers.ts; the items: 1350.00, 396.72 and 370.00.
    expect(computeResumo(full)).toEqual({
      ...FULL_FIGURES,
      itens: [
        { area: 1.5, valor_total: 1350 },
        { area: 1.0175, valor_total: 396.72 },
        { area: 0, valor_total: 370 },
      ],
    });
  });

  it('spreads the extras over the m² lines, adding up to the total', () => {
    // extra 4753.79 − 2116.72 = 2637.07; weights 1.5 × 2 = 3 and 1.0175 × 1 = 1.0175, sum 4.0175
    // first: 2637.07 × 3 / 4.0175 = 7911.21 / 4.0175 = 1969.1873… → 1969.19 → line 1350.00 + 1969.19 = 3319.19,
    //   unit 3319.19 / 2 = 1659.595 → 1659.60 (unit × 2 = 3319.20: the line total is authoritative)
    // last m² line takes the rest: 2637.07 − 1969.19 = 667.88 → 396.72 + 667.88 = 1064.60
    // unitário unchanged: 185.00 × 2 = 370.00; 3319.19 + 1064.60 + 370.00 = 4753.79
    const resumo = computeResumo(full);
    const lines = customerLines(
      full.itens.map((item, i) => ({
        ...item,
        area: resumo.itens[i]?.area,
        valor_total: resumo.itens[i]?.valor_total ?? 0,
      })),
      resumo.total,
    );
    expect(lines).toEqual({
      itens: [
        { valor_unitario_exibido: 1659.6, valor_total_exibido: 3319.19 },
        { valor_unitario_exibido: 1064.6, valor_total_exibido: 1064.6 },
        { valor_unitario_exibido: 185, valor_total_exibido: 370 },
      ],
      custos_adicionais: 0,
    });
  });

  it('back-computes the display margin and architect commission', () => {
    // 4753.79 / 1.3 = 3656.7615…; × 0.3 = 1097.0284… → 1097.03
    expect(displayMargem(4753.79, 30)).toBe(1097.03);
    // 4753.79 / 1.4 = 3395.5642…; × 0.1 = 339.5564… → 339.56
    expect(displayComissaoArquiteto(4753.79, 30, 10)).toBe(339.56);
    expect(displayMargem('1300.00', null)).toBe(300); // 1300 / 1.3 × 0.3, default margin 30
    expect(displayComissaoArquiteto('1400.00', 30, 10)).toBe(100); // 1400 / 1.4 × 0.1
    expect(displayComissaoArquiteto('1400.00', 30, null)).toBe(0);
  });
});

describe('customerLines', () => {
  const m2 = (valor_total: number, area: number, quantidade = 1) =>
    ({ valor_total, area, quantidade, tipo_unidade: 'm²' }) as const;

  it('gives the rounding cent to the last weighted line', () => {
    // extra 310.00 − 300.00 = 10.00 over three equal weights: 3.333… → 3.33, 3.33, last 10.00 − 6.66 = 3.34
    expect(customerLines([m2(100, 1), m2(100, 1), m2(100, 1)], '310.00').itens).toEqual([
      { valor_unitario_exibido: 103.33, valor_total_exibido: 103.33 },
      { valor_unitario_exibido: 103.33, valor_total_exibido: 103.33 },
      { valor_unitario_exibido: 103.34, valor_total_exibido: 103.34 },
    ]);
  });
  it('skips m² lines of zero area', () => {
    // extra 150.00 − 100.00 = 50.00, all on the only weighted line
    expect(customerLines([m2(100, 1), m2(0, 0)], 150).itens).toEqual([
      { valor_unitario_exibido: 150, valor_total_exibido: 150 },
      { valor_unitario_exibido: 0, valor_total_exibido: 0 },
    ]);
  });
  it('shows the extras as one line without m² items', () => {
    // 2 × 50.00 = 100.00; extra 130.00 − 100.00 = 30.00
    expect(
      customerLines([{ valor_total: 100, area: 0, quantidade: 2, tipo_unidade: 'unitário' }], 130),
    ).toEqual({
      itens: [{ valor_unitario_exibido: 50, valor_total_exibido: 100 }],
      custos_adicionais: 30,
    });
  });
});
