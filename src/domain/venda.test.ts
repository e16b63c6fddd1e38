import { describe, expect, it } from 'vitest';
import { computeVenda, percentualComissao } from './venda';

describe('computeVenda', () => {
  it('turns the full example quote into a sale (credit 3x)', () => {
    // fee 4753.79 × 0.045 = 190.1516 + 23.76895 = 213.92055 → 213.92; net 4753.79 − 213.92 = 4539.87
    // seller 5%: 226.9935 → 226.99; architect 10%: 453.987 → 453.99; installments 4753.79 − 0
    expect(
      computeVenda({
        valor_bruto: 4753.79,
        tipo_venda: 'parcelado',
        numero_parcelas: 3,
        cartao: { tipo: 'Crédito', taxa_1x: '2.99', taxa_3x: '4.5' },
        percentual_vendedor: '5',
        tem_vendedor: true,
        percentual_arquiteto: '10',
        tem_arquiteto: true,
      }),
    ).toEqual({
      valor_bruto: 4753.79,
      tipo_venda: 'parcelado',
      valor_entrada: 0,
      numero_parcelas: 3,
      valor_parcelas: 4753.79,
      taxa_cartao: '0.045',
      valor_taxa: 213.92,
      valor_liquido: 4539.87,
      comissao_vendedor: 226.99,
      comissao_arquiteto: 453.99,
    });
  });

  it('charges the card only on what follows the down payment', () => {
    // fee (10000.00 − 3000.00) × 6.25% = 437.50; net 10000.00 − 437.50 = 9562.50
    // seller without a percentage → 10%: 956.25; no architect → 0 even with a percentage
    // installments 10000.00 − 3000.00 = 7000.00
    expect(
      computeVenda({
        valor_bruto: '10000.00',
        tipo_venda: 'entrada',
        valor_entrada: '3000.00',
        numero_parcelas: 6,
        cartao: { tipo: 'Crédito', taxa_1x: '3', taxa_6x: '6.25' },
        percentual_vendedor: null,
        tem_vendedor: true,
        percentual_arquiteto: '15',
        tem_arquiteto: false,
      }),
    ).toEqual({
      valor_bruto: 10000,
      tipo_venda: 'entrada',
      valor_entrada: 3000,
      numero_parcelas: 6,
      valor_parcelas: 7000,
      taxa_cartao: '0.0625',
      valor_taxa: 437.5,
      valor_liquido: 9562.5,
      comissao_vendedor: 956.25,
      comissao_arquiteto: 0,
    });
  });

  it('uses taxa for debit', () => {
    // fee 1234.56 × 0.0199 = 24.6912 − 0.123456 = 24.567744 → 24.57; net 1209.99
    // no seller → 0; architect 12.5%: 1209.99 × 0.125 = 151.24875 → 151.25
    expect(
      computeVenda({
        valor_bruto: '1234.56',
        cartao: { tipo: 'Débito', taxa: '1.99' },
        percentual_vendedor: '5',
        tem_vendedor: false,
        percentual_arquiteto: '12.5',
        tem_arquiteto: true,
      }),
    ).toMatchObject({
      tipo_venda: 'avista',
      numero_parcelas: 1,
      taxa_cartao: '0.0199',
      valor_taxa: 24.57,
      valor_liquido: 1209.99,
      comissao_vendedor: 0,
      comissao_arquiteto: 151.25,
    });
  });

  it('defaults to à vista, 1 installment, no entry and no card', () => {
    // seller 5% of 100.10 = 5.005 → 5.01 (half-up)
    expect(
      computeVenda({
        valor_bruto: '100.10',
        cartao: null,
        tem_vendedor: true,
        percentual_vendedor: 5,
        tem_arquiteto: false,
      }),
    ).toEqual({
      valor_bruto: 100.1,
      tipo_venda: 'avista',
      valor_entrada: 0,
      numero_parcelas: 1,
      valor_parcelas: 100.1,
      taxa_cartao: '0',
      valor_taxa: 0,
      valor_liquido: 100.1,
      comissao_vendedor: 5.01,
      comissao_arquiteto: 0,
    });
  });

  it('uses taxa_1x for a credit sale à vista', () => {
    // 200.00 × 2.5% = 5.00 (taxa_12x ignored: à vista)
    const venda = computeVenda({
      valor_bruto: 200,
      tipo_venda: 'avista',
      numero_parcelas: 12,
      cartao: { tipo: 'Crédito', taxa_1x: '2.5', taxa_12x: '12' },
      tem_vendedor: false,
      tem_arquiteto: false,
    });
    expect(venda.valor_taxa).toBe(5);
    expect(venda.taxa_cartao).toBe('0.025');
  });
});

describe('percentualComissao', () => {
  it('defaults to 10 only when the person exists without a percentage', () => {
    expect(percentualComissao(true, null).toString()).toBe('10');
    expect(percentualComissao(true, '').toString()).toBe('10');
    expect(percentualComissao(true, '0').toString()).toBe('0');
    expect(percentualComissao(true, '7.5').toString()).toBe('7.5');
    expect(percentualComissao(false, '7.5').toString()).toBe('0');
  });
});
