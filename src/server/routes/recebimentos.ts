import { Hono } from 'hono';
import { createStaticPix, hasError } from 'pix-utils';
import QRCode from 'qrcode';
import { paginate } from '../../db/queries/common';
import { pixDaEmpresa } from '../../db/queries/empresa';
import { orderSql } from '../../db/queries/keyset';
import {
  cartaoExiste,
  clienteNome,
  countParcelas,
  deleteRecebimento,
  getConfig,
  getParcela,
  insertRecebimento,
  kpisRecebimentos,
  listParcelas,
  lockParcela,
  type ParcelaRow,
  parcelaDoRecebimento,
  parcelasDoCliente,
  parcelasOrder,
  parcelasWhere,
  recebimentosDe,
  updateConfig,
} from '../../db/queries/recebimentos';
import { monthRange, todayIso } from '../../domain/datas';
import { dec, toDbMoney, toMoney } from '../../domain/money';
import { formatReais, mensagemCobranca, saldoParcela, statusParcela } from '../../domain/recebiveis';
import { uuid } from '../../schemas/common';
import {
  parcelasListQuery,
  recebimentoCreate,
  recebiveisConfigUpdate,
  STATUS_PARCELA_LABEL,
} from '../../schemas/recebimentos';
import { type AppEnv, currentUser, parseBody, parseId, parseQuery } from '../context';
import { route } from '../contract';
import { badRequest, conflict, HttpError, notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { exportContract, exportResponse } from '../export';

const access = ['financeiro'] as const;
const RECURSO = 'recebimentos';
const parcelaNaoEncontrada = () => notFound('Parcela não encontrada.');

/** An instalment as the API answers it: numbers, its status at `hoje` and what is still owed. */
function parcelaOut(row: ParcelaRow, hoje: string) {
  // numeric(14,2) strings → JSON numbers (the API's rule, as numbersOut does), typed as numbers.
  return {
    ...row,
    valor: Number(row.valor),
    valor_recebido: Number(row.valor_recebido),
    saldo: toMoney(saldoParcela(row)),
    status: statusParcela(row, hoje),
  };
}

const recebimentoOut = <T extends { valor: string }>(r: T): Omit<T, 'valor'> & { valor: number } => ({
  ...r,
  valor: Number(r.valor),
});

/** The Pix "copia e cola" for an amount, or null when the settings have no key (or a bad one). */
function pixCopiaECola(
  cfg: { pix_chave: string | null; pix_nome: string | null; pix_cidade: string | null },
  valor: number,
) {
  if (!cfg.pix_chave) return null;
  const pix = createStaticPix({
    merchantName: cfg.pix_nome || 'Recebedor',
    merchantCity: cfg.pix_cidade || 'Brasil',
    pixKey: cfg.pix_chave,
    // The amount is already exact cents from numeric(14,2); pix-utils only writes it with 2 decimals.
    transactionAmount: valor,
  });
  return hasError(pix) ? null : pix.toBRCode();
}

function configOut(cfg: Awaited<ReturnType<typeof getConfig>>) {
  return {
    // The settings are one record; the web's resource form reads it at /recebimentos/config.
    id: 'config' as const,
    pix_chave: cfg.pix_chave,
    pix_nome: cfg.pix_nome,
    pix_cidade: cfg.pix_cidade,
    comissao_por_recebimento: cfg.comissao_por_recebimento,
    updated_at: cfg.updated_at.toISOString(),
  };
}

/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  getKpis: route({
    summary: 'Cartões de Recebimentos (a receber no mês, recebido, em atraso, em aberto)',
    access,
  }),
  get: route({
    summary: 'Parcelas a receber por vencimento (status, período, cliente, vendedor)',
    access,
    query: parcelasListQuery,
  }),
  getExportar: route({ ...exportContract('parcelas a receber', parcelasListQuery), access }),
  getConfig: route({ summary: 'Configuração de Recebimentos (chave Pix, comissão por recebimento)', access }),
  patchConfig: route({
    summary: 'Altera a configuração de Recebimentos (envie o updated_at lido)',
    access,
    body: recebiveisConfigUpdate,
    errors: [409],
  }),
  getExtrato: route({
    summary: 'Extrato de um cliente: todas as parcelas e recebimentos',
    access,
    errors: [404],
  }),
  getParcela: route({ summary: 'Uma parcela com seus recebimentos', access, errors: [404] }),
  getCobranca: route({
    summary: 'Mensagem de cobrança por WhatsApp (com Pix copia e cola e QR code quando há chave)',
    access,
    errors: [404],
  }),
  post: route({
    summary: 'Registra um recebimento (parcial ou total) e a entrada no Caixa',
    access,
    body: recebimentoCreate,
    status: 201,
    errors: [404, 409],
  }),
  deleteId: route({
    summary: 'Desfaz um recebimento (remove também a entrada no Caixa)',
    access,
    status: 204,
    errors: [404],
  }),
};

export const recebimentosRoutes = new Hono<AppEnv>()
  .get('/kpis', doc.getKpis, async (c) => {
    const { db, config } = c.get('deps');
    const hoje = todayIso(config.tzNegocio);
    const r = await kpisRecebimentos(db, { hoje, inicio: monthRange(config.tzNegocio).inicio });
    return c.json({
      a_receber_mes: Number(r.a_receber_mes),
      recebido_mes: Number(r.recebido_mes),
      em_atraso: Number(r.em_atraso),
      em_atraso_parcelas: r.em_atraso_parcelas,
      total_aberto: Number(r.total_aberto),
    });
  })
  .get('/', doc.get, async (c) => {
    const q = parseQuery(c, parcelasListQuery);
    const { db, config } = c.get('deps');
    const hoje = todayIso(config.tzNegocio);
    const where = parcelasWhere(q, hoje);
    const page = await paginate(
      (limit, offset) => listParcelas(db, { where, order: orderSql(parcelasOrder), limit, offset }),
      () => countParcelas(db, where),
      q.page,
      q.limit,
    );
    return c.json({ ...page, items: page.items.map((r) => parcelaOut(r, hoje)) });
  })
  .get('/exportar', doc.getExportar, async (c) => {
    const q = parseQuery(c, parcelasListQuery);
    const hoje = todayIso(c.get('deps').config.tzNegocio);
    return exportResponse(c, {
      recurso: 'recebimentos',
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
      where: parcelasWhere(q, hoje),
      order: parcelasOrder,
      page: (db, p) => listParcelas(db, { ...p, offset: 0 }),
    });
  })
  .get('/config', doc.getConfig, async (c) => c.json(configOut(await getConfig(c.get('deps').db))))
  .patch('/config', doc.patchConfig, async (c) => {
    const { updated_at, ...values } = await parseBody(c, recebiveisConfigUpdate);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      if ((await updateConfig(tx, { values, updatedAt: updated_at })) === 'stale') throw staleWrite();
      await publish(tx, RECURSO, 'atualizado');
      // The commission reports read the setting.
      await publish(tx, 'vendas', 'atualizado');
    });
    return c.json(configOut(await getConfig(db)));
  })
  .get('/extrato/:id', doc.getExtrato, async (c) => {
    const id = parseId(c, uuid);
    const { db, config } = c.get('deps');
    const nome = await clienteNome(db, { id });
    if (nome === undefined) throw notFound('Cliente não encontrado.');
    const hoje = todayIso(config.tzNegocio);
    const rows = await parcelasDoCliente(db, { clienteId: id });
    const pagamentos = await recebimentosDe(db, { parcelaIds: rows.map((r) => r.id) });
    let valor = dec(0);
    let recebido = dec(0);
    for (const r of rows) {
      valor = valor.plus(dec(r.valor));
      recebido = recebido.plus(dec(r.valor_recebido));
    }
    const porParcela = new Map<string, typeof pagamentos>();
    for (const p of pagamentos) porParcela.set(p.parcela_id, [...(porParcela.get(p.parcela_id) ?? []), p]);
    return c.json({
      cliente: { id, nome },
      totais: { valor: toMoney(valor), recebido: toMoney(recebido), saldo: toMoney(valor.minus(recebido)) },
      parcelas: rows.map((r) => ({
        ...parcelaOut(r, hoje),
        recebimentos: (porParcela.get(r.id) ?? []).map((x) => recebimentoOut(x)),
      })),
    });
  })
  .get('/parcelas/:id', doc.getParcela, async (c) => {
    const id = parseId(c, uuid);
    const { db, config } = c.get('deps');
    const row = await getParcela(db, { id });
    if (!row) throw parcelaNaoEncontrada();
    const pagamentos = await recebimentosDe(db, { parcelaIds: [id] });
    return c.json({
      ...parcelaOut(row, todayIso(config.tzNegocio)),
      recebimentos: pagamentos.map(recebimentoOut),
    });
  })
  .get('/parcelas/:id/cobranca', doc.getCobranca, async (c) => {
    const id = parseId(c, uuid);
    const { db, config } = c.get('deps');
    const row = await getParcela(db, { id });
    if (!row) throw parcelaNaoEncontrada();
    const saldo = saldoParcela(row);
    // Recebimentos' own key, else the one on the Empresa screen
    const cfg = await getConfig(db);
    const chave = cfg.pix_chave ? cfg : await pixDaEmpresa(db);
    const pix = saldo.gt(0) ? pixCopiaECola(chave, toMoney(saldo)) : null;
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
    return c.json({
      mensagem,
      pix,
      qr_code: pix ? await QRCode.toDataURL(pix, { margin: 1, width: 240 }) : null,
      whatsapp_url: `https://wa.me/${fone}?text=${encodeURIComponent(mensagem)}`,
    });
  })
  .post('/', doc.post, async (c) => {
    const input = await parseBody(c, recebimentoCreate);
    const { db, config } = c.get('deps');
    const me = currentUser(c);
    const hoje = todayIso(config.tzNegocio);
    if (input.data > hoje) {
      throw badRequest('A data do recebimento não pode ser no futuro.', [
        { path: 'data', message: 'A data do recebimento não pode ser no futuro.' },
      ]);
    }
    const created = await db.transaction(async (tx) => {
      // The row lock queues concurrent payments on the instalment: the second one reads what the
      // first received, so the last R$ 100 paid twice at once gives one 201 and one 409.
      const p = await lockParcela(tx, { id: input.parcela_id });
      if (!p) throw parcelaNaoEncontrada();
      if (p.status_venda === 'cancelada') {
        throw conflict('Venda cancelada', 'Esta venda está cancelada: não recebe pagamentos.');
      }
      if (!(await cartaoExiste(tx, { id: input.cartao_id }))) {
        throw badRequest('Forma de pagamento não encontrada.', [
          { path: 'cartao_id', message: 'Forma de pagamento não encontrada.' },
        ]);
      }
      const saldo = saldoParcela(p);
      if (saldo.lte(0)) throw conflict('Parcela paga', 'Esta parcela já está paga.');
      if (dec(input.valor).gt(saldo)) {
        const msg = `O valor (${formatReais(input.valor)}) é maior que o saldo da parcela (${formatReais(saldo)}).`;
        throw new HttpError(409, 'Valor acima do saldo', msg, [{ path: 'valor', message: msg }]);
      }
      const qual = p.parcela === 0 ? 'entrada' : `parcela ${p.parcela}/${p.numero_parcelas}`;
      const r = await insertRecebimento(tx, {
        parcelaId: p.id,
        valor: input.valor,
        data: input.data,
        cartaoId: input.cartao_id,
        nome: `Recebimento venda nº ${p.venda_numero}, ${qual} — ${p.cliente_nome}`,
        createdBy: me.id,
      });
      await publish(tx, RECURSO, 'criado', r.id);
      await publish(tx, 'caixa', 'criado', r.movimentacao_id);
      // The commission reports follow what was received.
      await publish(tx, 'vendas', 'atualizado', p.venda_id);
      return r;
    });
    const row = await getParcela(db, { id: input.parcela_id });
    return c.json({ ...created, parcela: parcelaOut(row!, hoje) }, 201);
  })
  .delete('/:id', doc.deleteId, async (c) => {
    const id = parseId(c, uuid);
    const { db } = c.get('deps');
    const jaDesfeito = () => notFound('Este recebimento já foi desfeito ou não existe.');
    await db.transaction(async (tx) => {
      const parcelaId = await parcelaDoRecebimento(tx, { id });
      if (!parcelaId) throw jaDesfeito();
      // The instalment's lock first (the same order as a payment), then the delete says whether this
      // call is the one that removed it: a concurrent second undo finds nothing.
      const p = await lockParcela(tx, { id: parcelaId });
      const gone = await deleteRecebimento(tx, { id });
      if (!gone) throw jaDesfeito();
      await publish(tx, RECURSO, 'removido', id);
      await publish(tx, 'caixa', 'removido', gone.movimentacao_id);
      if (p) await publish(tx, 'vendas', 'atualizado', p.venda_id);
    });
    return c.body(null, 204);
  });
