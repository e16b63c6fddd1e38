import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastDayOfMonth, parseIsoDate } from './datas';
import { FINS_DE_MES_2026 } from './datas.test-helpers';
import { dec, sum } from './money';
import {
  comissaoLiberada,
  formatReais,
  gerarParcelas,
  mensagemCobranca,
  type PagamentoVenda,
  type ParcelaExistente,
  problemaParcelamento,
  regerarParcelas,
  statusParcela,
} from './recebiveis';

// Thousands of random cases take 1–2 s alone and more on a shared machine: vitest's 5 s default is
// for a unit test's usual work, and a timeout here would say nothing about the instalments.
const PROPRIEDADE_MS = 60_000;

/** `gerarParcelas` for a sale in instalments (no down payment). */
const parcelado = (valor_bruto: PagamentoVenda['valor_bruto'], numero_parcelas: number, data_venda: string) =>
  gerarParcelas({ tipo_venda: 'parcelado', valor_bruto, numero_parcelas, data_venda });

/** `gerarParcelas` for a sale of 10/03/2026 that states a down payment (only the entrada type uses it). */
const comEntrada = (
  tipo_venda: PagamentoVenda['tipo_venda'],
  valor_bruto: PagamentoVenda['valor_bruto'],
  valor_entrada: PagamentoVenda['valor_entrada'],
  numero_parcelas: number,
) => gerarParcelas({ tipo_venda, valor_bruto, valor_entrada, numero_parcelas, data_venda: '2026-03-10' });

describe('gerarParcelas', () => {
  it('splits R$ 1.000,00 in 3x as 333,33 + 333,33 + 333,34, monthly from one month after the sale', () => {
    // 1000 ÷ 3 = 333,333… → 333,33; last = 1000 − 2 × 333,33 = 1000 − 666,66 = 333,34
    expect(parcelado('1000.00', 3, '2026-03-10')).toEqual([
      { parcela: 1, valor: '333.33', data_vencimento: '2026-04-10' },
      { parcela: 2, valor: '333.33', data_vencimento: '2026-05-10' },
      { parcela: 3, valor: '333.34', data_vencimento: '2026-06-10' },
    ]);
  });

  it('puts a down payment of 300 of 1.000 on the sale date as parcela 0 and splits the 700 left in 3x', () => {
    // rest = 1000 − 300 = 700; 700 ÷ 3 = 233,333… → 233,33; last = 700 − 466,66 = 233,34
    // total = 300 + 233,33 + 233,33 + 233,34 = 1000,00
    expect(comEntrada('entrada', 1000, 300, 3)).toEqual([
      { parcela: 0, valor: '300.00', data_vencimento: '2026-03-10' },
      { parcela: 1, valor: '233.33', data_vencimento: '2026-04-10' },
      { parcela: 2, valor: '233.33', data_vencimento: '2026-05-10' },
      { parcela: 3, valor: '233.34', data_vencimento: '2026-06-10' },
    ]);
  });

  it('gives a sale on 31 January 2026 in 2x the 28 February and then 31 March again', () => {
    // 2026 is not a leap year: February ends on the 28th. 500 ÷ 2 = 250 exactly.
    expect(parcelado('500', 2, '2026-01-31')).toEqual([
      { parcela: 1, valor: '250.00', data_vencimento: '2026-02-28' },
      { parcela: 2, valor: '250.00', data_vencimento: '2026-03-31' },
    ]);
  });

  it('uses 29 February in a leap year (2028)', () => {
    const p = parcelado('500', 2, '2028-01-31');
    expect(p.map((x) => x.data_vencimento)).toEqual(['2028-02-29', '2028-03-31']);
  });

  it('never drifts: 12x from 31 January count every date from the sale, not from the previous one', () => {
    const p = parcelado('1200', 12, '2026-01-31');
    expect(p.map((x) => x.data_vencimento)).toEqual([...FINS_DE_MES_2026.slice(1), '2027-01-31']);
    // 1200 ÷ 12 = 100 exactly
    expect(p.every((x) => x.valor === '100.00')).toBe(true);
  });

  it('crosses the year: a sale on 15 November 2026 in 3x falls in December, January and February', () => {
    const p = parcelado('90', 3, '2026-11-15');
    expect(p.map((x) => x.data_vencimento)).toEqual(['2026-12-15', '2027-01-15', '2027-02-15']);
  });

  it('rounds each instalment half-up and lets the last one take the rest (up or down)', () => {
    // 100,01 ÷ 2 = 50,005 → half-up 50,01; last = 100,01 − 50,01 = 50,00
    expect(parcelado('100.01', 2, '2026-03-10').map((x) => x.valor)).toEqual(['50.01', '50.00']);
    // 200 ÷ 3 = 66,666… → 66,67; last = 200 − 133,34 = 66,66 (the last may be the smaller one)
    expect(parcelado('200', 3, '2026-03-10').map((x) => x.valor)).toEqual(['66.67', '66.67', '66.66']);
  });

  it('makes avista one parcela 1 of the whole value on the sale date, ignoring entrada and parcelas', () => {
    expect(comEntrada('avista', '1234.56', '100', 5)).toEqual([
      { parcela: 1, valor: '1234.56', data_vencimento: '2026-03-10' },
    ]);
  });

  it('makes parcelado in 1x a single instalment one month after the sale', () => {
    expect(parcelado('750.5', 1, '2026-03-31')).toEqual([
      { parcela: 1, valor: '750.50', data_vencimento: '2026-04-30' },
    ]);
  });

  it('ignores valor_entrada on a parcelado sale', () => {
    // 900 ÷ 3 = 300, the 100 of "entrada" is not a down payment on this type
    expect(comEntrada('parcelado', '900', '100', 3).map((x) => [x.parcela, x.valor])).toEqual([
      [1, '300.00'],
      [2, '300.00'],
      [3, '300.00'],
    ]);
  });

  it('settles an entrada sale whose down payment is the whole value with parcela 0 alone', () => {
    expect(comEntrada('entrada', '1000', '1000.00', 3)).toEqual([
      { parcela: 0, valor: '1000.00', data_vencimento: '2026-03-10' },
    ]);
  });

  it('makes an entrada sale with R$ 0,00 down n instalments of the whole value, without a parcela 0', () => {
    // 1000 ÷ 2 = 500
    expect(comEntrada('entrada', '1000', '0', 2)).toEqual([
      { parcela: 1, valor: '500.00', data_vencimento: '2026-04-10' },
      { parcela: 2, valor: '500.00', data_vencimento: '2026-05-10' },
    ]);
  });

  it('creates nothing for a sale of R$ 0,00, whatever the type', () => {
    for (const tipo_venda of ['avista', 'parcelado', 'entrada'] as const) {
      expect(
        gerarParcelas({ tipo_venda, valor_bruto: '0', numero_parcelas: 3, data_venda: '2026-03-10' }),
      ).toEqual([]);
    }
  });

  it('accepts the smallest split that works: R$ 0,03 in 3x is three instalments of one cent', () => {
    expect(parcelado('0.03', 3, '2026-03-10').map((x) => x.valor)).toEqual(['0.01', '0.01', '0.01']);
  });

  const base: PagamentoVenda = {
    tipo_venda: 'parcelado',
    valor_bruto: '1000',
    valor_entrada: '0',
    numero_parcelas: 3,
    data_venda: '2026-03-10',
  };

  it.each<[string, Partial<PagamentoVenda>, string]>([
    ['0 parcelas', { numero_parcelas: 0 }, 'O número de parcelas deve estar entre 1 e 12.'],
    ['13 parcelas', { numero_parcelas: 13 }, 'O número de parcelas deve estar entre 1 e 12.'],
    ['1,5 parcela', { numero_parcelas: 1.5 }, 'O número de parcelas deve estar entre 1 e 12.'],
    ['no parcelas', { numero_parcelas: null }, 'O número de parcelas deve estar entre 1 e 12.'],
    [
      'entrada above the gross value',
      { tipo_venda: 'entrada', valor_entrada: '1000.01' },
      'O valor da entrada não pode ser maior que o valor bruto.',
    ],
    [
      'negative entrada',
      { tipo_venda: 'entrada', valor_entrada: '-1' },
      'O valor da entrada não pode ser negativo.',
    ],
    ['negative gross value', { valor_bruto: '-10' }, 'O valor bruto não pode ser negativo.'],
    ['gross value that is not a number', { valor_bruto: 'mil' }, 'Valor bruto inválido.'],
    ['fractions of a cent', { valor_bruto: '100.005' }, 'O valor bruto deve ter no máximo 2 casas decimais.'],
    ['a day that does not exist', { data_venda: '2026-02-30' }, 'Data da venda inválida.'],
    ['a date that is not ISO', { data_venda: '10/03/2026' }, 'Data da venda inválida.'],
    ['an unknown type', { tipo_venda: 'boleto' as PagamentoVenda['tipo_venda'] }, 'Tipo de venda inválido.'],
    [
      // 0,18 ÷ 12 = 0,015 → 0,02; 11 × 0,02 = 0,22 > 0,18 → the last would be −0,04
      'R$ 0,18 in 12x (negative last instalment)',
      { valor_bruto: '0.18', numero_parcelas: 12 },
      'O valor a parcelar (R$ 0,18) é pequeno demais para 12 parcelas: cada parcela precisa ser de pelo menos R$ 0,01.',
    ],
    [
      // 0,02 ÷ 3 = 0,0066… → 0,01; last = 0,02 − 0,02 = 0,00
      'R$ 0,02 in 3x (last instalment of zero)',
      { valor_bruto: '0.02' },
      'O valor a parcelar (R$ 0,02) é pequeno demais para 3 parcelas: cada parcela precisa ser de pelo menos R$ 0,01.',
    ],
    [
      // rest = 1000 − 999,99 = 0,01 in 2x: 0,005 → 0,01, last = 0,00
      'a rest of one cent in 2x after the entrada',
      { tipo_venda: 'entrada', valor_entrada: '999.99', numero_parcelas: 2 },
      'O valor a parcelar (R$ 0,01) é pequeno demais para 2 parcelas: cada parcela precisa ser de pelo menos R$ 0,01.',
    ],
  ])('refuses %s with a pt-BR reason', (_, change, message) => {
    const input = { ...base, ...change };
    expect(problemaParcelamento(input)).toBe(message);
    expect(() => gerarParcelas(input)).toThrow(new RangeError(message));
  });

  it('has no problem with valid input', () => {
    expect(problemaParcelamento(base)).toBeNull();
  });

  // Amounts up to R$ 10 milhões in cents, any split 1–12, any day from 1900 to 2199 (leap years,
  // century rules, the 29th–31st).
  const venda = fc
    .record({
      tipo_venda: fc.constantFrom('avista' as const, 'parcelado' as const, 'entrada' as const),
      brutoCentavos: fc.integer({ min: 0, max: 1_000_000_000 }),
      entradaFracao: fc.double({ min: 0, max: 1, noNaN: true }),
      numero_parcelas: fc.integer({ min: 1, max: 12 }),
      ano: fc.integer({ min: 1900, max: 2199 }),
      mes: fc.integer({ min: 1, max: 12 }),
      dia: fc.integer({ min: 1, max: 31 }),
    })
    .map(({ tipo_venda, brutoCentavos, entradaFracao, numero_parcelas, ano, mes, dia }) => {
      const entradaCentavos = Math.floor(brutoCentavos * entradaFracao);
      const d = Math.min(dia, lastDayOfMonth(ano, mes));
      return {
        tipo_venda,
        valor_bruto: dec(brutoCentavos).div(100).toFixed(2),
        valor_entrada: dec(entradaCentavos).div(100).toFixed(2),
        numero_parcelas,
        data_venda: `${ano}-${String(mes).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
      };
    });

  it('property: the instalments add up to the sale exactly, each at least a cent, each due on the sale day or the month end', {
    timeout: PROPRIEDADE_MS,
  }, () => {
    fc.assert(
      fc.property(venda, (v) => {
        const resto =
          v.tipo_venda === 'entrada' ? dec(v.valor_bruto).minus(v.valor_entrada) : dec(v.valor_bruto);
        const n = v.tipo_venda === 'avista' ? 1 : v.numero_parcelas;
        const problema = problemaParcelamento(v);
        if (problema !== null) {
          // Refused only when the remainder is below n² cents (then the split always works).
          expect(problema).toMatch(/é pequeno demais para \d+ parcelas/);
          expect(resto.gt(0) && resto.lt(dec(n * n).div(100))).toBe(true);
          return;
        }
        const parcelas = gerarParcelas(v);
        expect(sum(parcelas.map((p) => p.valor)).eq(dec(v.valor_bruto))).toBe(true);
        for (const p of parcelas) {
          expect(dec(p.valor).gte('0.01')).toBe(true);
          expect(p.valor).toMatch(/^\d+\.\d{2}$/);
        }
        const venda = parseIsoDate(v.data_venda);
        for (const p of parcelas) {
          const due = parseIsoDate(p.data_vencimento);
          const meses = due.ano * 12 + due.mes - (venda.ano * 12 + venda.mes);
          // parcela 0 (entrada) and avista on the sale date; parcela k exactly k months later
          expect(meses).toBe(p.parcela === 0 || v.tipo_venda === 'avista' ? 0 : p.parcela);
          expect(due.dia === venda.dia || due.dia === lastDayOfMonth(due.ano, due.mes)).toBe(true);
          expect(due.dia <= venda.dia).toBe(true);
        }
        // Numbered 0 (only with a down payment), then 1…n with no gap; all but the last equal.
        const numeros = parcelas.map((p) => p.parcela).filter((k) => k > 0);
        if (resto.gt(0)) expect(numeros).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        const iguais = parcelas.filter((p) => p.parcela > 0).slice(0, -1);
        expect(new Set(iguais.map((p) => p.valor)).size).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('statusParcela', () => {
  const hoje = '2026-05-10';
  it.each<[string, string | null, string, string]>([
    ['nothing received, due later', '0', '2026-05-20', 'aberta'],
    ['nothing received, due today (not late yet)', null, '2026-05-10', 'aberta'],
    ['part received, due later', '100.00', '2026-05-20', 'parcial'],
    ['part received, due today', '0.01', '2026-05-10', 'parcial'],
    ['nothing received, due yesterday', '0', '2026-05-09', 'atrasada'],
    ['part received, due yesterday: still late', '333.32', '2026-05-09', 'atrasada'],
    ['fully received, due long ago', '333.33', '2025-01-01', 'paga'],
    ['fully received, due later', '333.33', '2026-12-01', 'paga'],
  ])('%s → %s', (_, valor_recebido, data_vencimento, status) => {
    expect(statusParcela({ valor: '333.33', valor_recebido, data_vencimento }, hoje)).toBe(status);
  });

  it('refuses dates that are not ISO days', () => {
    expect(() => statusParcela({ valor: 1, valor_recebido: 0, data_vencimento: '2026-02-30' }, hoje)).toThrow(
      RangeError,
    );
    expect(() =>
      statusParcela({ valor: 1, valor_recebido: 0, data_vencimento: '2026-02-10' }, '10/05/2026'),
    ).toThrow(RangeError);
  });
});

describe('comissaoLiberada', () => {
  it('releases R$ 50,00 of a R$ 150,00 commission when R$ 1.000,00 of a R$ 3.000,00 sale is paid', () => {
    // 150 × 1000 ÷ 3000 = 50,00
    expect(comissaoLiberada({ comissao: '150.00', valor_pago: '1000.00', valor_bruto: '3000.00' })).toBe(50);
  });

  it('rounds half-up to cents', () => {
    // 100 × 1 ÷ 3 = 33,333… → 33,33
    expect(comissaoLiberada({ comissao: 100, valor_pago: 1, valor_bruto: 3 })).toBe(33.33);
    // 10,05 × 1000 ÷ 2000 = 5,025 → half-up 5,03 (a binary float would give 5,02)
    expect(comissaoLiberada({ comissao: '10.05', valor_pago: '1000', valor_bruto: '2000' })).toBe(5.03);
  });

  it('releases nothing before any payment and everything when the sale is paid', () => {
    expect(comissaoLiberada({ comissao: '150', valor_pago: '0', valor_bruto: '3000' })).toBe(0);
    expect(comissaoLiberada({ comissao: '150', valor_pago: '3000', valor_bruto: '3000' })).toBe(150);
  });

  it('never goes above the commission nor below zero', () => {
    // 150 × 3100 ÷ 3000 = 155 → capped at 150
    expect(comissaoLiberada({ comissao: '150', valor_pago: '3100', valor_bruto: '3000' })).toBe(150);
    expect(comissaoLiberada({ comissao: '150', valor_pago: '-10', valor_bruto: '3000' })).toBe(0);
    expect(comissaoLiberada({ comissao: '-5', valor_pago: '1000', valor_bruto: '3000' })).toBe(0);
  });

  it('releases a sale of R$ 0,00 whole (no division by zero)', () => {
    expect(comissaoLiberada({ comissao: '0', valor_pago: '0', valor_bruto: '0' })).toBe(0);
    expect(comissaoLiberada({ comissao: '12.34', valor_pago: '0', valor_bruto: '0' })).toBe(12.34);
  });
});

describe('regerarParcelas', () => {
  // The sale of R$ 1.000,00 in 3x on 10/03/2026: 333,33 (10/04) + 333,33 (10/05) + 333,34 (10/06)
  const existentes = (recebidos: Record<number, string> = {}): ParcelaExistente[] =>
    parcelado('1000', 3, '2026-03-10').map((p) => ({
      ...p,
      id: `p${p.parcela}`,
      valor_recebido: recebidos[p.parcela] ?? '0.00',
    }));
  const novas = (input: Partial<PagamentoVenda>) =>
    gerarParcelas({
      tipo_venda: 'parcelado',
      valor_bruto: '1000',
      numero_parcelas: 3,
      data_venda: '2026-03-10',
      ...input,
    });
  /** The plan of a change that goes ahead: nothing kept, updated, removed or inserted unless said. */
  const plano = (p: {
    manter?: string[];
    atualizar?: unknown[];
    remover?: string[];
    inserir?: unknown[];
  }) => ({
    ok: true,
    manter: [],
    atualizar: [],
    remover: [],
    inserir: [],
    ...p,
  });

  it('regenerates everything when nothing was received: 1.000 in 3x → 1.200 in 4x', () => {
    // 1200 ÷ 4 = 300 each; 1–3 change in place, 4 is new
    const r = regerarParcelas(existentes(), novas({ valor_bruto: '1200', numero_parcelas: 4 }));
    expect(r).toEqual(
      plano({
        atualizar: [
          { id: 'p1', parcela: 1, valor: '300.00', data_vencimento: '2026-04-10' },
          { id: 'p2', parcela: 2, valor: '300.00', data_vencimento: '2026-05-10' },
          { id: 'p3', parcela: 3, valor: '300.00', data_vencimento: '2026-06-10' },
        ],
        inserir: [{ parcela: 4, valor: '300.00', data_vencimento: '2026-07-10' }],
      }),
    );
  });

  it('removes the numbers that no longer exist: 3x → 2x', () => {
    // 1000 ÷ 2 = 500
    const r = regerarParcelas(existentes(), novas({ numero_parcelas: 2 }));
    expect(r).toEqual(
      plano({
        atualizar: [
          { id: 'p1', parcela: 1, valor: '500.00', data_vencimento: '2026-04-10' },
          { id: 'p2', parcela: 2, valor: '500.00', data_vencimento: '2026-05-10' },
        ],
        remover: ['p3'],
      }),
    );
  });

  it('keeps a received instalment that comes out identical and regenerates the rest', () => {
    // 1.000,00 → 999,99 in 3x: 999,99 ÷ 3 = 333,33 exactly, so parcelas 1 and 2 (both with money
    // received) stay 333,33 on the same dates and only parcela 3, with nothing received, goes 333,34 → 333,33.
    const r = regerarParcelas(existentes({ 1: '333.33', 2: '100.00' }), novas({ valor_bruto: '999.99' }));
    expect(r).toEqual(
      plano({
        manter: ['p1', 'p2'],
        atualizar: [{ id: 'p3', parcela: 3, valor: '333.33', data_vencimento: '2026-06-10' }],
      }),
    );
  });

  it('keeps every row when nothing changes', () => {
    const r = regerarParcelas(existentes({ 2: '10' }), novas({}));
    expect(r).toEqual(plano({ manter: ['p1', 'p2', 'p3'] }));
  });

  it('refuses to change the value of an instalment that has received money', () => {
    // 1200 in 3x = 400 each: parcela 1, with R$ 100,00 received, would go 333,33 → 400,00
    const r = regerarParcelas(existentes({ 1: '100.00' }), novas({ valor_bruto: '1200' }));
    expect(r).toEqual({
      ok: false,
      motivo:
        'A parcela 1 já tem R$ 100,00 recebidos e o valor mudaria de R$ 333,33 para R$ 400,00. Desfaça os recebimentos antes de alterar o pagamento da venda.',
      conflitos: [
        {
          id: 'p1',
          parcela: 1,
          motivo: 'A parcela 1 já tem R$ 100,00 recebidos e o valor mudaria de R$ 333,33 para R$ 400,00.',
        },
      ],
    });
  });

  it('refuses to move the due date of an instalment that has received money', () => {
    const r = regerarParcelas(existentes({ 2: '333.33' }), novas({ data_venda: '2026-03-11' }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.motivo).toBe(
        'A parcela 2 já tem R$ 333,33 recebidos e o vencimento mudaria de 10/05/2026 para 11/05/2026. Desfaça os recebimentos antes de alterar o pagamento da venda.',
      );
    }
  });

  it('refuses to drop an instalment that has received money, and names the entrada as such', () => {
    // entrada 300 of 1000 in 3x, R$ 300,00 received on the entrada and R$ 50,00 on parcela 3; edited to
    // parcelado 1000 in 2x: the entrada disappears and parcela 3 disappears.
    const antes = novas({ tipo_venda: 'entrada', valor_entrada: '300' }).map((p) => ({
      ...p,
      id: `p${p.parcela}`,
      valor_recebido: p.parcela === 0 ? '300.00' : p.parcela === 3 ? '50' : '0',
    }));
    const r = regerarParcelas(antes, novas({ numero_parcelas: 2 }));
    expect(r).toEqual({
      ok: false,
      motivo:
        'A entrada já tem R$ 300,00 recebidos e deixaria de existir. Há mais 1 parcela na mesma situação. Desfaça os recebimentos antes de alterar o pagamento da venda.',
      conflitos: [
        { id: 'p0', parcela: 0, motivo: 'A entrada já tem R$ 300,00 recebidos e deixaria de existir.' },
        { id: 'p3', parcela: 3, motivo: 'A parcela 3 já tem R$ 50,00 recebidos e deixaria de existir.' },
      ],
    });
  });

  it('describes a change of both value and date', () => {
    // avista 1000 on 10/03, paid in full, edited to parcelado 3x: parcela 1 goes 1.000,00 on 10/03 → 333,33 on 10/04
    const antes: ParcelaExistente[] = [
      { id: 'a1', parcela: 1, valor: '1000.00', data_vencimento: '2026-03-10', valor_recebido: '1000.00' },
    ];
    const r = regerarParcelas(antes, novas({}));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.conflitos[0]?.motivo).toBe(
        'A parcela 1 já tem R$ 1.000,00 recebidos e mudaria de R$ 1.000,00 em 10/03/2026 para R$ 333,33 em 10/04/2026.',
      );
    }
  });

  it('makes the sale’s instalments exactly the new ones on success (property)', {
    timeout: PROPRIEDADE_MS,
  }, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 10_000, max: 10_000_000 }),
        fc.integer({ min: 10_000, max: 10_000_000 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        // Half the edits only nudge the value by a few cents with the same split, so that received rows
        // often come out identical and the "keep" path is exercised, not only conflicts.
        fc.boolean(),
        fc.integer({ min: -3, max: 3 }),
        (n1, n2Livre, c1, c2Livre, recebeu, perto, delta) => {
          const n2 = perto ? n1 : n2Livre;
          const c2 = perto ? c1 + delta : c2Livre;
          const antes = parcelado(dec(c1).div(100).toFixed(2), n1, '2026-01-31').map((p) => ({
            ...p,
            id: `p${p.parcela}`,
            valor_recebido: recebeu[p.parcela - 1] ? '0.01' : '0',
          }));
          const depois = parcelado(dec(c2).div(100).toFixed(2), n2, '2026-01-31');
          const r = regerarParcelas(antes, depois);
          if (!r.ok) {
            // Refused exactly for the received rows that would change or disappear.
            const mudariam = antes
              .filter((p) => {
                const nova = depois.find((x) => x.parcela === p.parcela);
                return !nova || nova.valor !== p.valor || nova.data_vencimento !== p.data_vencimento;
              })
              .filter((p) => dec(p.valor_recebido).gt(0))
              .map((p) => p.id);
            expect(mudariam.length).toBeGreaterThan(0);
            expect(r.conflitos.map((c) => c.id)).toEqual(mudariam);
            return;
          }
          // Every existing row is in exactly one of manter / atualizar / remover.
          const tocados = [...r.manter, ...r.atualizar.map((u) => u.id), ...r.remover].sort();
          expect(tocados).toEqual(antes.map((p) => p.id).sort());
          // Apply the plan and compare with the new schedule.
          const byId = new Map(
            antes.map((p) => [
              p.id,
              { parcela: p.parcela, valor: p.valor, data_vencimento: p.data_vencimento },
            ]),
          );
          for (const id of r.remover) {
            expect(dec(antes.find((p) => p.id === id)?.valor_recebido).eq(0)).toBe(true);
            byId.delete(id);
          }
          for (const u of r.atualizar) {
            expect(dec(antes.find((p) => p.id === u.id)?.valor_recebido).eq(0)).toBe(true);
            byId.set(u.id, { parcela: u.parcela, valor: u.valor, data_vencimento: u.data_vencimento });
          }
          const resultado = [...byId.values(), ...r.inserir].sort((a, b) => a.parcela - b.parcela);
          expect(resultado).toEqual(depois);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('formatReais', () => {
  it('formats exactly in pt-BR', () => {
    expect(formatReais('1234567.8')).toBe('R$ 1.234.567,80');
    expect(formatReais('0.5')).toBe('R$ 0,50');
    expect(formatReais('999')).toBe('R$ 999,00');
    expect(formatReais('-1000.005')).toBe('-R$ 1.000,01');
    expect(formatReais('-0.001')).toBe('R$ 0,00');
  });
});

describe('mensagemCobranca', () => {
  const base = {
    cliente: 'Ana',
    venda_numero: 42,
    parcela: 2,
    numero_parcelas: 3,
    saldo: '233.33',
    data_vencimento: '2026-12-10',
    hoje: '2026-11-23',
  };
  it('names the instalment, the amount and the due date', () => {
    const m = mensagemCobranca(base);
    expect(m).toContain('Olá, Ana!');
    expect(m).toContain('a parcela 2/3 da venda nº 42, no valor de R$ 233,33, vence em 10/12/2026.');
    expect(m).not.toContain('Pix');
  });
  it('says "venceu" for a late one and "a entrada" for parcela 0, and carries the Pix code', () => {
    const m = mensagemCobranca({ ...base, parcela: 0, data_vencimento: '2026-11-22', pix: '000201XYZ' });
    expect(m).toContain('a entrada da venda nº 42, no valor de R$ 233,33, venceu em 22/11/2026.');
    expect(m).toContain('000201XYZ');
  });
});
