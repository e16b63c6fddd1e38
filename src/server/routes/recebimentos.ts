import { Hono } from 'hono';
import {
  clienteNome,
  deleteRecebimento,
  getConfig,
  kpisRecebimentos,
  lockParcela,
  parcelaDoRecebimento,
  parcelasDoCliente,
  recebimentosDe,
  updateConfig,
} from '../../db/queries/recebimentos';
import { monthRange, todayIso } from '../../domain/datas';
import { dec, toMoney } from '../../domain/money';
import { uuid } from '../../schemas/common';
import {
  extratoClienteSchema,
  recebimentosKpisSchema,
  recebiveisConfigSchema,
  recebiveisConfigUpdate,
} from '../../schemas/recebimentos';
import { type AppEnv, parseBody, parseId } from '../context';
import { route } from '../contract';
import { deleteHandler } from '../delete-route';
import { notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { parcelaOut, recebimentoOut } from '../parcelas-receber';

const access = ['financeiro'] as const;
const RECURSO = 'recebimentos';

function configOut(cfg: Awaited<ReturnType<typeof getConfig>>) {
  return {
    // The settings are one record; the web's resource form reads it at /recebimentos/config.
    id: 'config' as const,
    comissao_por_recebimento: cfg.comissao_por_recebimento,
    updated_at: cfg.updated_at.toISOString(),
  };
}

/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  getKpis: route({
    summary: 'Cartões de Recebimentos (a receber no mês, recebido, em atraso, em aberto)',
    description:
      'Valores em R$, com o mês e o "hoje" do fuso do negócio: `a_receber_mes`, o que falta receber das parcelas que vencem no mês; `recebido_mes`, o que entrou no mês pela data do recebimento; `em_atraso` (e `em_atraso_parcelas`), o que falta das parcelas vencidas antes de hoje; `total_aberto`, o que falta de todas as parcelas.',
    access,
    response: recebimentosKpisSchema,
  }),
  getConfig: route({
    summary: 'Configuração de Recebimentos (comissão por recebimento)',
    description:
      'Um registro só (`id: "config"`). `comissao_por_recebimento` ligado libera as comissões de vendedores e arquitetos à medida que o cliente paga; a chave Pix das cobranças é a da Empresa (`GET /api/empresa`).',
    access,
    response: recebiveisConfigSchema,
  }),
  patchConfig: route({
    summary: 'Altera a configuração de Recebimentos (envie o updated_at lido)',
    description:
      '409 se outra pessoa alterou antes (`updated_at`). Publica eventos ao vivo de recebimentos e de vendas, porque os relatórios de comissões leem esta configuração.',
    access,
    body: recebiveisConfigUpdate,
    response: recebiveisConfigSchema,
    errors: [409],
  }),
  getExtrato: route({
    summary: 'Extrato de um cliente: todas as parcelas e recebimentos',
    description:
      'Todas as parcelas do cliente por vencimento, cada uma com seus recebimentos e a situação de hoje (fuso do negócio), e os `totais` (valor, recebido, saldo) em R$. 404 se o cliente não existe.',
    access,
    response: extratoClienteSchema,
    errors: [404],
  }),
  deleteId: route({
    summary:
      'Desfaz um recebimento registrado por POST /api/recebiveis/:id/recebimentos (remove também a entrada no Caixa)',
    description:
      'Na mesma transação apaga o recebimento e sua movimentação de entrada no Caixa e devolve o valor ao saldo da parcela. 404 se ele já foi desfeito (duas chamadas ao mesmo tempo: só uma desfaz). Publica eventos ao vivo de recebimentos, caixa e da venda.',
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
  .delete(
    '/:id',
    doc.deleteId,
    deleteHandler(async (tx, id) => {
      const jaDesfeito = () => notFound('Este recebimento já foi desfeito ou não existe.');
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
    }),
  );
