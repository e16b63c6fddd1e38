import { Hono } from 'hono';
import type { ParcelasFiltro } from '../../db/queries/recebimentos';
import { uuid } from '../../schemas/common';
import {
  cobrancaSchema,
  parcelaComRecebimentosSchema,
  parcelasPageSchema,
  recebimentoRegistradoSchema,
  recebiveisListFields,
  recebiveisListQuery,
  recebivelPagamento,
} from '../../schemas/recebimentos';
import type { z } from '../../schemas/z';
import { type AppEnv, currentUser, parseBody, parseId, parseQuery } from '../context';
import { route } from '../contract';
import { exportContract } from '../export';
import {
  cobrancaDaParcela,
  exportarParcelas,
  listarParcelas,
  parcelaComRecebimentos,
  registrarRecebimento,
} from '../parcelas-receber';

/**
 * The HTTP contract's receivables paths (shared/api.md): `/api/recebiveis` lists and reads
 * instalments, `POST /api/recebiveis/:id/recebimentos` records a payment; undoing one is
 * `DELETE /api/recebimentos/:id` (routes/recebimentos.ts). The same queries and the same payment
 * transaction as the Recebimentos screen's paths (server/parcelas-receber.ts).
 */

const access = ['financeiro'] as const;

type RecebiveisQuery = z.output<typeof recebiveisListQuery>;

/** The contract names the due-date period `inicio`/`fim`; the list query calls it `de`/`ate`. */
function filtroDe({ inicio, fim, page: _p, limit: _l, ...rest }: RecebiveisQuery): ParcelasFiltro {
  return { ...rest, de: inicio, ate: fim };
}

const doc = {
  get: route({
    summary: 'Parcelas a receber por vencimento (venda, cliente, vendedor, status, período de vencimento)',
    description:
      'Paginada por data de vencimento. `status` é o de hoje no fuso do negócio (`paga`, `parcial`, `aberta`, `atrasada`; `pendente` = tudo o que ainda não foi pago); `inicio`/`fim` filtram o vencimento; `q` procura o nome do cliente ou o número da venda (`#123`). Cada parcela traz `saldo` em R$; a parcela 0 é a entrada.',
    access,
    query: recebiveisListQuery,
    response: parcelasPageSchema,
  }),
  getExportar: route({ ...exportContract('parcelas a receber', recebiveisListFields), access }),
  getId: route({
    summary: 'Uma parcela a receber com seus recebimentos',
    description:
      'A parcela com `saldo` e `status` de hoje (fuso do negócio) e seus recebimentos, do mais antigo ao mais novo.',
    access,
    response: parcelaComRecebimentosSchema,
    errors: [404],
  }),
  getCobranca: route({
    summary: 'Mensagem de cobrança por WhatsApp (com Pix copia e cola e QR code quando há chave)',
    description: 'A chave Pix, o nome e a cidade da Empresa. Parcela paga: 409, nada a cobrar.',
    access,
    response: cobrancaSchema,
    errors: [404, 409],
  }),
  postRecebimentos: route({
    summary:
      'Registra um recebimento na parcela (parcial ou total) e a entrada no Caixa; sem cartao_id, forma não informada',
    description:
      'Numa transação grava o recebimento, a entrada no Caixa e soma o valor ao recebido da parcela; responde o recebimento e a parcela atualizada. Recusa `data` no futuro (400), venda cancelada, parcela já paga ou `valor` (R$) acima do saldo (409); dois pagamentos simultâneos na mesma parcela entram um de cada vez. Aceita `Idempotency-Key`; publica eventos ao vivo de recebimentos, caixa e da venda.',
    access,
    body: recebivelPagamento,
    response: recebimentoRegistradoSchema,
    status: 201,
    errors: [404, 409],
  }),
};

export const recebiveisRoutes = new Hono<AppEnv>()
  .get('/', doc.get, async (c) => {
    const q = parseQuery(c, recebiveisListQuery);
    return c.json(await listarParcelas(c.get('deps'), { filtro: filtroDe(q), page: q.page, limit: q.limit }));
  })
  .get('/exportar', doc.getExportar, (c) => exportarParcelas(c, filtroDe(parseQuery(c, recebiveisListQuery))))
  .get('/:id', doc.getId, async (c) => c.json(await parcelaComRecebimentos(c.get('deps'), parseId(c, uuid))))
  .get('/:id/cobranca', doc.getCobranca, async (c) =>
    c.json(await cobrancaDaParcela(c.get('deps'), parseId(c, uuid))),
  )
  .post('/:id/recebimentos', doc.postRecebimentos, async (c) => {
    const parcelaId = parseId(c, uuid);
    const input = await parseBody(c, recebivelPagamento);
    const r = await registrarRecebimento(c.get('deps'), {
      parcelaId,
      valor: input.valor,
      data: input.data,
      cartaoId: input.cartao_id ?? null,
      userId: currentUser(c).id,
    });
    return c.json(r, 201);
  });
