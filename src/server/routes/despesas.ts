import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import {
  countDespesas,
  deleteDespesa,
  despesaOut,
  despesasExportOrder,
  getDespesa,
  insertSchedule,
  listDespesas,
  lockDespesa,
  monthWhere,
  pageDespesas,
  relatorioAno,
  replicarParaMesesSeguintes,
  resumoMes,
  setStatus,
  updateDespesa,
} from '../../db/queries/despesas';
import { monthRange, monthRangeOf, todayIso } from '../../domain/datas';
import { buildSchedule } from '../../domain/despesas';
import { uuid } from '../../schemas/common';
import {
  CAMPOS_REPLICADOS,
  type DespesaAtualizada,
  despesaAtualizadaSchema,
  despesaCreate,
  despesaSchema,
  despesaStatus,
  despesasListQuery,
  despesasPageSchema,
  despesasRelatorioQuery,
  despesasRelatorioSchema,
  despesaUpdate,
  replicarQuery,
  TIPO_DESPESA_LABEL,
} from '../../schemas/despesas';
import { z } from '../../schemas/z';
import { type AppEnv, parseBody, parseId, parseQuery } from '../context';
import { route } from '../contract';
import { deleteHandler } from '../delete-route';
import { found, notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { exportContract, exportHandler } from '../export';
import { safeError } from '../log';

const RECURSO = 'despesas';
const access = ['despesas'] as const;

/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  post: route({
    summary: 'Cria despesa (avulsa, mensal ou parcelada: todas as parcelas)',
    description:
      'Cria todas as linhas de uma vez, numa mesma série: avulsa, uma; mensal, uma por mês do vencimento até dezembro; parcelada, `parcelas` linhas (2 a 60). `valor` (R$) é o de cada linha, não um total a dividir, e cada vencimento conta do primeiro (um dia 31 fica 31 onde o mês tem). Aceita `Idempotency-Key`; publica um evento ao vivo.',
    access,
    body: despesaCreate,
    status: 201,
    response: z.object({ items: z.array(despesaSchema) }),
  }),
  get: route({
    summary: 'Despesas de um mês, com o resumo do mês',
    description:
      'Sem `mes`/`ano`, o mês corrente no fuso do negócio. Paginada por vencimento; `q` procura na descrição e nas observações. `resumo` soma o mês inteiro (sem `q`): total, pago, pendente e custo hora (total ÷ 220 h), em R$.',
    access,
    query: despesasListQuery,
    response: despesasPageSchema,
  }),
  getRelatorio: route({
    summary: 'Relatório anual de despesas por mês',
    description:
      'Totais do `ano` (sem ele, o ano corrente no fuso do negócio) por tipo e pelos 12 meses, com pago e pendente, meses e tipos sem despesa incluídos com zero; valores em R$, pelo vencimento.',
    access,
    query: despesasRelatorioQuery,
    response: despesasRelatorioSchema,
  }),
  getExportar: route({ ...exportContract('despesas', despesasListQuery), access }),
  getId: route({
    summary: 'Uma despesa',
    description:
      'Uma linha de despesa (uma parcela ou um mês da série), com `parcela_atual`/`parcelas` e `serie_id`.',
    access,
    errors: [404],
    response: despesaSchema,
  }),
  patchId: route({
    summary: 'Altera despesa; com ?replicar=true copia aos meses seguintes da série',
    description:
      'Altera só esta linha (409 se outra pessoa alterou antes: envie `updated_at`); tipo e parcelas não mudam. Com `replicar=true` numa despesa mensal, `descricao`, `valor` e `observacoes` enviados vão também aos meses seguintes da série, e a resposta passa a ser `{ despesa, replicadas }`; se a cópia falhar, só ela é desfeita e `erro_replicacao` diz isso. Publica um evento ao vivo.',
    access,
    query: replicarQuery,
    body: despesaUpdate,
    errors: [404, 409],
    // the row; with ?replicar=true the row, how many later months were changed, and a warning
    response: z.union([despesaSchema, despesaAtualizadaSchema]),
  }),
  patchIdStatus: route({
    summary: 'Marca a despesa como paga ou pendente',
    description:
      'Troca o `status` desta linha na hora, sem conferir versão (não pede `updated_at`). Publica um evento ao vivo.',
    access,
    body: despesaStatus,
    errors: [404],
    response: despesaSchema,
  }),
  deleteId: route({
    summary: 'Remove despesa',
    description:
      'Remove só esta linha; as outras parcelas ou meses da série continuam. Publica um evento ao vivo.',
    access,
    status: 204,
    errors: [404],
  }),
};

export const despesasRoutes = new Hono<AppEnv>()
  /** Creates the whole schedule (avulso / mensal / parcelada) in one transaction. */
  .post('/', doc.post, async (c) => {
    const input = await parseBody(c, despesaCreate);
    const rows = buildSchedule(input);
    const { db } = c.get('deps');
    const serieId = randomUUID();
    const inserted = await db.transaction(async (tx) => {
      const r = await insertSchedule(tx, { rows, serieId });
      await publish(tx, RECURSO, 'criado', r[0]?.id);
      return r;
    });
    return c.json({ items: inserted.map(despesaOut) }, 201);
  })

  .get('/', doc.get, async (c) => {
    const query = parseQuery(c, despesasListQuery);
    const { db, config } = c.get('deps');
    let { mes, ano } = query;
    if (mes === undefined || ano === undefined) {
      const [y, m] = monthRange(config.tzNegocio).inicio.split('-').map(Number) as [number, number];
      mes ??= m;
      ano ??= y;
    }
    const range = monthRangeOf(ano, mes);
    const filter = { ...range, q: query.q };
    const [items, total, resumo] = await Promise.all([
      listDespesas(db, { ...filter, limit: query.limit, offset: (query.page - 1) * query.limit }),
      countDespesas(db, filter),
      resumoMes(db, range),
    ]);
    return c.json({
      items: items.map(despesaOut),
      total,
      page: query.page,
      limit: query.limit,
      mes,
      ano,
      resumo,
    });
  })

  .get('/relatorio', doc.getRelatorio, async (c) => {
    const { ano } = parseQuery(c, despesasRelatorioQuery);
    const { db, config } = c.get('deps');
    const year = ano ?? Number(todayIso(config.tzNegocio).slice(0, 4));
    return c.json(await relatorioAno(db, { ano: year }));
  })

  .get('/exportar', doc.getExportar, (c) =>
    exportHandler(c, despesasListQuery, (query, c) => {
      const { config } = c.get('deps');
      const [y, m] = monthRange(config.tzNegocio).inicio.split('-').map(Number) as [number, number];
      const range = monthRangeOf(query.ano ?? y, query.mes ?? m);
      return {
        recurso: 'despesas',
        titulo: 'despesas',
        columns: [
          { header: 'Descrição', value: 'descricao' },
          { header: 'Valor', value: 'valor', type: 'money' },
          { header: 'Tipo', value: 'tipo', labels: TIPO_DESPESA_LABEL },
          { header: 'Vencimento', value: 'data_vencimento', type: 'date' },
          { header: 'Parcela', value: (r) => `${r.parcela_atual}/${r.parcelas}` },
          { header: 'Status', value: 'status', labels: { pendente: 'Pendente', paga: 'Paga' } },
          { header: 'Observações', value: 'observacoes' },
          { header: 'Cadastrada em', value: 'created_at', type: 'datetime' },
        ],
        where: monthWhere({ ...range, q: query.q }),
        order: despesasExportOrder,
        page: pageDespesas,
      };
    }),
  )

  .get('/:id', doc.getId, async (c) =>
    c.json(despesaOut(found(await getDespesa(c.get('deps').db, { id: parseId(c, uuid) })))),
  )

  /**
   * Edits one row. With ?replicar=true the descricao/valor/observacoes sent are also copied to the
   * later months of the same monthly series, in the same transaction. The copy runs in a savepoint:
   * if it fails, only the copy is undone, the row is still saved, and the answer says so
   * (the spec's "Despesa atualizada, mas houve erro ao replicar para meses futuros.").
   */
  .patch('/:id', doc.patchId, async (c) => {
    const id = parseId(c, uuid);
    const { replicar } = parseQuery(c, replicarQuery);
    const { updated_at, ...values } = await parseBody(c, despesaUpdate);
    const { db } = c.get('deps');
    const result = await db.transaction(async (tx) => {
      const before = await lockDespesa(tx, { id });
      if (!before) throw notFound();
      const r = await updateDespesa(tx, { id, values, updatedAt: updated_at });
      if (r === 'missing') throw notFound();
      if (r === 'stale') throw staleWrite();
      await publish(tx, RECURSO, 'atualizado', id);
      let replicadas = 0;
      let erro: string | undefined;
      if (replicar && before.tipo === 'mensal' && before.serie_id) {
        const copy = Object.fromEntries(
          CAMPOS_REPLICADOS.filter((k) => values[k] !== undefined).map((k) => [k, values[k]]),
        );
        try {
          replicadas = await tx.transaction((sp) =>
            replicarParaMesesSeguintes(sp, {
              serieId: before.serie_id!,
              depoisDe: before.data_vencimento,
              excetoId: id,
              values: copy,
            }),
          );
        } catch (err) {
          c.get('deps').logger.error(
            { despesa: id, err: safeError(err) },
            'erro ao replicar para meses futuros',
          );
          erro = 'Despesa atualizada, mas houve erro ao replicar para meses futuros.';
        }
      }
      const despesa = despesaOut((await getDespesa(tx, { id }))!);
      return { despesa, replicadas, erro };
    });
    if (!replicar) return c.json(result.despesa);
    const body: DespesaAtualizada = { despesa: result.despesa, replicadas: result.replicadas };
    if (result.erro) body.erro_replicacao = result.erro;
    return c.json(body);
  })

  /** The list's switch: pendente ↔ paga at once, no version check (it is the whole intent). */
  .patch('/:id/status', doc.patchIdStatus, async (c) => {
    const id = parseId(c, uuid);
    const { status } = await parseBody(c, despesaStatus);
    const { db } = c.get('deps');
    const row = await db.transaction(async (tx) => {
      const r = await setStatus(tx, { id, status });
      if (!r) throw notFound();
      await publish(tx, RECURSO, 'atualizado', id);
      return r;
    });
    return c.json(despesaOut(row));
  })

  .delete(
    '/:id',
    doc.deleteId,
    deleteHandler(async (tx, id) => {
      if (!(await deleteDespesa(tx, { id }))) throw notFound();
      await publish(tx, RECURSO, 'removido', id);
    }),
  );
