import { Hono } from 'hono';
import type { Executor } from '../../db/client';
import { paginate } from '../../db/queries/common';
import * as q from '../../db/queries/orcamentos';
import { vendaOut } from '../../db/queries/vendas';
import { pageSchema, uuid } from '../../schemas/common';
import {
  type CalculoOrcamento,
  calculoOrcamentoSchema,
  orcamentoCalculo,
  orcamentoCreate,
  orcamentoDetalheSchema,
  orcamentoListQuery,
  orcamentoUpdate,
  orcamentoVendaInput,
  type StatusOrcamento,
  TIPO_VENDA_LABEL,
} from '../../schemas/orcamentos';
import { vendaGeradaSchema, vendaPreviaSchema } from '../../schemas/vendas';
import { comAutorNaInstrucao } from '../audit-context';
import {
  detalhe,
  LIST_NUMERIC,
  lockOrcamentoOu404,
  numerosDe,
  orcamentoNaoEncontrado,
} from '../casos/orcamento-detalhe';
import { price, toValues } from '../casos/orcamento-preco';
import { figurasDaVenda, gerarVenda, vendaJaGerada } from '../casos/venda';
import { type AppContext, type AppEnv, currentUser, parseBody, parseId, parseQuery } from '../context';
import { route } from '../contract';
import { deleteHandler } from '../delete-route';
import { badRequest, conflict, found, staleWrite } from '../errors';
import { publish, publishSql } from '../events';
import { COLUNAS, exportContract, exportHandler, sortKeys } from '../export';
import { hasAny } from '../permissions';

const RECURSO = 'orcamentos';
const access = ['orcamentos'] as const;

const MSG_VENDA_REALIZADA_EDITAR = 'Este orçamento já foi convertido em venda e não pode ser alterado.';
const MSG_VENDA_REALIZADA_EXCLUIR = 'Este orçamento já foi convertido em venda e não pode ser excluído.';

/** The quote's details, or 404 (a quote deleted meanwhile). */
async function detalheOu404(db: Executor, id: string) {
  return found(await detalhe(db, id), orcamentoNaoEncontrado);
}

/** A body that may be absent (older clients post nothing): an empty one reads as `{}`. */
async function parseOptionalBody<S extends Parameters<typeof parseBody>[1]>(c: AppContext, schema: S) {
  const text = await c.req.text();
  if (!text.trim()) return schema.parse({}) as ReturnType<S['parse']>;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw badRequest('O corpo da requisição não é um JSON válido.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Dados inválidos.');
  return parsed.data as ReturnType<S['parse']>;
}

const tzOf = (c: AppContext) => c.get('deps').config.tzNegocio;

/** The status as the list shows it (web/features/orcamentos/status.tsx). */
const STATUS_ORCAMENTO_LABEL: Record<StatusOrcamento, string> = {
  pendente: 'Pendente',
  aprovado: 'Aprovado',
  venda_realizada: 'Venda Realizada',
  rejeitado: 'Rejeitado',
};

/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  postCalcular: route({
    summary: 'Calcula o orçamento sem salvar',
    description:
      'Precifica pelos dados atuais: preços dos produtos, acabamentos e recortes, salários da equipe escolhida, despesas fixas do mês, percentuais de vendedor e arquiteto e taxas do cartão. Nada é gravado; referências que não existem contam como nada (o orçamento ainda está sendo digitado), mas acabamento ou recorte removido ou inativo é 400 nomeando o campo. Medidas em metros, valores em R$; o custo por hora de cada funcionário só vem para quem pode ver salários.',
    access,
    body: orcamentoCalculo,
    response: calculoOrcamentoSchema,
  }),
  get: route({
    summary: 'Lista orçamentos (busca, status, paginação, ordenação), com o resumo das peças de cada um',
    description:
      'Mais recentes primeiro por padrão (`sort`: `created_at`, `numero`, `valor_total`, com `-` para decrescente). `q` busca pelo nome do cliente ou pelo número (com ou sem `#`); `status` filtra.',
    access,
    query: orcamentoListQuery,
    response: pageSchema(q.orcamentoLinhaSchema),
  }),
  getExportar: route({ ...exportContract('orçamentos', orcamentoListQuery), access }),
  getId: route({
    summary: 'Um orçamento com itens e resumo',
    description:
      'Com o contato do cliente, a equipe, os itens (medidas em metros; bordas e recortes com o nome e o preço copiados ao gravar) e o resumo do cálculo. Valores em R$.',
    access,
    response: orcamentoDetalheSchema,
    errors: [404],
  }),
  post: route({
    summary: 'Cria orçamento',
    description:
      'Precifica no servidor como `/calcular`, agora exigindo que cliente, produtos, itens de venda, funcionários, vendedor, arquiteto e cartão existam (400 nomeando o campo), peças em m² com as duas medidas e entrada não maior que o total. O preço de cada produto é copiado: mudá-lo depois não altera o orçamento. Nasce pendente.',
    access,
    body: orcamentoCreate,
    response: orcamentoDetalheSchema,
    status: 201,
  }),
  putId: route({
    summary: 'Substitui orçamento (envie o updated_at lido)',
    description:
      'Substitui o orçamento inteiro (itens e equipe refeitos) e o precifica de novo pelos dados atuais, com as mesmas regras da criação. 409 se ele já virou venda ou se `updated_at` não é o lido.',
    access,
    body: orcamentoUpdate,
    response: orcamentoDetalheSchema,
    errors: [404, 409],
  }),
  deleteId: route({
    summary: 'Remove orçamento',
    description: 'Remove o orçamento com seus itens. 409 se ele já virou venda.',
    access,
    status: 204,
    errors: [404, 409],
  }),
  postIdVenda: route({
    summary: 'Converte o orçamento em venda (corpo opcional: o updated_at que a confirmação mostrou)',
    description:
      'Na mesma transação: cria a venda confirmada com os valores da prévia, gera as parcelas a receber, abre a ordem de serviço e marca o orçamento como venda realizada. Com `updated_at`, 409 se o orçamento mudou desde a confirmação; chamadas simultâneas geram uma venda só (as outras recebem 409).',
    access,
    body: orcamentoVendaInput,
    response: vendaGeradaSchema,
    status: 201,
    errors: [404, 409],
  }),
  getIdVendaPrevia: route({
    summary:
      'Os valores que a venda deste orçamento registraria (taxa do cartão, líquido, comissões), sem gerá-la',
    description:
      'Calcula com as taxas do cartão e os percentuais atuais o que `POST .../venda` gravaria (ou, se a empresa usa as comissões do orçamento, a taxa e as comissões que ele guardou), sem gravar nada. 409 se o orçamento já tem venda.',
    access,
    response: vendaPreviaSchema,
    errors: [404, 409],
  }),
};

export const orcamentosRoutes = new Hono<AppEnv>()
  .post('/calcular', doc.postCalcular, async (c) => {
    const input = await parseBody(c, orcamentoCalculo);
    const priced = await price(c.get('deps').db, tzOf(c), input, false);
    // The labour figure tells the average hourly cost of the chosen team to whoever builds quotes
    // (the spec's formula needs it, README "Diferenças deliberadas"); each person's own cost only to
    // those who may see salaries.
    const podeVerCustos = hasAny(currentUser(c), ['funcionarios']);
    const body: CalculoOrcamento = {
      ...priced.resumo,
      ...(podeVerCustos ? { funcionarios_custo_hora: priced.equipe } : {}),
      valor_frete: Number(input.valor_frete),
      valor_instalacao: Number(input.valor_instalacao),
      horas_trabalho: Number(input.horas_trabalho),
      margem_lucro: Number(input.margem_lucro),
      itens: priced.itens.map(({ produto_id: _p, bordas: _b, recortes: _r, ...i }) => i),
    };
    return c.json(body);
  })
  .get('/', doc.get, async (c) => {
    const query = parseQuery(c, orcamentoListQuery);
    const order = q.listOrder(query.sort);
    if (!order) throw badRequest(`Não é possível ordenar por "${query.sort}".`);
    const { db } = c.get('deps');
    const where = q.listWhere(query);
    const page = await paginate(
      (limit, offset) => q.listOrcamentosPagina(db, { where, order, limit, offset }),
      () => q.countOrcamentos(db, { q: query.q, status: query.status, where }),
      query.page,
      query.limit,
    );
    return c.json({ ...page, items: page.items.map((r) => numerosDe(r, LIST_NUMERIC)) });
  })
  .get('/exportar', doc.getExportar, (c) =>
    exportHandler(c, orcamentoListQuery, (query) => ({
      recurso: 'orcamentos',
      titulo: 'orçamentos',
      columns: [
        COLUNAS.numero,
        { header: 'Cliente', value: 'cliente_nome' },
        { header: 'Vendedor', value: 'vendedor_nome' },
        { header: 'Arquiteto', value: 'arquiteto_nome' },
        { header: 'Valor total', value: 'valor_total', type: 'money' },
        { header: 'Status', value: 'status', labels: STATUS_ORCAMENTO_LABEL },
        { header: 'Tipo de venda', value: 'tipo_venda', labels: TIPO_VENDA_LABEL },
        { header: 'Entrada', value: 'valor_entrada', type: 'money' },
        { header: 'Parcelas', value: 'numero_parcelas', type: 'integer' },
        COLUNAS.pagamento,
        { header: 'Validade', value: 'validade', type: 'date' },
        { header: 'Criado em', value: 'created_at', type: 'datetime' },
      ],
      where: q.listWhere(query),
      order: sortKeys(query.sort ?? '-created_at', q.SORTABLE, q.SORT_ID),
      page: (db, p) => q.listOrcamentos(db, { where: p.where, order: p.order, limit: p.limit, offset: 0 }),
    })),
  )
  .get('/:id', doc.getId, async (c) => {
    return c.json(await detalheOu404(c.get('deps').db, parseId(c, uuid)));
  })
  .post('/', doc.post, async (c) => {
    const input = await parseBody(c, orcamentoCreate);
    const { db } = c.get('deps');
    const priced = await price(db, tzOf(c), input, true);
    const { values, itens } = toValues(input, priced);
    const id = await comAutorNaInstrucao((autor) =>
      q.insertOrcamento(db, {
        values,
        itens,
        funcionarioIds: input.funcionario_ids,
        aviso: publishSql(RECURSO, 'criado'),
        autor,
      }),
    );
    return c.json(await detalheOu404(db, id), 201);
  })
  .put('/:id', doc.putId, async (c) => {
    const id = parseId(c, uuid);
    const { updated_at, ...input } = await parseBody(c, orcamentoUpdate);
    const { db } = c.get('deps');
    const priced = await price(db, tzOf(c), input, true);
    const { values, itens } = toValues(input, priced);
    await db.transaction(async (tx) => {
      const current = await lockOrcamentoOu404(tx, id);
      if (current.status === 'venda_realizada')
        throw conflict('Orçamento já vendido', MSG_VENDA_REALIZADA_EDITAR);
      if (updated_at && current.updated_at.getTime() !== new Date(updated_at).getTime()) throw staleWrite();
      await q.replaceOrcamento(tx, { id, values, itens, funcionarioIds: input.funcionario_ids });
      await publish(tx, RECURSO, 'atualizado', id);
    });
    return c.json(await detalheOu404(db, id));
  })
  .delete(
    '/:id',
    doc.deleteId,
    deleteHandler(async (tx, id) => {
      const current = await lockOrcamentoOu404(tx, id);
      if (current.status === 'venda_realizada') {
        throw conflict('Orçamento já vendido', MSG_VENDA_REALIZADA_EXCLUIR);
      }
      if (await q.vendaDoOrcamento(tx, { orcamentoId: id }))
        throw conflict('Orçamento já vendido', MSG_VENDA_REALIZADA_EXCLUIR);
      await q.deleteOrcamento(tx, { id });
      await publish(tx, RECURSO, 'removido', id);
    }),
  )
  .get('/:id/venda/previa', doc.getIdVendaPrevia, async (c) => {
    const id = parseId(c, uuid);
    const { db, config } = c.get('deps');
    const o = found(await q.orcamentoRow(db, { id }), orcamentoNaoEncontrado);
    if (o.status === 'venda_realizada' || (await q.vendaDoOrcamento(db, { orcamentoId: id }))) {
      throw vendaJaGerada();
    }
    return c.json(await figurasDaVenda(db, o, config.tzNegocio));
  })
  .post('/:id/venda', doc.postIdVenda, async (c) => {
    const id = parseId(c, uuid);
    const { updated_at } = await parseOptionalBody(c, orcamentoVendaInput);
    const { db, config } = c.get('deps');
    const venda = await db.transaction(async (tx) => {
      // The row lock makes concurrent calls wait here; the first commits, the rest then see its status.
      // vendas.orcamento_id is unique besides, so two sales for one quote cannot exist.
      const o = await lockOrcamentoOu404(tx, id);
      // The confirmation showed the quote as it was read; a change since then is not what was confirmed.
      if (updated_at && o.updated_at.getTime() !== new Date(updated_at).getTime()) {
        if (o.status === 'venda_realizada' || (await q.vendaDoOrcamento(tx, { orcamentoId: id }))) {
          throw vendaJaGerada();
        }
        throw staleWrite();
      }
      return gerarVenda(tx, o, config.tzNegocio);
    });
    return c.json(vendaOut(venda), 201);
  });
