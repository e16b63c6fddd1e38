import Big from 'big.js';
import { cents, type Decimalish, dec, percentOf, toMoney } from './money';
import { type CardRates, computeCardRate, type MaybeDecimal, type TipoVenda } from './pricing';

export const COMISSAO_PADRAO = 10;

export interface VendaInput {
  valor_bruto: Decimalish;
  tipo_venda?: TipoVenda | null;
  valor_entrada?: MaybeDecimal;
  numero_parcelas?: number | null;
  cartao: CardRates | null;
  percentual_vendedor?: MaybeDecimal;
  tem_vendedor: boolean;
  percentual_arquiteto?: MaybeDecimal;
  tem_arquiteto: boolean;
}

export interface VendaFigures {
  valor_bruto: number;
  tipo_venda: TipoVenda;
  valor_entrada: number;
  numero_parcelas: number;
  valor_parcelas: number;
  /** rate % / 100, as the numeric column takes it ('0.045'); '0' without a card. */
  taxa_cartao: string;
  valor_taxa: number;
  valor_liquido: number;
  comissao_vendedor: number;
  comissao_arquiteto: number;
}

/** A chosen person without a percentage earns the default 10%; no person, nothing. */
export function percentualComissao(existe: boolean, percentual: MaybeDecimal): Big {
  if (!existe) return new Big(0);
  if (percentual === null || percentual === undefined || percentual === '') return new Big(COMISSAO_PADRAO);
  return dec(percentual);
}

/**
 * The sale's figures, used both when a quote becomes a sale and when an edit changes the gross value,
 * card, type, entry or installments, so a sale never holds figures that contradict each other.
 */
export function computeVenda(input: VendaInput): VendaFigures {
  const tipo = input.tipo_venda ?? 'avista';
  const parcelas = input.numero_parcelas ?? 1;
  const bruto = cents(input.valor_bruto);
  const entrada = cents(dec(input.valor_entrada));
  const rate = computeCardRate(input.cartao, tipo, parcelas);
  // With a down payment, the card only carries what is left after it.
  const feeBase = tipo === 'entrada' ? bruto.minus(entrada) : bruto;
  const taxa = cents(percentOf(feeBase, rate));
  const liquido = bruto.minus(taxa);
  const vendedor = cents(
    percentOf(liquido, percentualComissao(input.tem_vendedor, input.percentual_vendedor)),
  );
  const arquiteto = cents(
    percentOf(liquido, percentualComissao(input.tem_arquiteto, input.percentual_arquiteto)),
  );
  return {
    valor_bruto: toMoney(bruto),
    tipo_venda: tipo,
    valor_entrada: toMoney(entrada),
    numero_parcelas: parcelas,
    valor_parcelas: toMoney(bruto.minus(entrada)),
    taxa_cartao: rate.div(100).round(6, Big.roundHalfUp).toString(),
    valor_taxa: toMoney(taxa),
    valor_liquido: toMoney(liquido),
    comissao_vendedor: toMoney(vendedor),
    comissao_arquiteto: toMoney(arquiteto),
  };
}

/** The card fee and commissions a quote's summary recorded (its `resumo`), as stored. */
export interface FigurasDoOrcamento {
  valor_taxa_cartao: Decimalish;
  comissao_vendedor: Decimalish;
  comissao_arquiteto: Decimalish;
}

/**
 * The sale recording the quote's own card fee and commissions (Empresa "Comissões da venda: como no
 * orçamento"). The seed's sale formula takes the commissions on a total that already contains them, so
 * its figures are larger than the quote's; with this setting the owner sees one set of figures. The net
 * value follows the fee (gross − fee); gross, entry and instalments are the sale's own.
 */
export function comoNoOrcamento(f: VendaFigures, orcamento: FigurasDoOrcamento): VendaFigures {
  const taxa = cents(dec(orcamento.valor_taxa_cartao));
  return {
    ...f,
    valor_taxa: toMoney(taxa),
    valor_liquido: toMoney(cents(f.valor_bruto).minus(taxa)),
    comissao_vendedor: toMoney(cents(dec(orcamento.comissao_vendedor))),
    comissao_arquiteto: toMoney(cents(dec(orcamento.comissao_arquiteto))),
  };
}
