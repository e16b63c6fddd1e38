import { eq, sql } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { categoriasProdutos, fornecedores, ordensServico, produtos } from '../../db/schema';
import {
  answer,
  apiSuite,
  fieldErrors,
  fieldMessages,
  ok,
  type Problem,
  refused,
  userWith,
  versionOf,
} from '../testing/harness';
import { producaoFixtures, seedGranito } from './producao.test-helpers';
import { seedCliente } from './vendas.test-helpers';

const { env, admin } = apiSuite();
let produtoId: string;
let fornecedorId: string;
const f = producaoFixtures(() => ({ env, admin, produtoId }));

beforeAll(async () => {
  produtoId = await seedGranito(env);
  const [fo] = await env.db
    .insert(fornecedores)
    .values({ nome: 'Pedreira Capixaba', telefone: '2733334444' })
    .returning();
  fornecedorId = fo!.id;
});

/** Everything the stock writes, to prove a refused request changed nothing. */
async function estado() {
  const [r] = await queryRows<Record<string, unknown>>(
    env.db,
    sql`select (select count(*)::int from chapas) as chapas, (select count(*)::int from despesas) as despesas,
               (select count(*)::int from chapa_consumos) as consumos,
               (select string_agg(id || status || coalesce(ordem_servico_id::text, ''), ',' order by id) from chapas) as situacao,
               (select string_agg(id || estoque::text, ',' order by id) from produtos) as estoques`,
  );
  return r;
}

async function novaPedra(nome: string, tipo_unidade: 'm²' | 'unitário' = 'm²') {
  await env.db.insert(categoriasProdutos).values({ nome: 'granitos' }).onConflictDoNothing();
  const [p] = await env.db
    .insert(produtos)
    .values({
      nome,
      categoria: 'granitos',
      valor_m2: '300.00',
      tipo_unidade,
      unidade: tipo_unidade === 'm²' ? 'm²' : 'un',
    })
    .returning();
  return p!.id;
}

type NovaChapa = InferRequestType<typeof admin.api.chapas.$post>['json'];
type Entrada = InferRequestType<typeof admin.api.chapas.entrada.$post>['json'];
type Consumo = InferRequestType<(typeof admin.api)['ordens-servico'][':id']['consumo']['$post']>['json'];

const chapa = (over: Partial<NovaChapa> = {}): NovaChapa => ({
  produto_id: produtoId,
  lote: 'T1',
  espessura_mm: 20,
  largura_mm: 3200,
  altura_mm: 1800,
  custo: '1440.00',
  ...over,
});

/** An open work order without a sale (its number is what a refusal names). */
async function novaOs() {
  const cliente = await seedCliente(env);
  const [os] = await env.db.insert(ordensServico).values({ cliente_id: cliente.id }).returning();
  return os!;
}

const criar = (json: NovaChapa) => ok(admin.api.chapas.$post({ json }), 201);
const umaChapa = (id: string) => admin.api.chapas[':id'].$get({ param: { id } });
const entrada = (json: Entrada) => answer(admin.api.chapas.entrada.$post({ json }));
/** Reserves slab `id` for the OS with the version read first: the answer, whatever the status. */
async function reservar(id: string, osId: string) {
  const updated_at = await versionOf(umaChapa(id));
  return answer(
    admin.api.chapas[':id'].reservar.$post({ param: { id }, json: { ordem_servico_id: osId, updated_at } }),
  );
}
const consumir = (osId: string, json: Consumo) =>
  admin.api['ordens-servico'][':id'].consumo.$post({ param: { id: osId }, json });
const chapasDaOs = (osId: string) =>
  ok(admin.api['ordens-servico'][':id'].chapas.$get({ param: { id: osId } }));
/** A refused answer's problem (the typed body is the success's). */
const problema = (res: { body: unknown }) => res.body as Problem;

describe('POST /api/chapas/entrada', () => {
  it('enters 8 slabs of a lot with their expense in two instalments, and the stone’s stock is their area', async () => {
    const pedra = await novaPedra('Preto São Gabriel');
    // 3200 × 1800 mm = 5.76 m² per slab; R$ 250,00/m² → R$ 1.440,00 per slab; 8 slabs = R$ 11.520,00,
    // paid in 2 instalments of R$ 5.760,00 (Despesas: valor is each instalment's).
    const res = await entrada({
      produto_id: pedra,
      fornecedor_id: fornecedorId,
      lote: 'L339',
      bloco: 'B12',
      quantidade: 8,
      largura_mm: 3200,
      altura_mm: 1800,
      espessura_mm: 20,
      custo_m2: '250,00',
      localizacao: 'Rack B3',
      despesa: {
        descricao: 'Compra lote L339',
        valor: '5760.00',
        data_vencimento: '2026-12-10',
        tipo: 'parcelada',
        parcelas: 2,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.items.map((c) => c.codigo)).toEqual([
      'L339-01',
      'L339-02',
      'L339-03',
      'L339-04',
      'L339-05',
      'L339-06',
      'L339-07',
      'L339-08',
    ]);
    for (const c of res.body.items) {
      expect(c).toMatchObject({
        custo: 1440,
        area_m2: 5.76,
        status: 'disponivel',
        tipo: 'chapa',
        lote: 'L339',
        bloco: 'B12',
        fornecedor_id: fornecedorId,
      });
    }
    expect(res.body.despesas).toEqual([
      expect.objectContaining({ valor: 5760, data_vencimento: '2026-12-10' }),
      expect.objectContaining({ valor: 5760, data_vencimento: '2027-01-10' }),
    ]);
    // 8 × 5.76 m² = 46.080 m²
    const [p] = await env.db
      .select({ estoque: produtos.estoque })
      .from(produtos)
      .where(eq(produtos.id, pedra));
    expect(Number(p!.estoque)).toBe(46.08);
    // the labels' link as the answer gives it: a raw path
    const pdf = await admin.request('GET', res.body.etiquetas);
    expect(pdf.status).toBe(200);

    // The next entry of the same lot goes on from 09.
    const mais = await entrada({
      produto_id: pedra,
      lote: 'L339',
      quantidade: 2,
      largura_mm: 3000,
      altura_mm: 1500,
      espessura_mm: 20,
      custo_chapa: 900,
    });
    expect(mais.status, JSON.stringify(mais.body)).toBe(201);
    expect(mais.body.items.map((c) => c.codigo)).toEqual(['L339-09', 'L339-10']);
    expect(mais.body.despesas).toEqual([]);
  });

  it('refuses a unit product, a count out of range and both or no cost, naming the field; nothing changed', async () => {
    const unidade = await novaPedra('Cuba de inox', 'unitário');
    const before = await estado();
    const base: Entrada = {
      produto_id: produtoId,
      lote: 'X1',
      quantidade: 2,
      largura_mm: 3000,
      altura_mm: 1500,
      espessura_mm: 20,
      custo_chapa: 100,
    };
    const casos: [Partial<Entrada>, string, RegExp][] = [
      [{ produto_id: unidade }, 'produto_id', /por unidade/],
      [{ quantidade: 0 }, 'quantidade', /quantidade/],
      [{ custo_m2: 10 }, 'custo_chapa', /um dos dois/],
      [{ custo_chapa: null }, 'custo_chapa', /um dos dois/],
      [{ largura_mm: 3000.5 }, 'largura_mm', /inteiro/],
      [{ despesa: { descricao: 'x', valor: 'abc', data_vencimento: '2026-01-01' } }, 'despesa.valor', /.+/],
    ];
    for (const [over, campo, msg] of casos) {
      const res = await entrada({ ...base, ...over });
      expect(res.status, campo).toBe(400);
      expect(fieldMessages(problema(res))[campo], JSON.stringify(res.body)).toMatch(msg);
    }
    expect(await estado()).toEqual(before);
  });
});

describe('POST /api/chapas/:id/reservar', () => {
  it('10 reservations of one slab at once: exactly one wins, nine get 409 naming the OS that holds it', async () => {
    const c = await criar(chapa({ lote: 'CORRIDA' }));
    const oss = await Promise.all(Array.from({ length: 10 }, () => novaOs()));
    const results = await Promise.all(
      oss.map((os) =>
        answer(
          admin.api.chapas[':id'].reservar.$post({
            param: { id: c.id },
            json: { ordem_servico_id: os.id, updated_at: c.updated_at },
          }),
        ),
      ),
    );
    const ganhou = results.filter((r) => r.status === 200);
    const perderam = results.filter((r) => r.status === 409);
    expect(ganhou).toHaveLength(1);
    expect(perderam).toHaveLength(9);
    const vencedora = oss.find((os) => os.id === ganhou[0]!.body.ordem_servico_id)!;
    expect(ganhou[0]!.body).toMatchObject({ status: 'reservada', os_numero: vencedora.numero });
    for (const r of perderam) {
      // whoever read the slab after the winner is told who holds it; one that raced on the version is told to reload
      expect(problema(r).detail).toMatch(new RegExp(`OS ${vencedora.numero}\\b|alterado por outra pessoa`));
    }
    const cur = await ok(umaChapa(c.id));
    expect(cur).toMatchObject({ status: 'reservada', ordem_servico_id: vencedora.id });
    // a later reservation by another job, with the current version, names the holder
    const outra = await reservar(c.id, oss.find((o) => o.id !== vencedora.id)!.id);
    expect(outra.status).toBe(409);
    expect(problema(outra).detail).toBe(
      `A chapa CORRIDA-01 já está reservada para a OS ${vencedora.numero}.`,
    );
  });

  it('liberar gives it back; baixar needs a reason; a consumed or written-off slab is not reserved', async () => {
    const c = await criar(chapa({ lote: 'LB' }));
    const os = await novaOs();
    expect((await reservar(c.id, os.id)).status).toBe(200);
    const param = { id: c.id };
    const cur = await ok(umaChapa(c.id));
    const lib = await ok(
      admin.api.chapas[':id'].liberar.$post({ param, json: { updated_at: cur.updated_at } }),
    );
    expect(lib).toMatchObject({ status: 'disponivel', ordem_servico_id: null });

    const baixar = admin.api.chapas[':id'].baixar;
    // on purpose: no motivo
    const semMotivo = await admin.post(`/api/chapas/${c.id}/baixar`, { updated_at: lib.updated_at });
    expect(semMotivo.status).toBe(400);
    expect(fieldMessages(semMotivo.body).motivo).toBe('Informe o motivo da baixa.');
    const baixa = await ok(
      baixar.$post({ param, json: { motivo: 'Trincou no transporte', updated_at: lib.updated_at } }),
    );
    expect(baixa).toMatchObject({ status: 'baixada', motivo_baixa: 'Trincou no transporte' });
    const before = await estado();
    const res = await reservar(c.id, os.id);
    expect(res.status).toBe(409);
    expect(problema(res).detail).toBe('A chapa LB-01 está baixada.');
    expect(await estado()).toEqual(before);
  });
});

describe('POST /api/ordens-servico/:id/consumo', () => {
  it('consumes the reserved slab and creates two remnants valued at 50 % of their area share, to the cent', async () => {
    const os = await novaOs();
    const pai = await criar(chapa({ lote: 'CONS', bloco: 'B7', fornecedor_id: fornecedorId }));
    expect((await reservar(pai.id, os.id)).status).toBe(200);
    const res = await ok(
      consumir(os.id, {
        chapas: [
          {
            chapa_id: pai.id,
            sobras: [
              { largura_mm: 700, altura_mm: 350, formato: 'retangulo', localizacao: 'C1' },
              {
                largura_mm: 1500,
                altura_mm: 1000,
                formato: 'L',
                recorte_largura_mm: 500,
                recorte_altura_mm: 400,
              },
            ],
          },
        ],
      }),
      201,
    );
    // Parent: 3200 × 1800 = 5,760,000 mm², R$ 1.440,00; factor 50 %.
    // 700 × 350 = 245,000 mm² → 1440 × 245000 / 5760000 = 61.25 × 0.5 = 30.625 → R$ 30,63 (half up)
    // L 1500 × 1000 less 500 × 400 = 1,300,000 mm² → 1440 × 1300000 / 5760000 = 325.00 × 0.5 = R$ 162,50
    expect(res.sobras).toEqual([
      expect.objectContaining({
        codigo: 'CONS-01-S1',
        custo: 30.63,
        tipo: 'sobra',
        origem_id: pai.id,
        lote: 'CONS',
        bloco: 'B7',
        espessura_mm: 20,
        produto_id: produtoId,
        status: 'disponivel',
        localizacao: 'C1',
      }),
      expect.objectContaining({
        codigo: 'CONS-01-S2',
        custo: 162.5,
        formato: 'L',
        area_m2: 1.3,
        origem_id: pai.id,
      }),
    ]);
    // The job's stone: 1440.00 − (30.63 + 162.50) = R$ 1.246,87
    expect(res).toMatchObject({ custo: 1440, custo_sobras: 193.13, custo_pedra: 1246.87 });
    expect(res.consumidas).toEqual([
      expect.objectContaining({ id: pai.id, status: 'consumida', ordem_servico_id: os.id }),
    ]);
    const daOs = await chapasDaOs(os.id);
    expect(daOs).toMatchObject({ custo_consumido: 1440, custo_sobras: 193.13, custo_pedra: 1246.87 });
  });

  it('refuses a slab the OS did not reserve, another job’s slab and a remnant larger than its slab; nothing changed', async () => {
    const os = await novaOs();
    const outra = await novaOs();
    const livre = await criar(chapa({ lote: 'REC' }));
    const alheia = await criar(chapa({ lote: 'REC' }));
    const minha = await criar(chapa({ lote: 'REC' }));
    expect((await reservar(alheia.id, outra.id)).status).toBe(200);
    expect((await reservar(minha.id, os.id)).status).toBe(200);
    const before = await estado();
    const naoReservada = await refused(
      consumir(os.id, { chapas: [{ chapa_id: livre.id, sobras: [] }] }),
      409,
    );
    expect(naoReservada.detail).toBe('A chapa REC-01 não foi reservada para esta OS.');
    const deOutra = await refused(
      consumir(os.id, {
        chapas: [
          { chapa_id: minha.id, sobras: [] },
          { chapa_id: alheia.id, sobras: [] },
        ],
      }),
      409,
    );
    expect(deOutra.detail).toBe(`A chapa REC-02 está reservada para a OS ${outra.numero}.`);
    const maior = await fieldErrors(
      consumir(os.id, {
        chapas: [
          { chapa_id: minha.id, sobras: [{ largura_mm: 3300, altura_mm: 500, formato: 'retangulo' }] },
        ],
      }),
    );
    expect(maior['chapas.0.sobras.0.largura_mm']).toBe(
      'A sobra é maior que a chapa REC-03 (3200 × 1800 mm).',
    );
    const cantoGrande = await fieldErrors(
      consumir(os.id, {
        chapas: [
          {
            chapa_id: minha.id,
            sobras: [
              {
                largura_mm: 1000,
                altura_mm: 500,
                formato: 'L',
                recorte_largura_mm: 1000,
                recorte_altura_mm: 100,
              },
            ],
          },
        ],
      }),
    );
    expect(cantoGrande['chapas.0.sobras.0.recorte_largura_mm']).toBe(
      'O recorte do L deve ser menor que a largura da chapa.',
    );
    expect(await estado()).toEqual(before);
  });
});

describe('cancelling the sale releases its reservations', () => {
  it('the OS of a cancelled sale gives its reserved slabs back to the yard', async () => {
    const { venda, os } = await f.vendaPeloOrcamento();
    const a = await criar(chapa({ lote: 'CANC' }));
    const b = await criar(chapa({ lote: 'CANC' }));
    expect((await reservar(a.id, os.id)).status).toBe(200);
    expect((await reservar(b.id, os.id)).status).toBe(200);
    // the OS offers the reserved slabs and those that could hold its 2.50 × 1.20 m piece
    const daOs = await chapasDaOs(os.id);
    expect(daOs.items.map((c) => c.codigo)).toEqual(['CANC-01', 'CANC-02']);
    expect(daOs.candidatas[0]!.peca).toEqual({ largura_mm: 2500, altura_mm: 1200 });
    const umaVenda = admin.api.vendas[':id'];
    const param = { id: venda.id };
    const updated_at = await versionOf(umaVenda.$get({ param }));
    await ok(umaVenda.$patch({ param, json: { status: 'cancelada', updated_at } }));
    for (const id of [a.id, b.id]) {
      expect(await ok(umaChapa(id))).toMatchObject({
        status: 'disponivel',
        ordem_servico_id: null,
      });
    }
  });
});

describe('GET /api/chapas?cabe=LxA', () => {
  it('finds a slab holding the piece turned, and leaves out an L whose two rectangles cannot hold it', async () => {
    const pedra = await novaPedra('Branco Itaúnas');
    const comum = { produto_id: pedra, lote: 'CABE', espessura_mm: 20, custo: 100 };
    const deitada = await criar({ ...comum, largura_mm: 1000, altura_mm: 2500 });
    // L 2600 × 1600 less 1400 × 1000: full rectangles 2600 × 600 and 1200 × 1600
    const emL = await criar({
      ...comum,
      tipo: 'sobra',
      largura_mm: 2600,
      altura_mm: 1600,
      formato: 'L',
      recorte_largura_mm: 1400,
      recorte_altura_mm: 1000,
    });
    const pequena = await criar({ ...comum, largura_mm: 800, altura_mm: 800 });
    const ids = async (cabe: string) =>
      (await ok(admin.api.chapas.$get({ query: { produto_id: pedra, cabe } }))).items.map((c) => c.id).sort();
    // 2400 × 900: fits 1000 × 2500 turned; the L's bounding box would hold it, its rectangles do not
    expect(await ids('2400x900')).toEqual([deitada.id]);
    // 1100 × 1500 fits the L's 1200 × 1600 rectangle (and the 1000 × 2500 slab? 1100 > 1000 and 1500 ≤ 2500 turned: no)
    expect(await ids('1100x1500')).toEqual([emL.id]);
    expect(await ids('700x700')).toEqual([deitada.id, emL.id, pequena.id].sort());
    const bad = await fieldErrors(admin.api.chapas.$get({ query: { cabe: '12x' } }));
    expect(bad.cabe).toMatch(/LxA/);
  });
});

describe('GET /api/chapas/resumo, /painel and /sugestoes', () => {
  it('sums a stone’s available and reserved m² and value, and suggests the smallest remnant that holds a piece', async () => {
    const pedra = await novaPedra('Verde Ubatuba');
    const comum = { produto_id: pedra, lote: 'RES', espessura_mm: 20 };
    // available: 3000 × 2000 = 6.000 m² (R$ 1.200,00) and a remnant 1000 × 500 = 0.500 m² (R$ 50,00)
    await criar({ ...comum, largura_mm: 3000, altura_mm: 2000, custo: 1200 });
    const sobra = await criar({
      ...comum,
      tipo: 'sobra',
      largura_mm: 1000,
      altura_mm: 500,
      custo: 50,
      localizacao: 'C1',
    });
    // reserved: 2000 × 1500 = 3.000 m², not in the value
    const reservada = await criar({
      ...comum,
      largura_mm: 2000,
      altura_mm: 1500,
      custo: 600,
    });
    expect((await reservar(reservada.id, (await novaOs()).id)).status).toBe(200);
    const resumo = (await ok(admin.api.chapas.resumo.$get({ query: {} }))).items.find(
      (r) => r.produto_id === pedra,
    );
    expect(resumo).toEqual({
      produto_id: pedra,
      produto_nome: 'Verde Ubatuba',
      chapas: 1,
      sobras: 1,
      m2_disponivel: 6.5,
      m2_reservado: 3,
      valor: 1250,
      sobras_antigas: 0,
    });
    const [p] = await env.db
      .select({ estoque: produtos.estoque })
      .from(produtos)
      .where(eq(produtos.id, pedra));
    expect(Number(p!.estoque)).toBe(6.5);
    const painel = await ok(admin.api.chapas.painel.$get());
    expect(painel.sobras).toBeGreaterThanOrEqual(1);
    expect(painel.valor).toBeGreaterThanOrEqual(1250);
    const sugestoes = (cabe: string) =>
      ok(admin.api.chapas.sugestoes.$get({ query: { produto_id: pedra, cabe } }));
    const sug = await sugestoes('400x900');
    expect(sug.items).toEqual([
      {
        id: sobra.id,
        codigo: sobra.codigo,
        largura_mm: 1000,
        altura_mm: 500,
        formato: 'retangulo',
        localizacao: 'C1',
      },
    ]);
    expect((await sugestoes('1100x600')).items).toEqual([]);
  });
});

describe('GET /api/chapas/por-codigo', () => {
  it('finds a slab by its label’s code as typed or in lower case, a slash included; 404 naming an unknown code', async () => {
    const criada = await criar(chapa({ codigo: 'PC/7-01', lote: 'PC7' }));
    const porCodigo = (codigo: string) => admin.api.chapas['por-codigo'].$get({ query: { codigo } });
    expect((await ok(porCodigo(' pc/7-01 '))).id).toBe(criada.id);
    expect((await ok(porCodigo('PC/7-01'))).codigo).toBe('PC/7-01');
    const nenhuma = await refused(porCodigo('PC/7-99'), 404);
    expect(nenhuma.detail).toBe('Nenhuma chapa com o código PC/7-99.');
    // on purpose: no code at all
    const sem = await admin.get('/api/chapas/por-codigo');
    expect(sem.status).toBe(400);
    expect(fieldMessages(sem.body).codigo).toBe('Informe o código.');
  });
});

describe('bad input on /api/chapas', () => {
  it('400/409 in pt-BR naming the field, and nothing changed', async () => {
    const unidade = await novaPedra('Torneira', 'unitário');
    await criar(chapa({ codigo: 'DUP-1', lote: 'DUP' }));
    const before = await estado();
    const casos: [Partial<NovaChapa>, number, string, string | RegExp][] = [
      [{ produto_id: unidade }, 400, 'produto_id', /por unidade/],
      [
        { largura_mm: 99 },
        400,
        'largura_mm',
        'Largura: informe um número inteiro de milímetros entre 100 e 5000.',
      ],
      [
        { altura_mm: 5001 },
        400,
        'altura_mm',
        'Altura: informe um número inteiro de milímetros entre 100 e 5000.',
      ],
      [
        { espessura_mm: 20.5 },
        400,
        'espessura_mm',
        'Espessura: informe um número inteiro de milímetros entre 10 e 100.',
      ],
      [
        { formato: 'L', recorte_largura_mm: 3200, recorte_altura_mm: 100 },
        400,
        'recorte_largura_mm',
        'O recorte do L deve ser menor que a largura da chapa.',
      ],
      [{ formato: 'L' }, 400, 'recorte_altura_mm', 'Informe a altura do recorte do L.'],
      [{ lote: '' }, 400, 'lote', 'Informe o lote.'],
      [{ custo: -1 }, 400, 'custo', /menor que 0/],
      [{ codigo: 'DUP-1' }, 409, 'codigo', 'Já existe uma chapa com este código.'],
    ];
    for (const [over, status, campo, msg] of casos) {
      const res = await answer(admin.api.chapas.$post({ json: chapa(over) }));
      expect(res.status, `${campo} ${JSON.stringify(res.body)}`).toBe(status);
      expect(fieldMessages(problema(res))[campo], campo).toMatch(msg);
    }
    // on purpose: a formato outside the two
    const oval = await admin.post('/api/chapas', { ...chapa(), formato: 'oval' });
    expect(oval.status).toBe(400);
    expect(fieldMessages(oval.body).formato).toBe('Formato inválido: retangulo ou L.');
    expect(await estado()).toEqual(before);
  });

  it('403 without the estoque permission', async () => {
    const { client } = await userWith(env, ['orcamentos']);
    await refused(client.api.chapas.$get({ query: {} }), 403);
    await refused(client.api.chapas.$post({ json: chapa() }), 403);
  });
});
