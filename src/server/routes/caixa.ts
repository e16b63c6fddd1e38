import { Hono } from 'hono';
import {
  countMovimentacoes,
  deleteMovimentacao,
  getMovimentacao,
  insertCaixaInicial,
  insertMovimentacao,
  listMovimentacoes,
  movimentacaoOut,
  resumoCaixa,
} from '../../db/queries/caixa';
import { updateVersioned } from '../../db/queries/common';
import { movimentacoesCaixa } from '../../db/schema';
import {
  caixaInicialInput,
  movimentacaoCreate,
  movimentacaoUpdate,
  movimentacoesListQuery,
} from '../../schemas/caixa';
import { uuid } from '../../schemas/common';
import { type AppEnv, parseBody, parseId, parseQuery } from '../context';
import { notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { requirePermission } from '../permissions';

// The cash screen is guarded by the dashboard permission (spec doc 2 §2), and so is its API.
const guard = requirePermission('dashboard');
const RECURSO = 'caixa';

export const caixaRoutes = new Hono<AppEnv>()
  .get('/', guard, async (c) => c.json(await resumoCaixa(c.get('deps').db)))

  /** Records a new initial cash value; the latest one is current. Works on an empty database. */
  .put('/inicial', guard, async (c) => {
    const { valor } = await parseBody(c, caixaInicialInput);
    const { db } = c.get('deps');
    const row = await db.transaction(async (tx) => {
      const r = await insertCaixaInicial(tx, valor);
      await publish(tx, RECURSO, 'atualizado', r.id);
      return r;
    });
    return c.json(row);
  })

  .get('/movimentacoes', guard, async (c) => {
    const query = parseQuery(c, movimentacoesListQuery);
    const { db } = c.get('deps');
    const f = { q: query.q, tipo: query.tipo };
    const [items, total] = await Promise.all([
      listMovimentacoes(db, { ...f, limit: query.limit, offset: (query.page - 1) * query.limit }),
      countMovimentacoes(db, f),
    ]);
    return c.json({ items: items.map(movimentacaoOut), total, page: query.page, limit: query.limit });
  })

  .get('/movimentacoes/:id', guard, async (c) => {
    const id = parseId(c, uuid);
    const row = await getMovimentacao(c.get('deps').db, id);
    if (!row) throw notFound();
    return c.json(movimentacaoOut(row));
  })

  .post('/movimentacoes', guard, async (c) => {
    const values = await parseBody(c, movimentacaoCreate);
    const { db } = c.get('deps');
    const row = await db.transaction(async (tx) => {
      const r = await insertMovimentacao(tx, values);
      await publish(tx, RECURSO, 'criado', r.id);
      return r;
    });
    return c.json(movimentacaoOut(row), 201);
  })

  .patch('/movimentacoes/:id', guard, async (c) => {
    const id = parseId(c, uuid);
    const { updated_at, ...values } = await parseBody(c, movimentacaoUpdate);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      const r = await updateVersioned(tx, movimentacoesCaixa, id, values, updated_at);
      if (r === 'missing') throw notFound();
      if (r === 'stale') throw staleWrite();
      await publish(tx, RECURSO, 'atualizado', id);
    });
    return c.json(movimentacaoOut((await getMovimentacao(db, id))!));
  })

  .delete('/movimentacoes/:id', guard, async (c) => {
    const id = parseId(c, uuid);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      if (!(await deleteMovimentacao(tx, id))) throw notFound();
      await publish(tx, RECURSO, 'removido', id);
    });
    return c.body(null, 204);
  });
