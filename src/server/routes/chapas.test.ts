import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { categoriasProdutos, fornecedores, ordensServico, produtos } from '../../db/schema';
import { apiSuite, fieldMessages, userWith } from '../testing/harness';
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

const chapa = (over: Record<string, unknown> = {}) => ({
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

async function reservar(id: string, osId: string) {
  const cur = (await admin.get(`/api/chapas/${id}`)).body;
  return admin.post(`/api/chapas/${id}/reservar`, { ordem_servico_id: osId, updated_at: cur.updated_at });
}

describe('POST /api/chapas/entrada', () => {
  it('enters 8 slabs of a lot with their expense in two instalments, and the stone’s stock is their area', async () => {
    const pedra = await novaPedra('Preto São Gabriel');
    // 3200 × 1800 mm = 5.76 m² per slab; R$ 250,00/m² → R$ 1.440,00 per slab; 8 slabs = R$ 11.520,00,
    // paid in 2 instalments of R$ 5.760,00 (Despesas: valor is each instalment's).
    const res = await admin.post('/api/chapas/entrada', {
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
    expect(res.body.items.map((c: { codigo: string }) => c.codigo)).toEqual([
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
    const pdf = await admin.request('GET', res.body.etiquetas);
    expect(pdf.status).toBe(200);

    // The next entry of the same lot goes on from 09.
    const mais = await admin.post('/api/chapas/entrada', {
      produto_id: pedra,
      lote: 'L339',
      quantidade: 2,
      largura_mm: 3000,
      altura_mm: 1500,
      espessura_mm: 20,
      custo_chapa: 900,
    });
    expect(mais.status, JSON.stringify(mais.body)).toBe(201);
    expect(mais.body.items.map((c: { codigo: string }) => c.codigo)).toEqual(['L339-09', 'L339-10']);
    expect(mais.body.despesas).toEqual([]);
  });

  it('refuses a unit product, a count out of range and both or no cost, naming the field; nothing changed', async () => {
    const unidade = await novaPedra('Cuba de inox', 'unitário');
    const before = await estado();
    const base = {
      produto_id: produtoId,
      lote: 'X1',
      quantidade: 2,
      largura_mm: 3000,
      altura_mm: 1500,
      espessura_mm: 20,
      custo_chapa: 100,
    };
    const casos: [Record<string, unknown>, string, RegExp][] = [
      [{ produto_id: unidade }, 'produto_id', /por unidade/],
      [{ quantidade: 0 }, 'quantidade', /quantidade/],
      [{ custo_m2: 10 }, 'custo_chapa', /um dos dois/],
      [{ custo_chapa: null }, 'custo_chapa', /um dos dois/],
      [{ largura_mm: 3000.5 }, 'largura_mm', /inteiro/],
      [{ despesa: { descricao: 'x', valor: 'abc', data_vencimento: '2026-01-01' } }, 'despesa.valor', /.+/],
    ];
    for (const [over, campo, msg] of casos) {
      const res = await admin.post('/api/chapas/entrada', { ...base, ...over });
      expect(res.status, campo).toBe(400);
      expect(fieldMessages(res.body)[campo], JSON.stringify(res.body)).toMatch(msg);
    }
    expect(await estado()).toEqual(before);
  });
});

describe('POST /api/chapas/:id/reservar', () => {
  it('10 reservations of one slab at once: exactly one wins, nine get 409 naming the OS that holds it', async () => {
    const c = await admin.create('/api/chapas', chapa({ lote: 'CORRIDA' }));
    const oss = await Promise.all(Array.from({ length: 10 }, () => novaOs()));
    const results = await Promise.all(
      oss.map((os) =>
        admin.post(`/api/chapas/${c.id}/reservar`, { ordem_servico_id: os.id, updated_at: c.updated_at }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(9);
    const vencedora = oss.find((os) => os.id === ok[0]!.body.ordem_servico_id)!;
    expect(ok[0]!.body).toMatchObject({ status: 'reservada', os_numero: vencedora.numero });
    for (const r of refused) {
      // whoever read the slab after the winner is told who holds it; one that raced on the version is told to reload
      expect(r.body.detail).toMatch(new RegExp(`OS ${vencedora.numero}\\b|alterado por outra pessoa`));
    }
    const cur = (await admin.get(`/api/chapas/${c.id}`)).body;
    expect(cur).toMatchObject({ status: 'reservada', ordem_servico_id: vencedora.id });
    // a later reservation by another job, with the current version, names the holder
    const outra = await reservar(c.id, oss.find((o) => o.id !== vencedora.id)!.id);
    expect(outra.status).toBe(409);
    expect(outra.body.detail).toBe(`A chapa CORRIDA-01 já está reservada para a OS ${vencedora.numero}.`);
  });

  it('liberar gives it back; baixar needs a reason; a consumed or written-off slab is not reserved', async () => {
    const c = await admin.create('/api/chapas', chapa({ lote: 'LB' }));
    const os = await novaOs();
    expect((await reservar(c.id, os.id)).status).toBe(200);
    const cur = (await admin.get(`/api/chapas/${c.id}`)).body;
    const lib = await admin.post(`/api/chapas/${c.id}/liberar`, { updated_at: cur.updated_at });
    expect(lib.status).toBe(200);
    expect(lib.body).toMatchObject({ status: 'disponivel', ordem_servico_id: null });

    const semMotivo = await admin.post(`/api/chapas/${c.id}/baixar`, { updated_at: lib.body.updated_at });
    expect(semMotivo.status).toBe(400);
    expect(fieldMessages(semMotivo.body).motivo).toBe('Informe o motivo da baixa.');
    const baixa = await admin.post(`/api/chapas/${c.id}/baixar`, {
      motivo: 'Trincou no transporte',
      updated_at: lib.body.updated_at,
    });
    expect(baixa.status).toBe(200);
    expect(baixa.body).toMatchObject({ status: 'baixada', motivo_baixa: 'Trincou no transporte' });
    const before = await estado();
    const res = await reservar(c.id, os.id);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('A chapa LB-01 está baixada.');
    expect(await estado()).toEqual(before);
  });
});

describe('POST /api/ordens-servico/:id/consumo', () => {
  it('consumes the reserved slab and creates two remnants valued at 50 % of their area share, to the cent', async () => {
    const os = await novaOs();
    const pai = await admin.create(
      '/api/chapas',
      chapa({ lote: 'CONS', bloco: 'B7', fornecedor_id: fornecedorId }),
    );
    expect((await reservar(pai.id, os.id)).status).toBe(200);
    const res = await admin.post(`/api/ordens-servico/${os.id}/consumo`, {
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
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Parent: 3200 × 1800 = 5,760,000 mm², R$ 1.440,00; factor 50 %.
    // 700 × 350 = 245,000 mm² → 1440 × 245000 / 5760000 = 61.25 × 0.5 = 30.625 → R$ 30,63 (half up)
    // L 1500 × 1000 less 500 × 400 = 1,300,000 mm² → 1440 × 1300000 / 5760000 = 325.00 × 0.5 = R$ 162,50
    expect(res.body.sobras).toEqual([
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
    expect(res.body).toMatchObject({ custo: 1440, custo_sobras: 193.13, custo_pedra: 1246.87 });
    expect(res.body.consumidas).toEqual([
      expect.objectContaining({ id: pai.id, status: 'consumida', ordem_servico_id: os.id }),
    ]);
    const daOs = (await admin.get(`/api/ordens-servico/${os.id}/chapas`)).body;
    expect(daOs).toMatchObject({ custo_consumido: 1440, custo_sobras: 193.13, custo_pedra: 1246.87 });
  });

  it('refuses a slab the OS did not reserve, another job’s slab and a remnant larger than its slab; nothing changed', async () => {
    const os = await novaOs();
    const outra = await novaOs();
    const livre = await admin.create('/api/chapas', chapa({ lote: 'REC' }));
    const alheia = await admin.create('/api/chapas', chapa({ lote: 'REC' }));
    const minha = await admin.create('/api/chapas', chapa({ lote: 'REC' }));
    expect((await reservar(alheia.id, outra.id)).status).toBe(200);
    expect((await reservar(minha.id, os.id)).status).toBe(200);
    const before = await estado();
    const naoReservada = await admin.post(`/api/ordens-servico/${os.id}/consumo`, {
      chapas: [{ chapa_id: livre.id, sobras: [] }],
    });
    expect(naoReservada.status).toBe(409);
    expect(naoReservada.body.detail).toBe('A chapa REC-01 não foi reservada para esta OS.');
    const deOutra = await admin.post(`/api/ordens-servico/${os.id}/consumo`, {
      chapas: [
        { chapa_id: minha.id, sobras: [] },
        { chapa_id: alheia.id, sobras: [] },
      ],
    });
    expect(deOutra.status).toBe(409);
    expect(deOutra.body.detail).toBe(`A chapa REC-02 está reservada para a OS ${outra.numero}.`);
    const maior = await admin.post(`/api/ordens-servico/${os.id}/consumo`, {
      chapas: [{ chapa_id: minha.id, sobras: [{ largura_mm: 3300, altura_mm: 500, formato: 'retangulo' }] }],
    });
    expect(maior.status).toBe(400);
    expect(fieldMessages(maior.body)['chapas.0.sobras.0.largura_mm']).toBe(
      'A sobra é maior que a chapa REC-03 (3200 × 1800 mm).',
    );
    const cantoGrande = await admin.post(`/api/ordens-servico/${os.id}/consumo`, {
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
    });
    expect(cantoGrande.status).toBe(400);
    expect(fieldMessages(cantoGrande.body)['chapas.0.sobras.0.recorte_largura_mm']).toBe(
      'O recorte do L deve ser menor que a largura da chapa.',
    );
    expect(await estado()).toEqual(before);
  });
});

describe('cancelling the sale releases its reservations', () => {
  it('the OS of a cancelled sale gives its reserved slabs back to the yard', async () => {
    const { venda, os } = await f.vendaPeloOrcamento();
    const a = await admin.create('/api/chapas', chapa({ lote: 'CANC' }));
    const b = await admin.create('/api/chapas', chapa({ lote: 'CANC' }));
    expect((await reservar(a.id, os.id)).status).toBe(200);
    expect((await reservar(b.id, os.id)).status).toBe(200);
    // the OS offers the reserved slabs and those that could hold its 2.50 × 1.20 m piece
    const daOs = (await admin.get(`/api/ordens-servico/${os.id}/chapas`)).body;
    expect(daOs.items.map((c: { codigo: string }) => c.codigo)).toEqual(['CANC-01', 'CANC-02']);
    expect(daOs.candidatas[0].peca).toEqual({ largura_mm: 2500, altura_mm: 1200 });
    const res = await admin.patchCurrent(`/api/vendas/${venda.id}`, { status: 'cancelada' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const id of [a.id, b.id]) {
      expect((await admin.get(`/api/chapas/${id}`)).body).toMatchObject({
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
    const deitada = await admin.create('/api/chapas', { ...comum, largura_mm: 1000, altura_mm: 2500 });
    // L 2600 × 1600 less 1400 × 1000: full rectangles 2600 × 600 and 1200 × 1600
    const emL = await admin.create('/api/chapas', {
      ...comum,
      tipo: 'sobra',
      largura_mm: 2600,
      altura_mm: 1600,
      formato: 'L',
      recorte_largura_mm: 1400,
      recorte_altura_mm: 1000,
    });
    const pequena = await admin.create('/api/chapas', { ...comum, largura_mm: 800, altura_mm: 800 });
    const ids = async (cabe: string) =>
      (await admin.get(`/api/chapas?produto_id=${pedra}&cabe=${cabe}`)).body.items
        .map((c: { id: string }) => c.id)
        .sort();
    // 2400 × 900: fits 1000 × 2500 turned; the L's bounding box would hold it, its rectangles do not
    expect(await ids('2400x900')).toEqual([deitada.id]);
    // 1100 × 1500 fits the L's 1200 × 1600 rectangle (and the 1000 × 2500 slab? 1100 > 1000 and 1500 ≤ 2500 turned: no)
    expect(await ids('1100x1500')).toEqual([emL.id]);
    expect(await ids('700x700')).toEqual([deitada.id, emL.id, pequena.id].sort());
    const bad = await admin.get(`/api/chapas?cabe=12x`);
    expect(bad.status).toBe(400);
    expect(fieldMessages(bad.body).cabe).toMatch(/LxA/);
  });
});

describe('GET /api/chapas/resumo, /painel and /sugestoes', () => {
  it('sums a stone’s available and reserved m² and value, and suggests the smallest remnant that holds a piece', async () => {
    const pedra = await novaPedra('Verde Ubatuba');
    const comum = { produto_id: pedra, lote: 'RES', espessura_mm: 20 };
    // available: 3000 × 2000 = 6.000 m² (R$ 1.200,00) and a remnant 1000 × 500 = 0.500 m² (R$ 50,00)
    await admin.create('/api/chapas', { ...comum, largura_mm: 3000, altura_mm: 2000, custo: 1200 });
    const sobra = await admin.create('/api/chapas', {
      ...comum,
      tipo: 'sobra',
      largura_mm: 1000,
      altura_mm: 500,
      custo: 50,
      localizacao: 'C1',
    });
    // reserved: 2000 × 1500 = 3.000 m², not in the value
    const reservada = await admin.create('/api/chapas', {
      ...comum,
      largura_mm: 2000,
      altura_mm: 1500,
      custo: 600,
    });
    expect((await reservar(reservada.id, (await novaOs()).id)).status).toBe(200);
    const resumo = (await admin.get('/api/chapas/resumo')).body.items.find(
      (r: { produto_id: string }) => r.produto_id === pedra,
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
    const painel = (await admin.get('/api/chapas/painel')).body;
    expect(painel.sobras).toBeGreaterThanOrEqual(1);
    expect(painel.valor).toBeGreaterThanOrEqual(1250);
    const sug = (await admin.get(`/api/chapas/sugestoes?produto_id=${pedra}&cabe=400x900`)).body;
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
    expect((await admin.get(`/api/chapas/sugestoes?produto_id=${pedra}&cabe=1100x600`)).body.items).toEqual(
      [],
    );
  });
});

describe('bad input on /api/chapas', () => {
  it('400/409 in pt-BR naming the field, and nothing changed', async () => {
    const unidade = await novaPedra('Torneira', 'unitário');
    await admin.create('/api/chapas', chapa({ codigo: 'DUP-1', lote: 'DUP' }));
    const before = await estado();
    const casos: [Record<string, unknown>, number, string, string | RegExp][] = [
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
      [{ formato: 'oval' }, 400, 'formato', 'Formato inválido: retangulo ou L.'],
      [{ lote: '' }, 400, 'lote', 'Informe o lote.'],
      [{ custo: -1 }, 400, 'custo', /menor que 0/],
      [{ codigo: 'DUP-1' }, 409, 'codigo', 'Já existe uma chapa com este código.'],
    ];
    for (const [over, status, campo, msg] of casos) {
      const res = await admin.post('/api/chapas', chapa(over));
      expect(res.status, `${campo} ${JSON.stringify(res.body)}`).toBe(status);
      expect(fieldMessages(res.body)[campo], campo).toMatch(msg);
    }
    expect(await estado()).toEqual(before);
  });

  it('403 without the estoque permission', async () => {
    const { client } = await userWith(env, ['orcamentos']);
    expect((await client.get('/api/chapas')).status).toBe(403);
    expect((await client.post('/api/chapas', chapa())).status).toBe(403);
  });
});
