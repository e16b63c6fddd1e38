import Big from 'big.js';
import { addMonthsClamped, parseIsoDate } from './datas';
import { cents, type Decimalish, dec, toDbMoney, toMoney } from './money';
import type { TipoVenda } from './pricing';

/**
 * Contas a receber (issue 16): a sale's instalments, their status, the commission released by what
 * the customer paid, and the rule for editing a sale that already has instalments. Pure functions;
 * the routes and the migration own the I/O.
 *
 * Numbering (api.md): parcela 0 is only ever the down payment of an `entrada` sale; instalments are
 * 1…n. An `avista` sale's single payment is parcela 1 (1 de 1), not 0: it is not a down payment,
 * and a screen can then label parcela 0 "Entrada" without looking at the sale's type. So the number
 * says the place in the schedule, not the due date: avista's parcela 1 is due on the sale date, a
 * parcelado's parcela 1 one month later.
 */

/** Same bounds as the sale's `numero_parcelas` (schemas/vendas.ts and the vendas_parcelas_ck check). */
export const PARCELAS_MIN = 1;
export const PARCELAS_MAX = 12;

export interface PagamentoVenda {
  tipo_venda: TipoVenda;
  valor_bruto: Decimalish;
  /** Only read for `entrada`; the sale route stores '0' for the other types anyway. */
  valor_entrada?: Decimalish | null;
  /** Ignored for `avista` (one payment whatever the column holds). */
  numero_parcelas?: number | null;
  /** 'YYYY-MM-DD' */
  data_venda: string;
}

export interface ParcelaGerada {
  parcela: number;
  /** Cents, as the numeric(14,2) column takes it ('333.33'); exact, never a float. */
  valor: string;
  data_vencimento: string;
}

const UM_CENTAVO = new Big('0.01');

/** R$ 1.234,56 — exact from big.js, for the pt-BR messages this module returns. */
export function formatReais(v: Decimalish): string {
  const c = cents(v);
  const [int = '0', frac = '00'] = c.abs().toFixed(2).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${c.lt(0) ? '-' : ''}R$ ${grouped},${frac}`;
}

/** dd/mm/aaaa from 'YYYY-MM-DD'. */
export function formatData(iso: string): string {
  const [a, m, d] = iso.split('-');
  return `${d}/${m}/${a}`;
}

function money(v: Decimalish | null | undefined, campo: string): Big {
  try {
    return dec(v);
  } catch {
    throw new RangeError(`${campo} inválido.`);
  }
}

type Plano = { parcelas: ParcelaGerada[] } | { problema: string };

function planejar(input: PagamentoVenda): Plano {
  try {
    parseIsoDate(input.data_venda);
  } catch {
    return { problema: 'Data da venda inválida.' };
  }
  let bruto: Big;
  let entrada: Big;
  try {
    bruto = money(input.valor_bruto, 'Valor bruto');
    entrada = input.tipo_venda === 'entrada' ? money(input.valor_entrada, 'Valor da entrada') : new Big(0);
  } catch (e) {
    return { problema: (e as Error).message };
  }
  // The columns are numeric(14,2): a figure with fractions of a cent did not come from the database
  // or the API (moneyInput rounds), so it is refused rather than silently rounded into a schedule
  // that would no longer add up to what the caller passed.
  if (!bruto.eq(cents(bruto))) return { problema: 'O valor bruto deve ter no máximo 2 casas decimais.' };
  if (!entrada.eq(cents(entrada)))
    return { problema: 'O valor da entrada deve ter no máximo 2 casas decimais.' };
  if (bruto.lt(0)) return { problema: 'O valor bruto não pode ser negativo.' };
  if (entrada.lt(0)) return { problema: 'O valor da entrada não pode ser negativo.' };
  if (entrada.gt(bruto)) return { problema: 'O valor da entrada não pode ser maior que o valor bruto.' };

  const venda = input.data_venda;
  if (input.tipo_venda === 'avista') {
    // A sale of R$ 0,00 leaves nothing to receive: no instalment of zero (it could never be paid,
    // since a payment of zero is refused, and it would sit in every list as "paga" for nothing).
    return { parcelas: bruto.gt(0) ? [{ parcela: 1, valor: toDbMoney(bruto), data_vencimento: venda }] : [] };
  }
  if (input.tipo_venda !== 'parcelado' && input.tipo_venda !== 'entrada') {
    return { problema: 'Tipo de venda inválido.' };
  }

  const n = input.numero_parcelas;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < PARCELAS_MIN || n > PARCELAS_MAX) {
    return { problema: `O número de parcelas deve estar entre ${PARCELAS_MIN} e ${PARCELAS_MAX}.` };
  }

  const parcelas: ParcelaGerada[] = [];
  // An `entrada` sale with R$ 0,00 of down payment is accepted by the sale routes; it is then simply
  // n instalments of the whole value (no parcela 0 of zero).
  if (entrada.gt(0)) parcelas.push({ parcela: 0, valor: toDbMoney(entrada), data_vencimento: venda });

  const resto = bruto.minus(entrada);
  // Down payment equal to the whole value (the routes allow entrada = bruto): the sale is settled by
  // parcela 0 alone; numero_parcelas stays on the sale but there is nothing left to split.
  if (resto.eq(0)) return { parcelas };

  const cada = cents(resto.div(n));
  const ultima = resto.minus(cada.times(n - 1));
  // With a remainder of a few cents the rule "each = remainder ÷ n half-up, the last takes the rest"
  // gives instalments of zero or a negative last one (R$ 0,18 in 12x → 11 × 0,02 = 0,22 > 0,18).
  // Refused rather than bent: every instalment is at least one cent. Always fine once the remainder
  // is at least n² cents: then each ≥ 0,01 and the last ≥ remainder/n − (n−1)·0,005 ≥ 0,005·(n+1)
  // ≥ 0,01. The property test holds the refusals to that bound.
  if (cada.lt(UM_CENTAVO) || ultima.lt(UM_CENTAVO)) {
    return {
      problema: `O valor a parcelar (${formatReais(resto)}) é pequeno demais para ${n} parcelas: cada parcela precisa ser de pelo menos R$ 0,01.`,
    };
  }
  for (let k = 1; k <= n; k++) {
    parcelas.push({
      parcela: k,
      valor: toDbMoney(k === n ? ultima : cada),
      // Always from the sale date, never from the previous instalment, so 31/01 gives 28/02 and then
      // 31/03 again instead of drifting to the 28th.
      data_vencimento: addMonthsClamped(venda, k),
    });
  }
  return { parcelas };
}

/**
 * Why these payment fields cannot make a schedule (pt-BR, for a 400/422), or null when they can.
 * The routes call it before writing; gerarParcelas throws the same message as a RangeError.
 */
export function problemaParcelamento(input: PagamentoVenda): string | null {
  const plano = planejar(input);
  return 'problema' in plano ? plano.problema : null;
}

/**
 * The instalments a sale creates (issue 16, item 1):
 * - avista → parcela 1 = valor_bruto, due on the sale date;
 * - entrada → parcela 0 = valor_entrada on the sale date, then parcelas 1…n of (bruto − entrada);
 * - parcelado → parcelas 1…n of valor_bruto.
 * Instalment k is due k months after the sale, same day of month or the month's last day. Each is
 * (amount ÷ n) rounded half-up to cents, the last takes what is left, so the total equals valor_bruto
 * exactly. No instalment of zero is ever produced (bruto 0 → []; entrada 0 → no parcela 0;
 * entrada = bruto → only parcela 0). Throws a RangeError with a pt-BR message for input that cannot
 * make a schedule (see problemaParcelamento).
 */
export function gerarParcelas(input: PagamentoVenda): ParcelaGerada[] {
  const plano = planejar(input);
  if ('problema' in plano) throw new RangeError(plano.problema);
  return plano.parcelas;
}

export type StatusParcela = 'aberta' | 'parcial' | 'paga' | 'atrasada';
export const STATUS_PARCELA = ['aberta', 'parcial', 'paga', 'atrasada'] as const;

export interface ParcelaSaldo {
  valor: Decimalish;
  valor_recebido?: Decimalish | null;
  data_vencimento: string;
}

/** What is still owed on an instalment, never below zero. */
export function saldoParcela(p: Pick<ParcelaSaldo, 'valor' | 'valor_recebido'>): Big {
  const saldo = dec(p.valor).minus(dec(p.valor_recebido));
  return saldo.lt(0) ? new Big(0) : saldo;
}

/**
 * paga: received ≥ value (overpayment is refused by the route; ≥ only so a bad row cannot read as
 * owed). atrasada: not fully paid and due before `hoje` — it wins over parcial, because a partly paid
 * instalment past its date is still late. Due today is not late. parcial: something received.
 * `hoje` is the business-time-zone day ('YYYY-MM-DD', todayIso(config.tzNegocio)), passed in so the
 * rule is the same in a test, a route and a report.
 */
export function statusParcela(p: ParcelaSaldo, hoje: string): StatusParcela {
  parseIsoDate(p.data_vencimento);
  parseIsoDate(hoje);
  const recebido = dec(p.valor_recebido);
  if (recebido.gte(dec(p.valor))) return 'paga';
  // Valid ISO dates compare correctly as strings.
  if (p.data_vencimento < hoje) return 'atrasada';
  return recebido.gt(0) ? 'parcial' : 'aberta';
}

export interface ComissaoLiberadaInput {
  comissao: Decimalish;
  valor_pago: Decimalish;
  valor_bruto: Decimalish;
}

/**
 * Commission payable when it is released as the customer pays (issue 16, item 4):
 * commission × paid ÷ gross, half-up to cents, clamped to [0, commission]. Proportional to the gross
 * value because that is what the customer pays; the commission itself was computed on the net.
 * A sale of R$ 0,00 has nothing to wait for: its (zero) commission is all released.
 */
export function comissaoLiberada({ comissao, valor_pago, valor_bruto }: ComissaoLiberadaInput): number {
  const total = dec(comissao);
  if (total.lte(0)) return 0;
  const bruto = dec(valor_bruto);
  if (bruto.lte(0)) return toMoney(total);
  const liberada = cents(total.times(dec(valor_pago)).div(bruto));
  if (liberada.lt(0)) return 0;
  return toMoney(liberada.gt(total) ? total : liberada);
}

export interface ParcelaExistente {
  id: string;
  parcela: number;
  valor: Decimalish;
  data_vencimento: string;
  valor_recebido?: Decimalish | null;
}

export interface ConflitoParcela {
  id: string;
  parcela: number;
  motivo: string;
}

export type Regeneracao =
  | {
      ok: true;
      /** Unchanged rows (received or not): nothing to write, their ids stay. */
      manter: string[];
      /** Rows with nothing received whose number survives with another value or due date. */
      atualizar: { id: string; parcela: number; valor: string; data_vencimento: string }[];
      /** Rows with nothing received whose number no longer exists. */
      remover: string[];
      /** Numbers that did not exist before. */
      inserir: ParcelaGerada[];
    }
  | { ok: false; motivo: string; conflitos: ConflitoParcela[] };

function nomeParcela(parcela: number): string {
  return parcela === 0 ? 'A entrada' : `A parcela ${parcela}`;
}

/**
 * Editing a sale's payment fields (valor_bruto, tipo, entrada, parcelas, data): `novas` is
 * gerarParcelas of the edited sale. Rows are matched by their number (parcela), which the table keeps
 * unique per sale.
 * - A row with nothing received (valor_recebido = 0; a payment is always > 0, so no payment points
 *   at it) is free: kept if identical, otherwise updated in place or removed.
 * - A row that has received money must come out identical (same value and due date). If it would
 *   change or disappear the edit is refused with a pt-BR reason for a 409: its payments were made
 *   against that value and date, moving them silently would change what the customer is said to owe
 *   and the released commission. Undoing the payments first is the way out, and the message says so.
 * On success the sale's instalments become exactly `novas`, so they still add up to the sale.
 * The route must read the rows with FOR UPDATE in the same transaction as the payments' writes, or a
 * payment arriving between this check and the write would be lost in a regeneration.
 */
export function regerarParcelas(existentes: ParcelaExistente[], novas: ParcelaGerada[]): Regeneracao {
  const porNumero = new Map<number, ParcelaGerada>();
  for (const n of novas) {
    if (porNumero.has(n.parcela)) throw new RangeError(`Parcela ${n.parcela} repetida no novo parcelamento.`);
    porNumero.set(n.parcela, n);
  }
  const vistos = new Set<number>();
  const manter: string[] = [];
  const atualizar: { id: string; parcela: number; valor: string; data_vencimento: string }[] = [];
  const remover: string[] = [];
  const conflitos: ConflitoParcela[] = [];

  for (const e of [...existentes].sort((a, b) => a.parcela - b.parcela)) {
    if (vistos.has(e.parcela)) throw new RangeError(`Parcela ${e.parcela} repetida nas parcelas da venda.`);
    vistos.add(e.parcela);
    const nova = porNumero.get(e.parcela);
    const recebido = dec(e.valor_recebido);
    const mesmoValor = nova !== undefined && dec(nova.valor).eq(dec(e.valor));
    const mesmaData = nova !== undefined && nova.data_vencimento === e.data_vencimento;

    if (mesmoValor && mesmaData) {
      manter.push(e.id);
    } else if (recebido.lte(0)) {
      if (nova) atualizar.push({ id: e.id, ...nova });
      else remover.push(e.id);
    } else {
      const ja = `${nomeParcela(e.parcela)} já tem ${formatReais(recebido)} recebidos`;
      let motivo: string;
      if (!nova) motivo = `${ja} e deixaria de existir.`;
      else if (!mesmaData && !mesmoValor)
        motivo = `${ja} e mudaria de ${formatReais(e.valor)} em ${formatData(e.data_vencimento)} para ${formatReais(nova.valor)} em ${formatData(nova.data_vencimento)}.`;
      else if (!mesmoValor)
        motivo = `${ja} e o valor mudaria de ${formatReais(e.valor)} para ${formatReais(nova.valor)}.`;
      else
        motivo = `${ja} e o vencimento mudaria de ${formatData(e.data_vencimento)} para ${formatData(nova.data_vencimento)}.`;
      conflitos.push({ id: e.id, parcela: e.parcela, motivo });
    }
  }

  const [primeiro] = conflitos;
  if (primeiro) {
    const outras = conflitos.length - 1;
    const mais =
      outras === 0 ? '' : ` Há mais ${outras === 1 ? '1 parcela' : `${outras} parcelas`} na mesma situação.`;
    return {
      ok: false,
      motivo: `${primeiro.motivo}${mais} Desfaça os recebimentos antes de alterar o pagamento da venda.`,
      conflitos,
    };
  }
  return { ok: true, manter, atualizar, remover, inserir: novas.filter((n) => !vistos.has(n.parcela)) };
}

export interface CobrancaInput {
  cliente: string;
  venda_numero: number;
  parcela: number;
  numero_parcelas: number;
  /** What is still owed on the instalment (the amount asked for). */
  saldo: Decimalish;
  data_vencimento: string;
  hoje: string;
  /** The Pix "copia e cola" for that amount, when the shop has a key. */
  pix?: string | null;
}

/**
 * The "Cobrar por WhatsApp" text (issue 16, item 3): amount, due date ("vence" or "venceu" by the
 * business day), and the Pix code to paste when there is one.
 */
export function mensagemCobranca(c: CobrancaInput): string {
  const qual = c.parcela === 0 ? 'a entrada' : `a parcela ${c.parcela}/${c.numero_parcelas}`;
  const vence = c.data_vencimento < c.hoje ? 'venceu em' : 'vence em';
  const linhas = [
    `Olá, ${c.cliente}! Tudo bem?`,
    `Lembramos que ${qual} da venda nº ${c.venda_numero}, no valor de ${formatReais(c.saldo)}, ${vence} ${formatData(c.data_vencimento)}.`,
  ];
  if (c.pix) linhas.push('', 'Para pagar por Pix, use o código "copia e cola" abaixo:', c.pix);
  linhas.push('', 'Obrigado!');
  return linhas.join('\n');
}
