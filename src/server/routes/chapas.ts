import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  type ChapaRow,
  candidatas,
  chapaPorCodigo,
  chapasFilters,
  chapasTable,
  estoqueDashboard,
  getChapa,
  insertChapas,
  lockChapa,
  osParaReserva,
  produtoDaChapa,
  proximoNumeroNoLote,
  resumoPorPedra,
  searchChapas,
  setSituacao,
} from '../../db/queries/chapas';
import { andWhere, paginate } from '../../db/queries/common';
import { crudQueries } from '../../db/queries/crud';
import { insertSchedule } from '../../db/queries/despesas';
import { areaM2, codigoNoLote, medidasTexto } from '../../domain/chapas';
import { buildSchedule } from '../../domain/despesas';
import { cents, dec } from '../../domain/money';
import {
  CABE_RE,
  chapaBaixar,
  chapaCreate,
  chapaEntrada,
  chapaLiberar,
  chapaReservar,
  chapasListQuery,
  chapaUpdate,
  resumoQuery,
  STATUS_CHAPA_LABEL,
  TIPO_CHAPA_LABEL,
} from '../../schemas/chapas';
import { pageSchema, uuid } from '../../schemas/common';
import { z } from '../../schemas/z';
import { chapaLinhaSchema, chapaOut, chapaSchema, reservarChapa } from '../casos/chapas';
import { type AppContext, type AppEnv, parseBody, parseId, parseQuery } from '../context';
import { route } from '../contract';
import { badRequest, conflict, found, fromDatabase, fromRefusal, notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { exportContract, exportHandler, sortKeys } from '../export';
import { renderPdf } from '../pdf/render';
import { orderFrom } from './crud';

const RECURSO = 'chapas';
const access = ['estoque'] as const;
const q = crudQueries(chapasTable);
const row = chapaSchema;

/** Stock by stone (`/resumo`): counts, areas in m² (3 decimals) and the available value. */
const resumoSchema = z.object({
  dias_sobra: z.number().int(),
  items: z.array(
    z.object({
      produto_id: uuid,
      produto_nome: z.string(),
      chapas: z.number().int(),
      sobras: z.number().int(),
      m2_disponivel: z.number(),
      m2_reservado: z.number(),
      valor: z.number(),
      sobras_antigas: z.number().int(),
    }),
  ),
});

const painelSchema = z.object({ valor: z.number(), m2_disponivel: z.number(), sobras: z.number().int() });

/** A remnant suggested on a quote: no cost, only what finds it in the yard. */
const sugestoesSchema = z.object({
  items: z.array(
    row.pick({
      id: true,
      codigo: true,
      largura_mm: true,
      altura_mm: true,
      formato: true,
      localizacao: true,
    }),
  ),
});

/** The new slabs as inserted (no names: the form shows the lot it sent). */
const entradaSchema = z.object({
  items: z.array(chapaLinhaSchema),
  despesas: z.array(z.object({ id: uuid, valor: z.number(), data_vencimento: z.iso.date() })),
  /** The labels of the slabs just entered (PDF). */
  etiquetas: z.string(),
});

type Lida = NonNullable<Awaited<ReturnType<typeof getChapa>>>;

const chapaNaoEncontrada = () => notFound('Chapa não encontrada.');

/** The list's filters from the query string, validated (400 naming the filter). */
function filtros(query: z.output<typeof chapasListQuery>) {
  const m = query.cabe ? CABE_RE.exec(query.cabe) : null;
  return chapasFilters({ ...query, cabe: m ? [Number(m[1]), Number(m[2])] : undefined });
}

/** The list's WHERE: the search and the filters. */
const listWhere = (query: z.output<typeof chapasListQuery>) =>
  andWhere(query.q ? searchChapas(query.q) : undefined, ...filtros(query));

/** The stone must be sold by the m²: stock of slabs is measured in area. */
async function exigirPedra(c: AppContext, produtoId: string) {
  const p = await produtoDaChapa(c.get('deps').db, { id: produtoId });
  if (!p)
    throw badRequest('Pedra não encontrada.', [{ path: 'produto_id', message: 'Pedra não encontrada.' }]);
  if (p.tipo_unidade !== 'm²') {
    const msg = `${p.nome} é vendido por unidade: só pedras vendidas por m² têm chapas.`;
    throw badRequest(msg, [{ path: 'produto_id', message: msg }]);
  }
  return p;
}

/** The version a client read, or 409: two people in the yard must not overwrite each other. */
function mesmaVersao(cur: ChapaRow, updatedAt: string) {
  if (cur.updated_at.getTime() !== new Date(updatedAt).getTime()) throw staleWrite();
}

// ── Label
function etiquetaContent(r: Lida, url: string): Content {
  const medidas =
    r.formato === 'L'
      ? `${medidasTexto(r)} (L, recorte ${medidasTexto({ largura_mm: r.recorte_largura_mm ?? 0, altura_mm: r.recorte_altura_mm ?? 0 })})`
      : medidasTexto(r);
  return {
    columns: [
      { qr: url, fit: 120, width: 130 },
      {
        width: '*',
        stack: [
          { text: r.codigo, fontSize: 22, bold: true },
          { text: r.produto_nome ?? '', fontSize: 14, margin: [0, 2, 0, 6] },
          { text: `Lote ${r.lote}${r.bloco ? ` · Bloco ${r.bloco}` : ''}` },
          { text: `${TIPO_CHAPA_LABEL[r.tipo]} ${medidas} · ${r.espessura_mm} mm` },
          { text: `Área ${areaM2(r).replace('.', ',')} m²` },
          r.localizacao ? { text: `Local: ${r.localizacao}` } : { text: '' },
        ],
      },
    ],
    columnGap: 10,
    margin: [0, 0, 0, 24],
  };
}

async function etiquetasPdf(c: AppContext, rows: Lida[]) {
  const base = c.get('deps').config.publicUrl;
  const doc: TDocumentDefinitions = {
    pageSize: 'A6',
    pageOrientation: 'landscape',
    pageMargins: [16, 16, 16, 16],
    info: { title: rows.length === 1 ? `Etiqueta ${rows[0]!.codigo}` : 'Etiquetas de chapas' },
    content: rows.map((r, i) => ({
      stack: [etiquetaContent(r, `${base}/estoque?chapa=${r.id}`)],
      ...(i > 0 ? { pageBreak: 'before' as const } : {}),
    })),
  };
  return renderPdf(doc);
}

const pdf = (c: AppContext, bytes: Buffer, nome: string) =>
  c.body(new Uint8Array(bytes), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `inline; filename="${nome}.pdf"`,
  });

const codigoQuery = z.object({
  codigo: z
    .string({ message: 'Informe o código.' })
    .trim()
    .min(1, 'Informe o código.')
    .max(60, 'O código deve ter no máximo 60 caracteres.'),
});

const doc = {
  list: route({
    summary: 'Chapas e sobras (busca, filtros produto_id, tipo, status, lote, localizacao, cabe=LxA em mm)',
    description:
      '`cabe=1200x400`: chapas disponíveis que comportam a peça em qualquer orientação; uma sobra em L só quando a peça cabe num dos dois retângulos inteiros do L.',
    access,
    query: chapasListQuery,
    response: pageSchema(row),
  }),
  resumo: route({
    summary: 'Estoque por pedra: chapas, sobras, m² disponível e reservado, valor, sobras antigas',
    description:
      'Agrupa por pedra (ordem alfabética) só as chapas disponíveis e reservadas. Áreas em m² com 3 casas; `valor` é a soma do custo das chapas e sobras disponíveis, em R$; `sobras_antigas` conta as sobras disponíveis que entraram há mais de `dias_sobra` dias (padrão 90).',
    access,
    query: resumoQuery,
    response: resumoSchema,
  }),
  painel: route({
    summary: 'Cartão do dashboard: valor do estoque disponível, m² e quantidade de sobras',
    description:
      'Soma das chapas e sobras com status disponível: `valor` é o custo delas em R$, `m2_disponivel` a área em m² (3 casas) e `sobras` quantas sobras esperam uso.',
    access: ['dashboard', 'estoque'],
    response: painelSchema,
  }),
  sugestoes: route({
    summary: 'Sobras disponíveis de uma pedra que comportam uma peça (sugestão no orçamento)',
    description:
      '`cabe=LxA` em milímetros, a peça em qualquer orientação. Devolve até 5 sobras disponíveis da pedra, a de menor área primeiro, sem custo: só código, medidas, formato e localização.',
    access: ['estoque', 'orcamentos'],
    query: z.object({ produto_id: uuid, cabe: z.string() }),
    response: sugestoesSchema,
  }),
  // A query, not /codigo/:codigo: beside /:id/etiqueta, /:id/reservar… that path made two routes
  // match one URL (/codigo/etiqueta), which the OpenAPI linters flag.
  codigo: route({
    summary: 'Uma chapa pelo código da etiqueta',
    description:
      'Aceita o código como digitado ou em maiúsculas; 404 nomeando o código quando nenhuma chapa o tem.',
    access,
    query: codigoQuery,
    errors: [400, 404],
    response: row,
  }),
  etiquetas: route({
    summary: 'Etiquetas (PDF) de várias chapas: ?ids=a,b,c (uma entrada inteira)',
    description:
      '`ids`: de 1 a 200 ids separados por vírgula (repetidos contam uma vez). Uma etiqueta A6 por página, em ordem de código; ids inexistentes são ignorados e o 404 vem só quando nenhum existe.',
    access,
    query: z.object({ ids: z.string() }),
    produces: 'application/pdf',
    errors: [400, 404],
  }),
  get: route({
    summary: 'Uma chapa',
    description:
      'Com os nomes da pedra e do fornecedor, o número da OS vinculada, o código da chapa de origem (sobras), `area_m2` e a primeira foto com a contagem de fotos.',
    access,
    response: row,
    errors: [404],
  }),
  etiqueta: route({
    summary: 'Etiqueta da chapa (PDF): código, pedra, lote/bloco, medidas e QR code que abre a chapa',
    description: 'PDF A6 em paisagem; o QR code abre `/estoque?chapa=<id>` no endereço público do sistema.',
    access,
    produces: 'application/pdf',
    errors: [404],
  }),
  post: route({
    summary: 'Cria uma chapa ou sobra',
    description:
      'Só pedras vendidas por m² têm chapas (400 em `produto_id`). Sem `codigo`, recebe o próximo `<lote>-<nn>` do lote; código repetido é 409. Nasce disponível: status e OS mudam só por `reservar`, `liberar` e `baixar`.',
    access,
    body: chapaCreate,
    response: row,
    status: 201,
    errors: [400, 409],
  }),
  entrada: route({
    summary: 'Entrada de N chapas de um lote (códigos <lote>-<nn>) e, se pedida, a despesa com parcelas',
    description:
      'Cria `quantidade` (1 a 200) chapas iguais, numeradas em sequência a partir do próximo número do lote. O custo de cada uma é `custo_chapa` ou `custo_m2` × a área da chapa (informe um dos dois). Com `despesa`, lança a despesa e suas parcelas na mesma transação; `etiquetas` é o endereço do PDF com as etiquetas das chapas criadas.',
    access,
    body: chapaEntrada,
    response: entradaSchema,
    status: 201,
    errors: [400, 409],
  }),
  patch: route({
    summary: 'Altera uma chapa (envie o updated_at lido)',
    description:
      'Só os campos enviados mudam; 409 se `updated_at` não é o lido. Uma nova pedra também precisa ser vendida por m²; `codigo` vazio mantém o código atual.',
    access,
    body: chapaUpdate,
    response: row,
    errors: [400, 404, 409],
  }),
  delete: route({
    summary: 'Remove uma chapa',
    description:
      '409 quando da chapa já saíram sobras ou quando uma OS a consumiu: nesses casos use `baixar`, que a mantém no histórico do estoque.',
    access,
    status: 204,
    errors: [404, 409],
  }),
  reservar: route({
    summary: 'Reserva a chapa para uma OS (409 nomeando a OS que a reservou)',
    description:
      'A OS precisa estar aberta e a chapa disponível (409 dizendo por quê); reservar de novo para a mesma OS não muda nada. Reservas simultâneas são serializadas: a de outra OS que chega depois recebe 409 nomeando a OS que reservou.',
    access: ['estoque', 'producao'],
    body: chapaReservar,
    response: row,
    errors: [400, 404, 409],
  }),
  liberar: route({
    summary: 'Libera a reserva da chapa',
    description:
      'Devolve a chapa reservada ao estoque disponível e a desvincula da OS; se já está disponível, não muda nada. 409 se ela foi consumida ou baixada, ou se `updated_at` não é o lido.',
    access: ['estoque', 'producao'],
    body: chapaLiberar,
    response: row,
    errors: [404, 409],
  }),
  baixar: route({
    summary: 'Dá baixa na chapa (quebrada, vendida como retalho): motivo obrigatório',
    description:
      'Marca a chapa como baixada com o `motivo` (3 a 500 caracteres) e a desvincula de qualquer OS: ela sai do estoque mas fica no histórico. 409 se já está consumida ou baixada, ou se `updated_at` não é o lido.',
    access,
    body: chapaBaixar,
    response: row,
    errors: [400, 404, 409],
  }),
};

export const chapasRoutes = new Hono<AppEnv>()
  .get('/', doc.list, async (c) => {
    const query = parseQuery(c, chapasListQuery);
    const { db } = c.get('deps');
    const w = listWhere(query);
    const order = orderFrom(
      query.sort ?? chapasTable.defaultSort,
      chapasTable.sortable,
      chapasTable.table.id,
    );
    const page = await paginate(
      (limit, offset) => q.list(db, { where: w, order, limit, offset }),
      () => q.count(db, { where: w }),
      query.page,
      query.limit,
    );
    return c.json({ ...page, items: page.items.map((r) => chapaOut(r as Lida)) });
  })
  .get('/exportar', route({ ...exportContract('chapas', chapasListQuery), access }), (c) =>
    exportHandler(c, chapasListQuery, (query) => ({
      recurso: RECURSO,
      titulo: 'Estoque de chapas',
      columns: [
        { header: 'Código', value: 'codigo' },
        { header: 'Pedra', value: 'produto_nome' },
        { header: 'Tipo', value: 'tipo', labels: TIPO_CHAPA_LABEL },
        { header: 'Lote', value: 'lote' },
        { header: 'Bloco', value: 'bloco' },
        { header: 'Largura (mm)', value: 'largura_mm', type: 'integer' },
        { header: 'Altura (mm)', value: 'altura_mm', type: 'integer' },
        { header: 'Espessura (mm)', value: 'espessura_mm', type: 'integer' },
        { header: 'Formato', value: 'formato', labels: { retangulo: 'Retângulo', L: 'L' } },
        { header: 'Área (m²)', value: (r) => areaM2(r as never), type: 'number' },
        { header: 'Localização', value: 'localizacao' },
        { header: 'Custo', value: 'custo', type: 'money' },
        { header: 'Status', value: 'status', labels: STATUS_CHAPA_LABEL },
        { header: 'OS', value: 'os_numero', type: 'integer' },
        { header: 'Origem', value: 'origem_codigo' },
        { header: 'Fornecedor', value: 'fornecedor_nome' },
        { header: 'Entrada', value: 'data_entrada', type: 'date' },
      ],
      where: listWhere(query),
      order: sortKeys(query.sort ?? chapasTable.defaultSort, chapasTable.sortable, chapasTable.table.id),
      page: q.page,
    })),
  )
  .get('/resumo', doc.resumo, async (c) => {
    const { dias_sobra } = parseQuery(c, resumoQuery);
    const rows = await resumoPorPedra(c.get('deps').db, { diasSobra: dias_sobra });
    return c.json({
      dias_sobra,
      items: rows.map((r) => ({
        produto_id: String(r.produto_id),
        produto_nome: String(r.produto_nome),
        chapas: Number(r.chapas),
        sobras: Number(r.sobras),
        m2_disponivel: Number(r.m2_disponivel),
        m2_reservado: Number(r.m2_reservado),
        valor: Number(cents(dec(r.valor as string)).toFixed(2)),
        sobras_antigas: Number(r.sobras_antigas),
      })),
    });
  })
  .get('/painel', doc.painel, async (c) => {
    const r = await estoqueDashboard(c.get('deps').db);
    return c.json({
      valor: Number(cents(dec(r?.valor ?? '0')).toFixed(2)),
      m2_disponivel: Number(r?.m2 ?? 0),
      sobras: Number(r?.sobras ?? 0),
    });
  })
  .get('/sugestoes', doc.sugestoes, async (c) => {
    const p = parseQuery(
      c,
      z.object({
        produto_id: uuid,
        cabe: z
          .string()
          .trim()
          .regex(CABE_RE, 'Cabe: informe a peça como LxA em milímetros (ex.: 1200x400).'),
      }),
    );
    const m = CABE_RE.exec(p.cabe)!;
    const rows = await candidatas(c.get('deps').db, {
      produtoId: p.produto_id,
      largura: Number(m[1]),
      altura: Number(m[2]),
      limit: 5,
      tipo: 'sobra',
    });
    // Nothing about cost reaches a quote's screen: the code, measures and place.
    return c.json({
      items: rows.map((r) => ({
        id: r.id,
        codigo: r.codigo,
        largura_mm: r.largura_mm,
        altura_mm: r.altura_mm,
        formato: r.formato,
        localizacao: r.localizacao,
      })),
    });
  })
  .get('/etiquetas', doc.etiquetas, async (c) => {
    const { ids } = parseQuery(
      c,
      z.object({ ids: z.string({ message: 'Informe as chapas.' }).max(40 * 200) }),
    );
    const lista = [
      ...new Set(
        ids
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (!lista.length || lista.length > 200 || !lista.every((id) => uuid.safeParse(id).success))
      throw badRequest('Informe de 1 a 200 chapas (ids separados por vírgula).', [
        { path: 'ids', message: 'Informe de 1 a 200 chapas (ids separados por vírgula).' },
      ]);
    const { db } = c.get('deps');
    const rows = (await Promise.all(lista.map((id) => getChapa(db, { id })))).filter((r): r is Lida => !!r);
    if (!rows.length) throw chapaNaoEncontrada();
    rows.sort((a, b) => a.codigo.localeCompare(b.codigo, 'pt-BR', { numeric: true }));
    return pdf(c, await etiquetasPdf(c, rows), 'etiquetas');
  })
  .get('/por-codigo', doc.codigo, async (c) => {
    const { codigo } = parseQuery(c, codigoQuery);
    const lida = await chapaPorCodigo(c.get('deps').db, { codigo });
    return c.json(chapaOut(found(lida, () => notFound(`Nenhuma chapa com o código ${codigo}.`))));
  })
  .get('/:id', doc.get, async (c) =>
    c.json(chapaOut(found(await getChapa(c.get('deps').db, { id: parseId(c, uuid) }), chapaNaoEncontrada))),
  )
  .get('/:id/etiqueta', doc.etiqueta, async (c) => {
    const r = found(await getChapa(c.get('deps').db, { id: parseId(c, uuid) }), chapaNaoEncontrada);
    return pdf(c, await etiquetasPdf(c, [r]), `etiqueta-${r.codigo}`);
  })
  .post('/entrada', doc.entrada, async (c) => {
    const input = await parseBody(c, chapaEntrada);
    await exigirPedra(c, input.produto_id);
    const { db } = c.get('deps');
    const contorno = {
      largura_mm: input.largura_mm,
      altura_mm: input.altura_mm,
      formato: 'retangulo' as const,
    };
    const custo = input.custo_chapa ?? cents(dec(input.custo_m2).times(areaM2(contorno))).toFixed(2);
    const result = await db.transaction(async (tx) => {
      const primeiro = await proximoNumeroNoLote(tx, { lote: input.lote });
      const inserted = await insertChapas(tx, {
        values: Array.from({ length: input.quantidade }, (_, i) => ({
          codigo: codigoNoLote(input.lote, primeiro + i),
          produto_id: input.produto_id,
          tipo: 'chapa' as const,
          lote: input.lote,
          bloco: input.bloco,
          largura_mm: input.largura_mm,
          altura_mm: input.altura_mm,
          espessura_mm: input.espessura_mm,
          localizacao: input.localizacao,
          custo,
          fornecedor_id: input.fornecedor_id,
          observacoes: input.observacoes,
          ...(input.data_entrada ? { data_entrada: input.data_entrada } : {}),
        })),
      });
      let despesas: { id: string; valor: string; data_vencimento: string }[] = [];
      if (input.despesa) {
        const rows = await insertSchedule(tx, { rows: buildSchedule(input.despesa), serieId: randomUUID() });
        despesas = rows.map((d) => ({ id: d.id, valor: d.valor, data_vencimento: d.data_vencimento }));
        await publish(tx, 'despesas', 'criado', rows[0]?.id);
      }
      await publish(tx, RECURSO, 'criado', inserted[0]?.id);
      return { inserted, despesas };
    });
    result.inserted.sort((a, b) => a.codigo.localeCompare(b.codigo, 'pt-BR', { numeric: true }));
    return c.json(
      {
        items: result.inserted.map(chapaOut),
        despesas: result.despesas.map((d) => ({ ...d, valor: Number(d.valor) })),
        etiquetas: `/api/chapas/etiquetas?ids=${result.inserted.map((r) => r.id).join(',')}`,
      },
      201,
    );
  })
  .post('/', doc.post, async (c) => {
    const input = await parseBody(c, chapaCreate);
    await exigirPedra(c, input.produto_id);
    const { db } = c.get('deps');
    const id = await db.transaction(async (tx) => {
      const codigo =
        input.codigo ?? codigoNoLote(input.lote, await proximoNumeroNoLote(tx, { lote: input.lote }));
      const [r] = await insertChapas(tx, {
        values: [
          {
            ...input,
            codigo,
            recorte_largura_mm: input.recorte_largura_mm ?? null,
            recorte_altura_mm: input.recorte_altura_mm ?? null,
            ...(input.data_entrada ? { data_entrada: input.data_entrada } : { data_entrada: undefined }),
          },
        ],
      });
      await publish(tx, RECURSO, 'criado', r!.id);
      return r!.id;
    });
    return c.json(chapaOut((await getChapa(db, { id }))!), 201);
  })
  .patch('/:id', doc.patch, async (c) => {
    const id = parseId(c, uuid);
    const { updated_at, ...values } = await parseBody(c, chapaUpdate);
    if (values.produto_id) await exigirPedra(c, values.produto_id);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      const cur = await lockChapa(tx, { id });
      if (!cur) throw chapaNaoEncontrada();
      const set: Record<string, unknown> = { ...values };
      if ('codigo' in set && !set.codigo) delete set.codigo;
      const r = await q.update(tx, { id, values: set, updatedAt: updated_at });
      if (r === 'missing') throw chapaNaoEncontrada();
      if (r === 'stale') throw staleWrite();
      await publish(tx, RECURSO, 'atualizado', id);
    });
    return c.json(chapaOut((await getChapa(db, { id }))!));
  })
  .delete('/:id', doc.delete, async (c) => {
    const id = parseId(c, uuid);
    const { db } = c.get('deps');
    try {
      await db.transaction(async (tx) => {
        if (!(await q.remove(tx, { id }))) throw chapaNaoEncontrada();
        await publish(tx, RECURSO, 'removido', id);
      });
    } catch (err) {
      const mapped = fromDatabase(err);
      if (mapped?.status === 409 && chapasTable.emUso) throw fromRefusal(await chapasTable.emUso(db, { id }));
      throw err;
    }
    return c.body(null, 204);
  })
  .post('/:id/reservar', doc.reservar, async (c) => {
    const id = parseId(c, uuid);
    const input = await parseBody(c, chapaReservar);
    const { db } = c.get('deps');
    const os = await osParaReserva(db, { id: input.ordem_servico_id });
    if (!os)
      throw badRequest('Ordem de serviço não encontrada.', [
        { path: 'ordem_servico_id', message: 'Ordem de serviço não encontrada.' },
      ]);
    if (os.status !== 'aberta')
      throw conflict('OS encerrada', `A OS ${os.numero} não está aberta: não reserva chapas.`);
    await db.transaction(async (tx) => {
      // The row lock serialises the yard: of two reservations at once, the second reads the first's.
      const cur = await lockChapa(tx, { id });
      if (!cur) throw chapaNaoEncontrada();
      await reservarChapa(tx, { cur, os, updatedAt: input.updated_at });
    });
    return c.json(chapaOut((await getChapa(db, { id }))!));
  })
  .post('/:id/liberar', doc.liberar, async (c) => {
    const id = parseId(c, uuid);
    const input = await parseBody(c, chapaLiberar);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      const cur = await lockChapa(tx, { id });
      if (!cur) throw chapaNaoEncontrada();
      if (cur.status === 'disponivel') return;
      if (cur.status !== 'reservada')
        throw conflict(
          'Chapa não reservada',
          `A chapa ${cur.codigo} está ${STATUS_CHAPA_LABEL[cur.status].toLowerCase()}.`,
        );
      mesmaVersao(cur, input.updated_at);
      await setSituacao(tx, { id, status: 'disponivel', ordemServicoId: null });
      await publish(tx, RECURSO, 'atualizado', id);
    });
    return c.json(chapaOut((await getChapa(db, { id }))!));
  })
  .post('/:id/baixar', doc.baixar, async (c) => {
    const id = parseId(c, uuid);
    const input = await parseBody(c, chapaBaixar);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      const cur = await lockChapa(tx, { id });
      if (!cur) throw chapaNaoEncontrada();
      if (cur.status === 'consumida' || cur.status === 'baixada')
        throw conflict(
          'Chapa indisponível',
          `A chapa ${cur.codigo} já está ${STATUS_CHAPA_LABEL[cur.status].toLowerCase()}.`,
        );
      mesmaVersao(cur, input.updated_at);
      await setSituacao(tx, { id, status: 'baixada', ordemServicoId: null, motivo: input.motivo });
      await publish(tx, RECURSO, 'atualizado', id);
    });
    return c.json(chapaOut((await getChapa(db, { id }))!));
  });
