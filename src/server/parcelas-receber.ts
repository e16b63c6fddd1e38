import QRCode from 'qrcode';
import { paginate } from '../db/queries/common';
import { pixDaEmpresa } from '../db/queries/empresa';
import { orderSql } from '../db/queries/keyset';
import {
  cartaoExiste,
  countParcelas,
  getParcela,
  insertRecebimento,
  listParcelas,
  lockParcela,
  type ParcelaRow,
  type ParcelasFiltro,
  parcelasOrder,
  parcelasWhere,
  recebimentosDe,
} from '../db/queries/recebimentos';
import { todayIso } from '../domain/datas';
import { dec, toDbMoney, toMoney } from '../domain/money';
import { pixCopiaECola } from '../domain/pix';
import { formatReais, mensagemCobranca, saldoParcela, statusParcela } from '../domain/recebiveis';
import { STATUS_PARCELA_LABEL } from '../schemas/recebimentos';
import type { AppContext, AppDeps } from './context';
import { badRequest, conflict, HttpError, notFound } from './errors';
import { publish } from './events';
import { exportResponse } from './export';

/**
 * Instalments and payments (api.md): instalments under `/api/recebiveis` (list, export, one, charge,
 * payment), payments undone under `/api/recebimentos`, whose statement reads the same instalment shape.
 */

const RECURSO = 'recebimentos';
export const parcelaNaoEncontrada = () => notFound('Parcela não encontrada.');

/** An instalment as the API answers it: numbers, its status at `hoje` and what is still owed. */
export function parcelaOut(row: ParcelaRow, hoje: string) {
  // numeric(14,2) strings → JSON numbers (the API's rule, as numbersOut does), typed as numbers.
  return {
    ...row,
    valor: Number(row.valor),
    valor_recebido: Number(row.valor_recebido),
    saldo: toMoney(saldoParcela(row)),
    status: statusParcela(row, hoje),
  };
}

export const recebimentoOut = <T extends { valor: string }>(r: T): Omit<T, 'valor'> & { valor: number } => ({
  ...r,
  valor: Number(r.valor),
});

/** One page of instalments by due date, `{ items, total, page, limit }`. */
export async function listarParcelas(
  deps: Pick<AppDeps, 'db' | 'config'>,
  p: { filtro: ParcelasFiltro; page: number; limit: number },
) {
  const hoje = todayIso(deps.config.tzNegocio);
  const where = parcelasWhere(p.filtro, hoje);
  const page = await paginate(
    (limit, offset) => listParcelas(deps.db, { where, order: orderSql(parcelasOrder), limit, offset }),
    () => countParcelas(deps.db, { where }),
    p.page,
    p.limit,
  );
  return { ...page, items: page.items.map((r) => parcelaOut(r, hoje)) };
}

/** Every instalment matching the list's filters, as CSV or Excel. */
export function exportarParcelas(c: AppContext, filtro: ParcelasFiltro) {
  const hoje = todayIso(c.get('deps').config.tzNegocio);
  return exportResponse(c, {
    recurso: RECURSO,
    titulo: 'parcelas a receber',
    columns: [
      { header: 'Vencimento', value: 'data_vencimento', type: 'date' },
      { header: 'Venda', value: 'venda_numero', type: 'integer' },
      {
        header: 'Parcela',
        value: (r) => (r.parcela === 0 ? 'Entrada' : `${r.parcela}/${r.numero_parcelas}`),
      },
      { header: 'Cliente', value: 'cliente_nome' },
      { header: 'Vendedor', value: 'vendedor_nome' },
      { header: 'Valor', value: 'valor', type: 'money' },
      { header: 'Recebido', value: 'valor_recebido', type: 'money' },
      {
        header: 'Saldo',
        value: (r) => toDbMoney(saldoParcela(r as unknown as ParcelaRow)),
        type: 'money',
      },
      {
        header: 'Status',
        value: (r) => STATUS_PARCELA_LABEL[statusParcela(r as unknown as ParcelaRow, hoje)],
      },
    ],
    where: parcelasWhere(filtro, hoje),
    order: parcelasOrder,
    page: (db, p) => listParcelas(db, { ...p, offset: 0 }),
  });
}

/** One instalment with its payments (oldest first); 404 in pt-BR when there is none. */
export async function parcelaComRecebimentos(deps: Pick<AppDeps, 'db' | 'config'>, id: string) {
  const row = await getParcela(deps.db, { id });
  if (!row) throw parcelaNaoEncontrada();
  const pagamentos = await recebimentosDe(deps.db, { parcelaIds: [id] });
  return {
    ...parcelaOut(row, todayIso(deps.config.tzNegocio)),
    recebimentos: pagamentos.map(recebimentoOut),
  };
}

/**
 * Records a payment on an instalment: the payment, its Caixa `entrada` and the instalment's received
 * value in one transaction. Refuses (and writes nothing) a date after today in the business time
 * zone (400), an unknown instalment (404), an unknown payment method (400), a cancelled sale (409), an
 * instalment already paid (409) and an amount above what is still owed (409). `cartaoId` null: the
 * method was not informed. Answers the payment and the instalment as it now stands.
 */
export async function registrarRecebimento(
  deps: Pick<AppDeps, 'db' | 'config'>,
  p: { parcelaId: string; valor: string; data: string; cartaoId: string | null; userId: string },
) {
  const { db } = deps;
  const hoje = todayIso(deps.config.tzNegocio);
  if (p.data > hoje) {
    throw badRequest('A data do recebimento não pode ser no futuro.', [
      { path: 'data', message: 'A data do recebimento não pode ser no futuro.' },
    ]);
  }
  const created = await db.transaction(async (tx) => {
    // The row lock queues concurrent payments on the instalment: the second one reads what the
    // first received, so the last R$ 100 paid twice at once gives one 201 and one 409.
    const parcela = await lockParcela(tx, { id: p.parcelaId });
    if (!parcela) throw parcelaNaoEncontrada();
    if (parcela.status_venda === 'cancelada') {
      throw conflict('Venda cancelada', 'Esta venda está cancelada: não recebe pagamentos.');
    }
    if (p.cartaoId !== null && !(await cartaoExiste(tx, { id: p.cartaoId }))) {
      throw badRequest('Forma de pagamento não encontrada.', [
        { path: 'cartao_id', message: 'Forma de pagamento não encontrada.' },
      ]);
    }
    const saldo = saldoParcela(parcela);
    if (saldo.lte(0)) throw conflict('Parcela paga', 'Esta parcela já está paga.');
    if (dec(p.valor).gt(saldo)) {
      const msg = `O valor (${formatReais(p.valor)}) é maior que o saldo da parcela (${formatReais(saldo)}).`;
      throw new HttpError(409, 'Valor acima do saldo', msg, [{ path: 'valor', message: msg }]);
    }
    const qual = parcela.parcela === 0 ? 'entrada' : `parcela ${parcela.parcela}/${parcela.numero_parcelas}`;
    const r = await insertRecebimento(tx, {
      parcelaId: parcela.id,
      valor: p.valor,
      data: p.data,
      cartaoId: p.cartaoId,
      nome: `Recebimento venda nº ${parcela.venda_numero}, ${qual} — ${parcela.cliente_nome}`,
      createdBy: p.userId,
    });
    await publish(tx, RECURSO, 'criado', r.id);
    await publish(tx, 'caixa', 'criado', r.movimentacao_id);
    // The commission reports follow what was received.
    await publish(tx, 'vendas', 'atualizado', parcela.venda_id);
    return r;
  });
  const row = await getParcela(db, { id: p.parcelaId });
  return { ...recebimentoOut(created), parcela: parcelaOut(row!, hoje) };
}

/** The WhatsApp collection message of one instalment (with Pix copia e cola and QR code when a key is set). */
export async function cobrancaDaParcela(deps: Pick<AppDeps, 'db' | 'config'>, id: string) {
  const { db, config } = deps;
  const row = await getParcela(db, { id });
  if (!row) throw parcelaNaoEncontrada();
  const saldo = saldoParcela(row);
  if (!saldo.gt(0)) throw conflict('Parcela paga', 'Esta parcela já está paga: não há o que cobrar.');
  // The Empresa screen's key, name and city
  const e = await pixDaEmpresa(db);
  const pix = pixCopiaECola({
    chave: e.pix_chave,
    nome: e.pix_nome,
    cidade: e.pix_cidade,
    valor: toMoney(saldo),
  });
  const mensagem = mensagemCobranca({
    cliente: row.cliente_nome ?? '',
    venda_numero: row.venda_numero ?? 0,
    parcela: row.parcela,
    numero_parcelas: row.numero_parcelas,
    saldo,
    data_vencimento: row.data_vencimento,
    hoje: todayIso(config.tzNegocio),
    pix,
  });
  // wa.me wants the number with the country code and digits only; without a phone the person
  // picks the contact in WhatsApp.
  const digits = (row.cliente_telefone ?? '').replace(/\D/g, '');
  const fone = digits.length >= 10 && digits.length <= 11 ? `55${digits}` : '';
  return {
    mensagem,
    pix,
    qr_code: pix ? await QRCode.toDataURL(pix, { margin: 1, width: 240 }) : null,
    whatsapp_url: `https://wa.me/${fone}?text=${encodeURIComponent(mensagem)}`,
  };
}
