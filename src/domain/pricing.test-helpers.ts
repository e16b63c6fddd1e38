import type { CardRates, QuoteInput } from './pricing';

/** Quotes and figures the pricing tests share (domain and API); every R$ is worked out by hand here. */

/** An empty quote: no items, no extras, 30 % margin, cash. */
export const base: QuoteInput = {
  itens: [],
  valor_frete: 0,
  valor_instalacao: 0,
  horas_trabalho: 0,
  margem_lucro: 30,
  tipo_venda: 'avista',
  numero_parcelas: 1,
  cartao: null,
  salarios_funcionarios: [],
  despesas_fixas_mes: 0,
  percentual_vendedor: null,
  percentual_arquiteto: null,
};

export const credito: CardRates = {
  tipo: 'Crédito',
  taxa: null,
  taxa_1x: '2.99',
  taxa_2x: '3.8',
  taxa_3x: '4.5',
};

// Two m² items of different sizes, one unitário item, two employees, seller 5%, architect 10%,
// credit 3x at taxa_3x 4.5%.
export const full: QuoteInput = {
  ...base,
  itens: [
    {
      produto_id: 1,
      quantidade: 2,
      medida1: '2.50',
      medida2: '0.60',
      valor_unitario: '450.00',
      tipo_unidade: 'm²',
    },
    {
      produto_id: 2,
      quantidade: 1,
      medida1: '1.85',
      medida2: '0.55',
      valor_unitario: '389.90',
      tipo_unidade: 'm²',
    },
    { produto_id: 3, quantidade: 2, valor_unitario: '185.00', tipo_unidade: 'unitário' },
  ],
  valor_frete: '150.00',
  valor_instalacao: '300.00',
  horas_trabalho: 12,
  tipo_venda: 'parcelado',
  numero_parcelas: 3,
  cartao: credito,
  salarios_funcionarios: ['2200.00', '3300.00'],
  // "Aluguel galpão" 3300.00 + "Conta de Luz" 452.37 + "ÁGUA" 110.00; "Material de escritório" 500.00 does not count
  despesas_fixas_mes: '3862.37',
  percentual_vendedor: '5',
  percentual_arquiteto: '10',
};

/**
 * The figures of `full` (the API's quote with the same master data answers them too):
 * Items: 2.50 × 0.60 = 1.5 m² × 450.00 × 2 = 1350.00
 *        1.85 × 0.55 = 1.0175 m² × 389.90 × 1 = 389.90 + 6.82325 = 396.72325 → 396.72
 *        unitário 2 × 185.00 = 370.00
 * materiais 1350.00 + 396.72 + 370.00 = 2116.72
 * employees (2200 + 3300) / 220 = 25.00; expenses 3300.00 + 452.37 + 110.00 = 3862.37 / 220
 *   = 17.5562… → 17.56 (the office material does not count); hourly 42.56
 * labour 42.56 × 12 = 510.72; subtotal 2116.72 + 150.00 + 300.00 + 510.72 = 3077.44
 * margin 30%: 923.232 → 923.23; with margin 4000.67
 * card 3x 4.5%: 4000.67 × 0.045 = 180.03015 → 180.03; base 4000.67 − 180.03 = 3820.64
 * seller 5%: 191.032 → 191.03; architect 10%: 382.064 → 382.06
 * total 4000.67 + 191.03 + 382.06 + 180.03 = 4753.79
 */
export const FULL_FIGURES = {
  materiais: 2116.72,
  custo_hora_funcionarios: 25,
  custo_hora_despesas: 17.56,
  custo_hora: 42.56,
  mao_de_obra: 510.72,
  subtotal: 3077.44,
  margem: 923.23,
  subtotal_com_margem: 4000.67,
  taxa_cartao_percentual: 4.5,
  valor_taxa_cartao: 180.03,
  comissao_vendedor: 191.03,
  comissao_arquiteto: 382.06,
  total: 4753.79,
};
