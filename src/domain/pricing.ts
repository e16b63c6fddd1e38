import Big from 'big.js';
import { cents, type Decimalish, dec, percentOf, sum, toMoney, ZERO } from './money';
import { normalize } from './texto';

/** A numeric column may be NULL or an empty form field; both mean "not given". */
export type MaybeDecimal = Decimalish | null | undefined;
export type TipoUnidade = 'm²' | 'unitário';
export type TipoVenda = 'avista' | 'parcelado' | 'entrada';

import { HORAS_MENSAIS_PADRAO } from './custo-hora';
export const MARGEM_PADRAO = 30;

export interface ItemInput {
  produto_id: string | number;
  item_venda_id?: string | number | null;
  quantidade: Decimalish;
  medida1?: MaybeDecimal;
  medida2?: MaybeDecimal;
  /** The product's valor_m2, copied into the item. */
  valor_unitario: Decimalish;
  tipo_unidade: TipoUnidade;
  /** m² items only: the finished sides, each at most once (see validarPeca). */
  bordas?: BordaInput[] | null;
  /** m² items only: cutouts, quantity per piece. */
  recortes?: RecorteInput[] | null;
  /** m² items only: stone lost in cutting, 0–100; absent means 0 (the caller resolves the product's default). */
  perda_percentual?: MaybeDecimal;
}

export type Lado = 'frente' | 'fundo' | 'esquerda' | 'direita';
export const LADOS: readonly Lado[] = ['frente', 'fundo', 'esquerda', 'direita'];

export interface BordaInput {
  lado: Lado;
  /** The finish's price per linear metre, resolved by the caller from the catalogue (or the saved quote). */
  valor_ml: Decimalish;
}

export interface RecorteInput {
  /** Price of one cutout, resolved by the caller. */
  valor: Decimalish;
  /** Cutouts per piece (integer ≥ 1, see validarPeca). */
  quantidade: Decimalish;
}

type Parcela = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;
export type CardRates = { tipo: 'Débito' | 'Crédito'; taxa?: MaybeDecimal } & {
  [K in `taxa_${Parcela}x`]?: MaybeDecimal;
};

export interface QuoteInput {
  itens: ItemInput[];
  valor_frete?: MaybeDecimal;
  valor_instalacao?: MaybeDecimal;
  horas_trabalho?: MaybeDecimal;
  margem_lucro?: MaybeDecimal;
  tipo_venda: TipoVenda;
  numero_parcelas?: number | null;
  cartao: CardRates | null;
  /** Salaries of the selected active employees. */
  salarios_funcionarios: Decimalish[];
  /**
   * Σ of the current month's expenses (business time zone) that `isDespesaFixa` counts: rent,
   * electricity, water. The database keeps this sum per month (despesas_mensal.valor_fixas).
   */
  despesas_fixas_mes: Decimalish;
  /** null = no seller chosen. */
  percentual_vendedor: MaybeDecimal;
  percentual_arquiteto: MaybeDecimal;
}

export interface ItemResult {
  area: number;
  valor_total: number;
}

/** ItemResult with the breakdown of issue 14 (stone with loss, edges, cutouts). */
export interface ItemDetalhado extends ItemResult {
  valor_material: number;
  /** Metres of finished edge per piece, 4 decimals. */
  metros_borda: number;
  valor_bordas: number;
  valor_recortes: number;
}

export interface Resumo {
  materiais: number;
  custo_hora_funcionarios: number;
  custo_hora_despesas: number;
  custo_hora: number;
  mao_de_obra: number;
  subtotal: number;
  margem: number;
  subtotal_com_margem: number;
  taxa_cartao_percentual: number;
  valor_taxa_cartao: number;
  comissao_vendedor: number;
  comissao_arquiteto: number;
  total: number;
  itens: ItemResult[];
}

/**
 * Resumo plus the split of `materiais` (which stays Σ item valor_total): pedra = Σ valor_material
 * (unitário items' totals included, so pedra + bordas + recortes = materiais), bordas, recortes.
 */
export interface ResumoDetalhado extends Omit<Resumo, 'itens'> {
  pedra: number;
  bordas: number;
  recortes: number;
  itens: ItemDetalhado[];
}

function isMissing(v: MaybeDecimal): v is null | undefined | '' {
  return v === null || v === undefined || v === '';
}

export function margemOrDefault(margem: MaybeDecimal): Big {
  return isMissing(margem) ? dec(MARGEM_PADRAO) : dec(margem);
}

// Measures come in steps of 0.01, so 4 decimals keep the area exact; rounding there means the stored
// area reproduces the stored total.
function measure(v: MaybeDecimal): Big {
  return dec(v).round(4, Big.roundHalfUp);
}

/** Length of one side of a piece: frente/fundo run along medida1, esquerda/direita along medida2. */
export function comprimentoLado(lado: Lado, medida1: MaybeDecimal, medida2: MaybeDecimal): Big {
  return lado === 'frente' || lado === 'fundo' ? measure(medida1) : measure(medida2);
}

interface Figures {
  area: Big;
  material: Big;
  metrosBorda: Big;
  bordas: Big;
  recortes: Big;
  total: Big;
}

// Each named figure is rounded to cents once and the total is the sum of the rounded figures, so the
// lines a customer sees add up. Without bordas/recortes/perda this is exactly the seed's
// cents(area × unit × qty): × (1 + 0/100) is × 1 in decimals, and the other two figures are 0.
// Unitário items ignore the new fields (validarPeca rejects them before they get here).
function itemFigures(item: ItemInput): Figures {
  const area = dec(item.medida1).times(dec(item.medida2)).round(4, Big.roundHalfUp);
  const qty = dec(item.quantidade);
  const unit = dec(item.valor_unitario);
  if (item.tipo_unidade !== 'm²') {
    const total = cents(qty.times(unit));
    return { area, material: total, metrosBorda: ZERO, bordas: ZERO, recortes: ZERO, total };
  }
  const perda = dec(item.perda_percentual).div(100).plus(1);
  const material = cents(area.times(unit).times(qty).times(perda));
  const bordasIn = item.bordas ?? [];
  const lengths = bordasIn.map((b) => comprimentoLado(b.lado, item.medida1, item.medida2));
  const metrosBorda = sum(lengths).round(4, Big.roundHalfUp);
  const bordas = cents(sum(bordasIn.map((b, i) => (lengths[i] ?? ZERO).times(dec(b.valor_ml)))).times(qty));
  const recortes = cents(
    sum((item.recortes ?? []).map((r) => dec(r.quantidade).times(dec(r.valor)))).times(qty),
  );
  return { area, material, metrosBorda, bordas, recortes, total: material.plus(bordas).plus(recortes) };
}

function detalhe(f: Figures): ItemDetalhado {
  return {
    area: Number(f.area.toString()),
    valor_total: toMoney(f.total),
    valor_material: toMoney(f.material),
    metros_borda: Number(f.metrosBorda.toString()),
    valor_bordas: toMoney(f.bordas),
    valor_recortes: toMoney(f.recortes),
  };
}

export function computeItem(item: ItemInput): ItemResult {
  const { area, total } = itemFigures(item);
  return { area: Number(area.toString()), valor_total: toMoney(total) };
}

/** computeItem with the breakdown (valor_material, metros_borda, valor_bordas, valor_recortes). */
export function computeItemDetalhado(item: ItemInput): ItemDetalhado {
  return detalhe(itemFigures(item));
}

function hourly(values: Decimalish[]): Big {
  return cents(sum(values).div(HORAS_MENSAIS_PADRAO));
}

/** One or more employees' hourly cost (salaries ÷ monthly hours), as the quote's labour uses it. */
export function custoHoraFuncionarios(salarios: Decimalish[]): number {
  return toMoney(hourly(salarios));
}

// Also in SQL: lavra_despesa_fixa (migration 0001_agregados), checked against this by agregados.test.ts.
const UTILITY_KEYWORDS = ['aluguel', 'luz', 'agua'];

/**
 * Plain substring match, as the spec words it: "Conta de Luz" and "ÁGUA" count, and so does a
 * description such as "Luzia (diarista)" — a false positive we accept rather than guess word rules.
 */
export function isDespesaFixa(descricao: string): boolean {
  const text = normalize(descricao);
  return UTILITY_KEYWORDS.some((k) => text.includes(k));
}

/**
 * The card rate in percent. Only null/undefined/'' count as a missing rate: an explicit 0 is a real
 * (fee-free) rate. Installment counts outside 1–12 have no column and fall back to taxa_1x.
 */
export function computeCardRate(
  cartao: CardRates | null | undefined,
  tipo_venda: TipoVenda | null | undefined,
  numero_parcelas: number | null | undefined,
): Big {
  if (!cartao) return ZERO;
  if (cartao.tipo === 'Débito') return dec(cartao.taxa);
  const n = tipo_venda === 'parcelado' || tipo_venda === 'entrada' ? (numero_parcelas ?? 1) : 1;
  const byInstallments = Number.isInteger(n) && n >= 1 && n <= 12 ? cartao[`taxa_${n as Parcela}x`] : null;
  const rate = [byInstallments, cartao.taxa_1x, cartao.taxa].find((r) => !isMissing(r));
  return dec(rate);
}

// Every named figure is rounded to cents and the next one is built from the rounded value, so the
// summary a customer sees adds up to the cent.
function resumoFigures(input: QuoteInput): { resumo: Omit<Resumo, 'itens'>; itens: Figures[] } {
  const itens = input.itens.map(itemFigures);
  const materiais = sum(itens.map((i) => i.total));
  const chFuncionarios = hourly(input.salarios_funcionarios);
  const chDespesas = hourly([input.despesas_fixas_mes]);
  const custoHora = chFuncionarios.plus(chDespesas);
  const maoDeObra = cents(custoHora.times(dec(input.horas_trabalho)));
  const subtotal = materiais
    .plus(cents(dec(input.valor_frete)))
    .plus(cents(dec(input.valor_instalacao)))
    .plus(maoDeObra);
  const margem = cents(percentOf(subtotal, margemOrDefault(input.margem_lucro)));
  const comMargem = subtotal.plus(margem);
  const rate = computeCardRate(input.cartao, input.tipo_venda, input.numero_parcelas);
  const taxa = cents(percentOf(comMargem, rate));
  const base = comMargem.minus(taxa);
  const vendedor = cents(percentOf(base, dec(input.percentual_vendedor)));
  const arquiteto = cents(percentOf(base, dec(input.percentual_arquiteto)));
  const total = comMargem.plus(vendedor).plus(arquiteto).plus(taxa);
  const resumo = {
    materiais: toMoney(materiais),
    custo_hora_funcionarios: toMoney(chFuncionarios),
    custo_hora_despesas: toMoney(chDespesas),
    custo_hora: toMoney(custoHora),
    mao_de_obra: toMoney(maoDeObra),
    subtotal: toMoney(subtotal),
    margem: toMoney(margem),
    subtotal_com_margem: toMoney(comMargem),
    taxa_cartao_percentual: Number(rate.toString()),
    valor_taxa_cartao: toMoney(taxa),
    comissao_vendedor: toMoney(vendedor),
    comissao_arquiteto: toMoney(arquiteto),
    total: toMoney(total),
  };
  return { resumo, itens };
}

/** The seed's summary (shape unchanged); `materiais` already includes edges and cutouts when given. */
export function computeResumo(input: QuoteInput): Resumo {
  const { resumo, itens } = resumoFigures(input);
  return {
    ...resumo,
    itens: itens.map((i) => ({ area: Number(i.area.toString()), valor_total: toMoney(i.total) })),
  };
}

/** computeResumo plus pedra/bordas/recortes and each item's breakdown (issue 14). */
export function computeResumoDetalhado(input: QuoteInput): ResumoDetalhado {
  const { resumo, itens } = resumoFigures(input);
  return {
    ...resumo,
    pedra: toMoney(sum(itens.map((i) => i.material))),
    bordas: toMoney(sum(itens.map((i) => i.bordas))),
    recortes: toMoney(sum(itens.map((i) => i.recortes))),
    itens: itens.map(detalhe),
  };
}

/** One bad-input finding: `path` for zod's ctx.addIssue, `campo` as problem+json names it. */
export interface PecaIssue {
  path: (string | number)[];
  campo: string;
  message: string;
}

/** The raw item as the API receives it (ids or resolved prices, whichever; only the checked keys matter). */
export interface PecaValidacaoInput {
  tipo_unidade: TipoUnidade | string;
  bordas?: readonly { lado?: unknown }[] | null;
  recortes?: readonly { quantidade?: unknown }[] | null;
  perda_percentual?: unknown;
}

function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return null;
}

/**
 * The pure bad-input rules of issue 14 for one item at `itens.<index>`; the catalogue checks
 * (unknown or inactive finish/cutout) need the database and stay in the route. Empty lists and
 * null/absent fields are "not given" and pass on any item.
 */
export function validarPeca(item: PecaValidacaoInput, index: number): PecaIssue[] {
  const issues: PecaIssue[] = [];
  const add = (path: (string | number)[], message: string) =>
    issues.push({ path: ['itens', index, ...path], campo: ['itens', index, ...path].join('.'), message });
  const unitario = item.tipo_unidade !== 'm²';
  const perdaGiven =
    item.perda_percentual !== null && item.perda_percentual !== undefined && item.perda_percentual !== '';

  if (unitario) {
    if (item.bordas?.length)
      add(['bordas'], 'Itens unitários não aceitam bordas: bordas são só para itens em m².');
    if (item.recortes?.length)
      add(['recortes'], 'Itens unitários não aceitam recortes: recortes são só para itens em m².');
    if (perdaGiven)
      add(['perda_percentual'], 'Itens unitários não aceitam perda: a perda é só para itens em m².');
    return issues;
  }

  const seen = new Set<string>();
  (item.bordas ?? []).forEach((b, i) => {
    const lado = b?.lado;
    if (typeof lado !== 'string' || !(LADOS as readonly string[]).includes(lado)) {
      add(['bordas', i, 'lado'], 'Lado inválido: use frente, fundo, esquerda ou direita.');
    } else if (seen.has(lado)) {
      add(
        ['bordas', i, 'lado'],
        `O lado ${lado} aparece mais de uma vez: cada lado tem no máximo um acabamento.`,
      );
    } else {
      seen.add(lado);
    }
  });

  (item.recortes ?? []).forEach((r, i) => {
    const q = asNumber(r?.quantidade);
    if (q === null || !Number.isInteger(q) || q < 1) {
      add(
        ['recortes', i, 'quantidade'],
        'A quantidade do recorte deve ser um número inteiro maior ou igual a 1.',
      );
    }
  });

  if (perdaGiven) {
    const p = asNumber(item.perda_percentual);
    if (p === null || p < 0 || p > 100) add(['perda_percentual'], 'A perda deve estar entre 0 e 100%.');
  }
  return issues;
}

/** validarPeca over every item of a quote. */
export function validarPecas(itens: readonly PecaValidacaoInput[]): PecaIssue[] {
  return itens.flatMap((item, i) => validarPeca(item, i));
}

export interface CustomerLineInput {
  valor_total: Decimalish;
  area: MaybeDecimal;
  quantidade: Decimalish;
  tipo_unidade: TipoUnidade;
  /** Shown as is for unitário items; when absent, valor_total / quantidade. */
  valor_unitario?: MaybeDecimal;
}

export interface CustomerLine {
  valor_unitario_exibido: number;
  valor_total_exibido: number;
}

export interface CustomerLines {
  itens: CustomerLine[];
  /** Non-zero only when no m² item has a positive area × quantity to carry the extras. */
  custos_adicionais: number;
}

function perUnit(total: Big, quantidade: Big): Big {
  return quantidade.gt(0) ? cents(total.div(quantidade)) : total;
}

/**
 * Spreads the extras (total − Σ item totals) over the m² items in proportion to area × quantity.
 * The last weighted line takes the rounding remainder, so the lines add up to the total exactly;
 * the line total is authoritative (unit × quantity may be a cent off it).
 */
export function customerLines(itens: CustomerLineInput[], total: Decimalish): CustomerLines {
  const totals = itens.map((i) => cents(dec(i.valor_total)));
  const extra = cents(dec(total)).minus(sum(totals));
  const weights = itens.map((i) => (i.tipo_unidade === 'm²' ? dec(i.area).times(dec(i.quantidade)) : ZERO));
  const weightSum = sum(weights.filter((w) => w.gt(0)));
  const lastWeighted = weights.findLastIndex((w) => w.gt(0));
  let spread = ZERO;
  const lines = itens.map((item, idx) => {
    const qty = dec(item.quantidade);
    const weight = weights[idx] ?? ZERO;
    if (item.tipo_unidade !== 'm²' || !weight.gt(0)) {
      const unit = isMissing(item.valor_unitario)
        ? perUnit(totals[idx] ?? ZERO, qty)
        : dec(item.valor_unitario);
      return { valor_unitario_exibido: toMoney(unit), valor_total_exibido: toMoney(totals[idx] ?? ZERO) };
    }
    const share = idx === lastWeighted ? extra.minus(spread) : cents(extra.times(weight).div(weightSum));
    spread = spread.plus(share);
    const lineTotal = (totals[idx] ?? ZERO).plus(share);
    return {
      valor_unitario_exibido: toMoney(perUnit(lineTotal, qty)),
      valor_total_exibido: toMoney(lineTotal),
    };
  });
  return { itens: lines, custos_adicionais: lastWeighted < 0 ? toMoney(extra) : 0 };
}

/** Margin back-computed from a total (spec doc 1 §2), for the details view. */
export function displayMargem(total: Decimalish, margem: MaybeDecimal): number {
  const m = margemOrDefault(margem);
  return toMoney(dec(total).div(m.div(100).plus(1)).times(m).div(100));
}

/** Architect commission back-computed from a total (spec doc 1 §2), for the details view. */
export function displayComissaoArquiteto(total: Decimalish, margem: MaybeDecimal, pct: MaybeDecimal): number {
  const p = dec(pct);
  const divisor = margemOrDefault(margem).plus(p).div(100).plus(1);
  return toMoney(dec(total).div(divisor).times(p).div(100));
}
