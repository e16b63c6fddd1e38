import Big from 'big.js';
import { cents, type Decimalish, dec, sum, ZERO } from './money';

/**
 * The NF-e built from a sale (issue 30 §2), pure: what Lavra would send, in its own words; the
 * provider adapter maps it to the provider's fields. Totals equal the sale's to the cent: the goods'
 * value (the sale's total less freight and the installation, which is a service for the NFS-e) is
 * spread over the lines in proportion to what each line cost in the quote, and freight and discount
 * are spread the same way, each by the largest remainder so the cents always add up.
 */

export type UnidadeComercial = 'M2' | 'UN' | 'ML';

export interface LinhaVenda {
  codigo: string;
  descricao: string;
  unidade: UnidadeComercial;
  /** Area in m² for M2, pieces for UN, metres for ML. */
  quantidade: Decimalish;
  /** The line's value in the quote (weights the share of the sale's goods value). */
  valor_linha: Decimalish;
  ncm: string | null;
  cfop: number | null;
  origem: string | null;
  csosn: string | null;
  cst: string | null;
}

export interface VendaParaNota {
  valor_total: Decimalish;
  valor_frete: Decimalish;
  valor_instalacao: Decimalish;
  valor_desconto?: Decimalish;
  linhas: LinhaVenda[];
}

export interface ItemNota {
  numero: number;
  codigo: string;
  descricao: string;
  unidade: UnidadeComercial;
  quantidade: string;
  valor_unitario: string;
  valor_total: string;
  valor_frete: string;
  valor_desconto: string;
  ncm: string | null;
  cfop: number | null;
  origem: string | null;
  csosn: string | null;
  cst: string | null;
}

export interface TotaisNota {
  produtos: string;
  frete: string;
  desconto: string;
  nota: string;
}

export interface NotaDaVenda {
  itens: ItemNota[];
  totais: TotaisNota;
}

/** Decimals NF-e allows: qCom up to 4, vUnCom up to 10. */
export const QTD_DECIMAIS = 4;
export const UNITARIO_DECIMAIS = 10;

/**
 * `total` in cents split over `pesos` in proportion, exactly: each share floored to the cent, the
 * cents left over go one each to the largest remainders (ties to the earlier line), so the parts
 * always sum to `total` and the same input always gives the same split.
 */
export function ratear(total: Decimalish, pesos: Decimalish[]): Big[] {
  const t = cents(total);
  if (pesos.length === 0) return [];
  const w = pesos.map((p) => dec(p));
  const soma = sum(w);
  // No weights (all lines worth zero): equal shares.
  const base = soma.eq(0) ? w.map(() => new Big(1)) : w;
  const somaBase = soma.eq(0) ? new Big(base.length) : soma;
  const exatos = base.map((p) => t.times(p).div(somaBase));
  const partes = exatos.map((e) => e.round(2, Big.roundDown));
  let sobra = t.minus(sum(partes)).times(100).round(0).toNumber();
  const ordem = exatos
    .map((e, i) => ({ i, resto: e.minus(partes[i]!) }))
    .sort((a, b) => b.resto.cmp(a.resto) || a.i - b.i);
  for (const { i } of ordem) {
    if (sobra <= 0) break;
    partes[i] = partes[i]!.plus('0.01');
    sobra -= 1;
  }
  return partes;
}

export function montarNota(v: VendaParaNota): NotaDaVenda {
  const frete = cents(v.valor_frete);
  const desconto = cents(v.valor_desconto ?? 0);
  const nota = cents(v.valor_total).minus(cents(v.valor_instalacao));
  // Goods before discount: what the invoice total is made of, less freight, plus the discount.
  const produtos = nota.minus(frete).plus(desconto);
  const pesos = v.linhas.map((l) => l.valor_linha);
  const totais = ratear(produtos, pesos);
  const fretes = ratear(frete, pesos);
  const descontos = ratear(desconto, pesos);
  const itens = v.linhas.map((l, i): ItemNota => {
    const qtd = dec(l.quantidade).round(QTD_DECIMAIS, Big.roundHalfUp);
    const total = totais[i]!;
    const unitario = qtd.eq(0) ? ZERO : total.div(qtd).round(UNITARIO_DECIMAIS, Big.roundHalfUp);
    return {
      numero: i + 1,
      codigo: l.codigo,
      descricao: l.descricao,
      unidade: l.unidade,
      quantidade: qtd.toFixed(QTD_DECIMAIS),
      valor_unitario: unitario.toFixed(UNITARIO_DECIMAIS),
      valor_total: total.toFixed(2),
      valor_frete: fretes[i]!.toFixed(2),
      valor_desconto: descontos[i]!.toFixed(2),
      ncm: l.ncm,
      cfop: l.cfop,
      origem: l.origem,
      csosn: l.csosn,
      cst: l.cst,
    };
  });
  return {
    itens,
    totais: {
      produtos: produtos.toFixed(2),
      frete: frete.toFixed(2),
      desconto: desconto.toFixed(2),
      nota: nota.toFixed(2),
    },
  };
}

/** CFOP by where the buyer is: inside the issuer's state 5102, outside 6102 (resale of goods bought). */
export function cfopPadrao(ufEmitente: string | null, ufDestinatario: string | null): number {
  return ufEmitente && ufDestinatario && ufEmitente !== ufDestinatario ? 6102 : 5102;
}

/** NF-e cancellation window: 24 h from authorisation (Ajuste SINIEF 07/05, cláusula 12ª; NT 2011.004). */
export const JANELA_CANCELAMENTO_MS = 24 * 60 * 60 * 1000;

export function podeCancelar(autorizadaEm: Date, agora: Date): boolean {
  return agora.getTime() - autorizadaEm.getTime() <= JANELA_CANCELAMENTO_MS;
}
