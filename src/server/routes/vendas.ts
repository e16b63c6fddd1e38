import { Hono } from 'hono';
import { paginate } from '../../db/queries/common';
import { cancelarOrdemDaVenda, reabrirOrdemDaVenda } from '../../db/queries/producao/ordens';
import { getConfig } from '../../db/queries/recebimentos';
import { comissaoAPagarVenda } from '../../db/queries/relatorios';
import {
  cartaoRates,
  countVendas,
  deleteVendaReturningQuote,
  estatisticasVendas,
  getVenda,
  listVendas,
  lockVenda,
  percentuaisComissao,
  setComissaoPaga,
  setComissaoPagaBase,
  updateVenda,
  vendaOut,
  vendasSort,
  vendasWhere,
} from '../../db/queries/vendas';
import { dec, moneyText, toDbMoney, toMoney } from '../../domain/money';
import type { TipoVenda } from '../../domain/pricing';
import { computeVenda } from '../../domain/venda';
import { uuid } from '../../schemas/common';
import {
  comissaoUpdate,
  pagarLiberadoBody,
  pagarLiberadoResponse,
  STATUS_VENDA_LABEL,
  TIPO_VENDA_LABEL,
  type VendasEstatisticas,
  vendaSchema,
  vendasEstatisticasSchema,
  vendasPageSchema,
  vendasQuery,
  vendaUpdate,
} from '../../schemas/vendas';
import { type AppEnv, parseBody, parseId, parseQuery } from '../context';
import { route } from '../contract';
import { deleteHandler } from '../delete-route';
import { badRequest, conflict, found, notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { COLUNAS, exportContract, exportHandler, sortKeys } from '../export';
import { regerarParcelasDaVenda } from '../parcelas-venda';
import { orderFrom } from './crud';

const access = ['vendas'] as const;
const vendaNaoEncontrada = () => notFound('Venda não encontrada.');

function orderBy(sort: string | undefined) {
  return orderFrom(sort ?? '-created_at', vendasSort.sortable, vendasSort.idCol); // the spec's order: newest first
}

/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  getEstatisticas: route({
    summary: 'Estatísticas de vendas (cartões de KPI)',
    description:
      'Em R$, só vendas não canceladas: `vendas_mes` é o líquido das vendas do mês corrente (no fuso da empresa) e `vendas_hoje` quantas vendas têm a data de hoje; `total_cartao` e `total_parcelado` somam o líquido de todas as vendas no cartão e parceladas, de todos os meses.',
    access,
    response: vendasEstatisticasSchema,
  }),
  get: route({
    summary: 'Lista vendas (busca, status, paginação, ordenação)',
    description:
      'Mais recentes primeiro por padrão. `q` busca pelo nome do cliente ou pelo número da venda (com ou sem `#`); `status` filtra.',
    access,
    query: vendasQuery,
    response: vendasPageSchema,
  }),
  getExportar: route({ ...exportContract('vendas', vendasQuery), access }),
  getId: route({
    summary: 'Uma venda',
    description:
      'Valores em R$ como números (`taxa_cartao` é fração: 0.035 = 3,5 %), com os nomes de cliente, vendedor e arquiteto, o cartão e o número do orçamento de origem.',
    access,
    response: vendaSchema,
    errors: [404],
  }),
  patchId: route({
    summary: 'Altera venda (envie o updated_at lido)',
    description:
      'Só os campos enviados mudam; 409 se `updated_at` não é o lido. Mudar valor, tipo, entrada, parcelas ou cartão recalcula taxa, líquido e comissões com as taxas e percentuais atuais, e as parcelas a receber são refeitas (409 se uma parcela já recebida mudaria). Cancelar a venda cancela sua OS e tira as parcelas não pagas; reativá-la reabre a OS e recria as parcelas.',
    access,
    body: vendaUpdate,
    response: vendaSchema,
    errors: [404, 409],
  }),
  patchIdComissao: route({
    summary: 'Marca a comissão da venda como paga ou não',
    description:
      'Marcar como paga quita a comissão do vendedor e, se a venda tem arquiteto, a RT dele: com a liberação por recebimento ligada, sobre o que o cliente já pagou; desligada, sobre a venda inteira. Desmarcar volta a base paga a zero.',
    access,
    body: comissaoUpdate,
    response: vendaSchema,
    errors: [404],
  }),
  postIdComissaoPagarLiberado: route({
    summary: 'Paga a comissão liberada desde o último pagamento (vendedor e arquiteto)',
    description:
      'Com a comissão liberada conforme o recebimento, paga o que o cliente liberou desde o último ' +
      'pagamento da comissão de `pessoa`: `vendedor` (o padrão) ou `arquiteto`, cuja RT tem marcação ' +
      'e base próprias. Envie `valor` (o `venda_a_pagar` do relatório, que você ' +
      'confirmou) e o `updated_at` da venda. 409 quando não há nada novo liberado, a venda está ' +
      'cancelada, o valor liberado mudou ou a venda foi alterada.',
    access,
    body: pagarLiberadoBody,
    response: pagarLiberadoResponse,
    errors: [404, 409],
  }),
  deleteId: route({
    summary: 'Remove venda (o orçamento volta a pendente)',
    description:
      'Na mesma transação, a OS da venda é cancelada (fica, com o motivo, sem o vínculo) e o orçamento de origem volta a pendente. 409 quando outro registro depende da venda, como uma nota fiscal.',
    access,
    status: 204,
    errors: [404, 409],
  }),
};

export const vendasRoutes = new Hono<AppEnv>()
  .get('/estatisticas', doc.getEstatisticas, async (c) => {
    const { db, config } = c.get('deps');
    const r = await estatisticasVendas(db, { tz: config.tzNegocio });
    const body: VendasEstatisticas = {
      vendas_mes: Number(r.vendas_mes),
      vendas_hoje: r.vendas_hoje,
      total_cartao: Number(r.total_cartao),
      total_parcelado: Number(r.total_parcelado),
    };
    return c.json(body);
  })
  .get('/', doc.get, async (c) => {
    const q = parseQuery(c, vendasQuery);
    const { db } = c.get('deps');
    const where = vendasWhere(q);
    const order = orderBy(q.sort);
    const page = await paginate(
      (limit, offset) => listVendas(db, { where, order, limit, offset }),
      () => countVendas(db, { q: q.q, status: q.status, where }),
      q.page,
      q.limit,
    );
    return c.json({ ...page, items: page.items.map(vendaOut) });
  })
  .get('/exportar', doc.getExportar, (c) =>
    exportHandler(c, vendasQuery, (q) => ({
      recurso: 'vendas',
      titulo: 'vendas',
      columns: [
        COLUNAS.numero,
        { header: 'Data da venda', value: 'data_venda', type: 'date' },
        { header: 'Cliente', value: 'cliente_nome' },
        { header: 'Orçamento', value: 'orcamento_numero', type: 'integer' },
        { header: 'Vendedor', value: 'vendedor_nome' },
        { header: 'Arquiteto', value: 'arquiteto_nome' },
        { header: 'Tipo de venda', value: 'tipo_venda', labels: TIPO_VENDA_LABEL },
        COLUNAS.pagamento,
        { header: 'Valor bruto', value: 'valor_bruto', type: 'money' },
        { header: 'Entrada', value: 'valor_entrada', type: 'money' },
        { header: 'Parcelas', value: 'numero_parcelas', type: 'integer' },
        { header: 'Valor das parcelas', value: 'valor_parcelas', type: 'money' },
        { header: 'Taxa do cartão', value: 'valor_taxa', type: 'money' },
        { header: 'Valor líquido', value: 'valor_liquido', type: 'money' },
        { header: 'Comissão vendedor', value: 'comissao_vendedor', type: 'money' },
        { header: 'Comissão arquiteto', value: 'comissao_arquiteto', type: 'money' },
        { header: 'Comissão paga', value: 'comissao_paga', type: 'boolean' },
        { header: 'Status', value: 'status', labels: STATUS_VENDA_LABEL },
        { header: 'Cadastrada em', value: 'created_at', type: 'datetime' },
      ],
      where: vendasWhere(q),
      order: sortKeys(q.sort ?? '-created_at', vendasSort.sortable, vendasSort.idCol),
      page: (db, p) => listVendas(db, { ...p, offset: 0 }),
    })),
  )
  .get('/:id', doc.getId, async (c) =>
    c.json(vendaOut(found(await getVenda(c.get('deps').db, { id: parseId(c, uuid) }), vendaNaoEncontrada))),
  )
  .patch('/:id', doc.patchId, async (c) => {
    const id = parseId(c, uuid);
    const { updated_at, ...input } = await parseBody(c, vendaUpdate);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      const cur = await lockVenda(tx, { id });
      if (!cur) throw vendaNaoEncontrada();
      if (updated_at && cur.updated_at.getTime() !== new Date(updated_at).getTime()) throw staleWrite();

      const tipo = (input.tipo_venda ?? cur.tipo_venda) as TipoVenda;
      const next = {
        valor_bruto: input.valor_bruto ?? cur.valor_bruto,
        tipo_venda: tipo,
        // Only a sale with a down payment ('entrada') has one; à vista has a single payment.
        valor_entrada: tipo === 'entrada' ? (input.valor_entrada ?? cur.valor_entrada) : '0',
        numero_parcelas: tipo === 'avista' ? 1 : (input.numero_parcelas ?? cur.numero_parcelas),
        cartao_id: input.cartao_id !== undefined ? input.cartao_id : cur.cartao_id,
      };
      const figuresChanged =
        !dec(next.valor_bruto).eq(dec(cur.valor_bruto)) ||
        next.tipo_venda !== cur.tipo_venda ||
        !dec(next.valor_entrada).eq(dec(cur.valor_entrada)) ||
        next.numero_parcelas !== cur.numero_parcelas ||
        next.cartao_id !== cur.cartao_id;

      const set: Record<string, unknown> = {};
      if (input.status) set.status = input.status;
      if (input.data_venda) set.data_venda = input.data_venda;
      if (figuresChanged) {
        if (dec(next.valor_entrada).gt(dec(next.valor_bruto))) {
          throw badRequest('O valor da entrada não pode ser maior que o valor bruto.', [
            { path: 'valor_entrada', message: 'O valor da entrada não pode ser maior que o valor bruto.' },
          ]);
        }
        const cartao = next.cartao_id ? await cartaoRates(tx, { id: next.cartao_id }) : null;
        if (next.cartao_id && !cartao) {
          throw badRequest('Forma de pagamento não encontrada.', [
            { path: 'cartao_id', message: 'Forma de pagamento não encontrada.' },
          ]);
        }
        // The same rule as a quote turned into a sale, with the current rates and percentages.
        const pct = await percentuaisComissao(tx, {
          vendedorId: cur.vendedor_id,
          arquitetoId: cur.arquiteto_id,
        });
        const f = computeVenda({
          valor_bruto: next.valor_bruto,
          tipo_venda: next.tipo_venda,
          valor_entrada: next.valor_entrada,
          numero_parcelas: next.numero_parcelas,
          cartao,
          tem_vendedor: !!cur.vendedor_id,
          percentual_vendedor: pct.vendedor,
          tem_arquiteto: !!cur.arquiteto_id,
          percentual_arquiteto: pct.arquiteto,
        });
        Object.assign(set, {
          cartao_id: next.cartao_id,
          tipo_venda: f.tipo_venda,
          numero_parcelas: f.numero_parcelas,
          valor_bruto: toDbMoney(f.valor_bruto),
          valor_entrada: toDbMoney(f.valor_entrada),
          valor_parcelas: toDbMoney(f.valor_parcelas),
          taxa_cartao: f.taxa_cartao,
          valor_taxa: toDbMoney(f.valor_taxa),
          valor_liquido: toDbMoney(f.valor_liquido),
          comissao_vendedor: toDbMoney(f.comissao_vendedor),
          comissao_arquiteto: toDbMoney(f.comissao_arquiteto),
        });
      }
      const r = await updateVenda(tx, { id, values: set, updatedAt: updated_at });
      if (r === 'missing') throw vendaNaoEncontrada();
      if (r === 'stale') throw staleWrite();
      await regerarParcelasDaVenda(tx, id);
      await publish(tx, 'vendas', 'atualizado', id);
      // The sale's work order follows its cancellation (kept, with the reason) and its reinstatement.
      if (input.status && input.status !== cur.status) {
        const osId =
          input.status === 'cancelada'
            ? await cancelarOrdemDaVenda(tx, { vendaId: id, motivo: 'Venda cancelada.' })
            : cur.status === 'cancelada'
              ? await reabrirOrdemDaVenda(tx, { vendaId: id })
              : null;
        if (osId) await publish(tx, 'producao', 'atualizado', osId);
      }
    });
    return c.json(vendaOut((await getVenda(db, { id }))!));
  })
  .patch('/:id/comissao', doc.patchIdComissao, async (c) => {
    const id = parseId(c, uuid);
    const { comissao_paga } = await parseBody(c, comissaoUpdate);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      const { comissao_por_recebimento: liberacao } = await getConfig(tx);
      if (!(await setComissaoPaga(tx, { id, paga: comissao_paga, liberacao }))) throw vendaNaoEncontrada();
      await publish(tx, 'vendas', 'atualizado', id);
    });
    return c.json(vendaOut((await getVenda(db, { id }))!));
  })
  .post('/:id/comissao/pagar-liberado', doc.postIdComissaoPagarLiberado, async (c) => {
    const id = parseId(c, uuid);
    const { valor, pessoa, updated_at } = await parseBody(c, pagarLiberadoBody);
    const { db } = c.get('deps');
    const pago = await db.transaction(async (tx) => {
      const cur = await lockVenda(tx, { id });
      if (!cur) throw vendaNaoEncontrada();
      if (cur.updated_at.getTime() !== new Date(updated_at).getTime()) throw staleWrite();
      if (cur.status === 'cancelada') {
        throw conflict('Venda cancelada', 'Esta venda está cancelada: não há comissão a pagar.');
      }
      const { comissao_por_recebimento: liberacao } = await getConfig(tx);
      // Read under the sale's lock: the amount and the base it moves to come from one statement.
      const a = (await comissaoAPagarVenda(tx, { id, liberacao, kind: pessoa }))!;
      const total = dec(a.a_pagar);
      if (total.lte(0)) {
        throw conflict(
          'Nada liberado a pagar',
          'Toda a comissão liberada desta venda já foi paga. Mais comissão é liberada quando o cliente pagar.',
        );
      }
      if (!total.eq(dec(valor))) {
        throw conflict(
          'O valor liberado mudou',
          `A comissão liberada a pagar desta venda agora é ${moneyText(total)}, não ${moneyText(valor)}. Recarregue e confirme de novo.`,
        );
      }
      await setComissaoPagaBase(tx, { id, base: a.base, kind: pessoa });
      await publish(tx, 'vendas', 'atualizado', id);
      return { total, a };
    });
    return c.json({
      valor_pago: toMoney(pago.total),
      valor_pago_vendedor: pessoa === 'vendedor' ? toMoney(pago.total) : 0,
      valor_pago_arquiteto: pessoa === 'arquiteto' ? toMoney(pago.total) : 0,
      venda: vendaOut((await getVenda(db, { id }))!),
    });
  })
  .delete(
    '/:id',
    doc.deleteId,
    deleteHandler(async (tx, id) => {
      // Before the delete: the OS is kept, cancelled, and loses only its link to the sale.
      const osId = await cancelarOrdemDaVenda(tx, { vendaId: id, motivo: 'Venda excluída.' });
      const gone = await deleteVendaReturningQuote(tx, { id });
      if (!gone) throw vendaNaoEncontrada();
      await publish(tx, 'vendas', 'removido', id);
      if (osId) await publish(tx, 'producao', 'atualizado', osId);
      if (gone.orcamento_id) await publish(tx, 'orcamentos', 'atualizado', gone.orcamento_id);
    }),
  );
