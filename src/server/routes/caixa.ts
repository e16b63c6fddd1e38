import { Hono } from 'hono';
import {
  countMovimentacoes,
  deleteMovimentacao,
  getMovimentacao,
  insertCaixaInicial,
  insertMovimentacao,
  listMovimentacoes,
  movimentacaoOut,
  movimentacoesExportOrder,
  movWhere,
  pageMovimentacoes,
  resumoCaixa,
  updateMovimentacao,
} from '../../db/queries/caixa';
import { recebimentoDaMovimentacao } from '../../db/queries/recebimentos';
import {
  caixaInicialInput,
  caixaInicialSchema,
  caixaResumoSchema,
  movimentacaoCreate,
  movimentacaoSchema,
  movimentacaoUpdate,
  movimentacoesListQuery,
  movimentacoesPageSchema,
  TIPO_MOVIMENTACAO_LABEL,
} from '../../schemas/caixa';
import { uuid } from '../../schemas/common';
import { type AppEnv, parseBody, parseId, parseQuery } from '../context';
import { route } from '../contract';
import { deleteHandler } from '../delete-route';
import { conflict, found, notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { exportContract, exportHandler } from '../export';

/**
 * A payment's entrada changes only with the payment (issue 16): undone in Recebimentos, never edited
 * here. The database refuses it too (trigger movimentacoes_recebimento, foreign key); this is the
 * answer in words before any write.
 */
async function refuseRecebimento(db: Parameters<typeof recebimentoDaMovimentacao>[0], id: string) {
  if (await recebimentoDaMovimentacao(db, { movimentacaoId: id })) {
    throw conflict(
      'Movimentação de recebimento',
      'Esta movimentação é um recebimento: desfaça-o em Recebimentos.',
    );
  }
}

// The cash screen is guarded by the dashboard permission (spec doc 2 §2), which every new user gets:
// reading stays with it, but writing needs `financeiro` (a departure from the seed, issue 26: the demo's
// installer created and deleted a R$ 5.000,00 entry; docs/departures-note.md).
const access = ['dashboard'] as const;
const write = ['financeiro'] as const;
const RECURSO = 'caixa';

/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  get: route({
    summary: 'Resumo do caixa',
    description:
      '`saldo` = o último valor inicial registrado (0 se nenhum) + todas as entradas − todas as saídas, em R$.',
    access,
    response: caixaResumoSchema,
  }),
  putInicial: route({
    summary: 'Registra o valor inicial do caixa',
    description:
      'Grava um novo valor inicial (R$) sem apagar os anteriores: o mais recente é o que vale no saldo. Publica um evento ao vivo.',
    access: write,
    body: caixaInicialInput,
    response: caixaInicialSchema,
  }),
  getMovimentacoes: route({
    summary: 'Lista movimentações do caixa',
    description:
      'Paginada, da data mais recente para a mais antiga; `q` procura no nome e `tipo` filtra entradas ou saídas. Uma entrada criada por um recebimento traz `recebimento_id`.',
    access,
    query: movimentacoesListQuery,
    response: movimentacoesPageSchema,
  }),
  getMovimentacoesExportar: route({
    ...exportContract('movimentações do caixa', movimentacoesListQuery),
    access,
  }),
  getMovimentacoesId: route({
    summary: 'Uma movimentação',
    description:
      'A movimentação com `recebimento_id` e `recebimento_parcela_id` quando ela registra um recebimento (então só muda por Recebimentos).',
    access,
    response: movimentacaoSchema,
    errors: [404],
  }),
  postMovimentacoes: route({
    summary: 'Cria movimentação',
    description:
      'Entrada ou saída manual com `valor` maior que zero (R$) e `data`. Aceita `Idempotency-Key`; publica um evento ao vivo.',
    access: write,
    body: movimentacaoCreate,
    response: movimentacaoSchema,
    status: 201,
  }),
  patchMovimentacoesId: route({
    summary: 'Altera movimentação (envie o updated_at lido)',
    description:
      'Só os campos enviados mudam. 409 se outra pessoa alterou antes ou se a movimentação é um recebimento (ela muda só desfazendo o recebimento em Recebimentos). Publica um evento ao vivo.',
    access: write,
    body: movimentacaoUpdate,
    response: movimentacaoSchema,
    errors: [404, 409],
  }),
  deleteMovimentacoesId: route({
    summary: 'Remove movimentação',
    description:
      '409 se a movimentação é um recebimento: desfaça-o em Recebimentos (`DELETE /api/recebimentos/{id}`). Publica um evento ao vivo.',
    access: write,
    status: 204,
    errors: [404, 409],
  }),
};

export const caixaRoutes = new Hono<AppEnv>()
  .get('/', doc.get, async (c) => c.json(await resumoCaixa(c.get('deps').db)))

  /** Records a new initial cash value; the latest one is current. Works on an empty database. */
  .put('/inicial', doc.putInicial, async (c) => {
    const { valor } = await parseBody(c, caixaInicialInput);
    const { db } = c.get('deps');
    const row = await db.transaction(async (tx) => {
      const r = await insertCaixaInicial(tx, { valor });
      await publish(tx, RECURSO, 'atualizado', r.id);
      return r;
    });
    return c.json(row);
  })

  .get('/movimentacoes', doc.getMovimentacoes, async (c) => {
    const query = parseQuery(c, movimentacoesListQuery);
    const { db } = c.get('deps');
    const f = { q: query.q, tipo: query.tipo };
    const [items, total] = await Promise.all([
      listMovimentacoes(db, { ...f, limit: query.limit, offset: (query.page - 1) * query.limit }),
      countMovimentacoes(db, f),
    ]);
    return c.json({ items: items.map(movimentacaoOut), total, page: query.page, limit: query.limit });
  })

  .get('/movimentacoes/exportar', doc.getMovimentacoesExportar, (c) =>
    exportHandler(c, movimentacoesListQuery, (query) => ({
      recurso: 'caixa-movimentacoes',
      titulo: 'movimentações',
      columns: [
        { header: 'Nome', value: 'nome' },
        { header: 'Tipo', value: 'tipo', labels: TIPO_MOVIMENTACAO_LABEL },
        { header: 'Valor', value: 'valor', type: 'money' },
        { header: 'Data', value: 'data', type: 'date' },
        { header: 'Registrada em', value: 'created_at', type: 'datetime' },
      ],
      where: movWhere({ q: query.q, tipo: query.tipo }),
      order: movimentacoesExportOrder,
      page: pageMovimentacoes,
    })),
  )
  .get('/movimentacoes/:id', doc.getMovimentacoesId, async (c) =>
    c.json(movimentacaoOut(found(await getMovimentacao(c.get('deps').db, { id: parseId(c, uuid) })))),
  )

  .post('/movimentacoes', doc.postMovimentacoes, async (c) => {
    const values = await parseBody(c, movimentacaoCreate);
    const { db } = c.get('deps');
    const row = await db.transaction(async (tx) => {
      const r = await insertMovimentacao(tx, values);
      await publish(tx, RECURSO, 'criado', r.id);
      return r;
    });
    return c.json(movimentacaoOut(row), 201);
  })

  .patch('/movimentacoes/:id', doc.patchMovimentacoesId, async (c) => {
    const id = parseId(c, uuid);
    const { updated_at, ...values } = await parseBody(c, movimentacaoUpdate);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      await refuseRecebimento(tx, id);
      const r = await updateMovimentacao(tx, { id, values, updatedAt: updated_at });
      if (r === 'missing') throw notFound();
      if (r === 'stale') throw staleWrite();
      await publish(tx, RECURSO, 'atualizado', id);
    });
    return c.json(movimentacaoOut((await getMovimentacao(db, { id }))!));
  })

  .delete(
    '/movimentacoes/:id',
    doc.deleteMovimentacoesId,
    deleteHandler(async (tx, id) => {
      await refuseRecebimento(tx, id);
      if (!(await deleteMovimentacao(tx, { id }))) throw notFound();
      await publish(tx, RECURSO, 'removido', id);
    }),
  );
