import { sql } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { categoriasProdutos, clientes, despesas, produtos } from '../../db/schema';
import { auditoriaPageSchema } from '../../schemas/auditoria';
import { ALL, answer, apiSuite, ok, refused, userWith, versionOf } from '../testing/harness';

/** Every audited write leaves one record naming who, from where, and the changed fields; no other does. */
const { env, admin } = apiSuite();
type Filtros = InferRequestType<typeof admin.api.auditoria.$get>['query'];
/** A page of the trail (a 200, or the test fails). */
const trilha = (query: Filtros) => ok(admin.api.auditoria.$get({ query }));
/** An OS read through the typed client (the sale of the first test opened it). */
const ordem = (id: string) => ok(admin.api['ordens-servico'][':id'].$get({ param: { id } }));
const primeiraOs = async () =>
  (await ok(admin.api['ordens-servico'].$get({ query: { limit: 1 } }))).items[0]!.id;
let adminId: string;
let clienteId: string;
let produtoId: string;
beforeAll(async () => {
  adminId = (await ok(admin.api.auth.me.$get())).id;
  await env.db.insert(categoriasProdutos).values({ nome: 'pedras' });
  const [c] = await env.db.insert(clientes).values({ nome: 'Cliente Auditado' }).returning();
  clienteId = c!.id;
  const [p] = await env.db
    .insert(produtos)
    .values({ nome: 'Granito', categoria: 'pedras', valor_m2: '400.00', tipo_unidade: 'm²' })
    .returning();
  produtoId = p!.id;
});

interface Rec {
  usuario_id: string | null;
  endereco: string | null;
  recurso: string;
  registro: string;
  acao: string;
  alteracoes: Record<string, [unknown, unknown]>;
}
const trail = (recurso: string, registro: string) =>
  queryRows<Rec>(
    env.db,
    sql`select usuario_id, endereco, recurso, registro, acao, alteracoes from auditoria
         where recurso = ${recurso} and registro = ${registro} order by id`,
  );

describe('audit trail of writes', () => {
  it('records quotes, sales, commission paid, expenses, cash, payment methods, users and permissions', async () => {
    const cartao = await ok(
      admin.api.cartoes.$post({ json: { bandeira: 'Pix', tipo: 'Débito', taxa: 0 } }),
      201,
    );
    const o = await ok(
      admin.api.orcamentos.$post({
        json: {
          cliente_id: clienteId,
          cartao_id: cartao.id,
          itens: [{ produto_id: produtoId, quantidade: 1, medida1: 1, medida2: 1 }],
        },
      }),
      201,
    );
    const v = await ok(admin.api.orcamentos[':id'].venda.$post({ param: { id: o.id }, json: {} }), 201);
    await ok(admin.api.vendas[':id'].comissao.$patch({ param: { id: v.id }, json: { comissao_paga: true } }));
    const d = await ok(
      admin.api.despesas.$post({
        json: { descricao: 'Conserto da serra', valor: 150, data_vencimento: '2026-05-10', tipo: 'avulso' },
      }),
      201,
    );
    const m = await ok(
      admin.api.caixa.movimentacoes.$post({
        json: { nome: 'Troco', valor: 60, data: '2026-03-10', tipo: 'entrada' },
      }),
      201,
    );
    const u = (await ok(
      admin.api.usuarios.$post({
        json: {
          nome: 'Maria Vendas',
          email: 'maria.auditada@exemplo.com.br',
          senha: 'segredo1',
          role: 'usuario',
          status: 'ativo',
          permissoes: ['orcamentos'],
        },
      }),
      201,
    ))!;

    const mine = { usuario_id: adminId, endereco: 'local' };
    expect(await trail('orcamentos', o.id)).toMatchObject([
      { ...mine, acao: 'criado' },
      // the sale marks the quote sold
      { ...mine, acao: 'atualizado', alteracoes: { status: ['pendente', 'venda_realizada'] } },
    ]);
    const venda = await trail('vendas', v.id);
    expect(venda).toMatchObject([
      { ...mine, acao: 'criado' },
      { ...mine, acao: 'atualizado', alteracoes: { comissao_paga: [false, true] } },
    ]);
    // The created record holds the sale's figures as saved.
    expect(v.valor_bruto).toBeGreaterThan(0);
    expect(venda[0]!.alteracoes.valor_bruto).toEqual([null, v.valor_bruto]);
    expect(venda[0]!.alteracoes.valor_liquido).toEqual([null, v.valor_liquido]);
    // updated_at is not a change; what the customer had paid when the commission was paid is (issue 16)
    expect(Object.keys(venda[1]!.alteracoes)).toEqual(['comissao_paga', 'comissao_paga_base']);
    expect(venda[1]!.alteracoes.comissao_paga_base).toEqual([0, v.valor_bruto]);
    expect(await trail('despesas', d.items[0]!.id)).toMatchObject([
      { ...mine, acao: 'criado', alteracoes: { descricao: [null, 'Conserto da serra'], valor: [null, 150] } },
    ]);
    expect(await trail('movimentacoes_caixa', m.id)).toMatchObject([{ ...mine, acao: 'criado' }]);
    expect(await trail('cartoes', cartao.id)).toMatchObject([{ ...mine, acao: 'criado' }]);
    expect(await trail('usuarios', u.id)).toMatchObject([{ ...mine, acao: 'criado' }]);
    expect(await trail('usuario_permissoes', u.id)).toMatchObject([
      { ...mine, acao: 'criado', alteracoes: { permissao: [null, 'orcamentos'] } },
    ]);

    // Changing a user's permissions: one removed, one added.
    await ok(
      admin.api.usuarios[':id'].$patch({
        param: { id: u.id },
        json: { permissoes: ['vendas'], updated_at: u.updated_at },
      }),
    );
    const perms = await trail('usuario_permissoes', u.id);
    expect(perms.slice(1).map((r) => [r.acao, r.alteracoes.permissao])).toEqual(
      expect.arrayContaining([
        ['removido', ['orcamentos', null]],
        ['criado', [null, 'vendas']],
      ]),
    );

    // Deleting a cash entry records the row as it was.
    await ok(admin.api.caixa.movimentacoes[':id'].$delete({ param: { id: m.id } }), 204);
    expect((await trail('movimentacoes_caixa', m.id))[1]).toMatchObject({
      ...mine,
      acao: 'removido',
      alteracoes: { nome: ['Troco', null], valor: [60, null] },
    });
  });

  it('a write that rolls back leaves no record', async () => {
    // Through the API: a payment method in use by a sale cannot be deleted (409), nothing recorded.
    const [venda] = await queryRows<{ cartao_id: string }>(
      env.db,
      sql`select cartao_id from vendas where cartao_id is not null limit 1`,
    );
    const before = await trail('cartoes', venda!.cartao_id);
    await refused(admin.api.cartoes[':id'].$delete({ param: { id: venda!.cartao_id } }), 409);
    expect(await trail('cartoes', venda!.cartao_id)).toEqual(before);

    // Straight in a transaction that fails after its insert.
    let id = '';
    await expect(
      env.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(despesas)
          .values({ descricao: 'Desfeita', valor: '10.00', data_vencimento: '2026-01-01', tipo: 'avulso' })
          .returning();
        id = row!.id;
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    expect(id).not.toBe('');
    expect(await trail('despesas', id)).toEqual([]);
  });

  it('writes without a user (first-admin bootstrap) are recorded as the system', async () => {
    const rows = await trail('usuarios', adminId);
    expect(rows[0]).toMatchObject({ usuario_id: null, acao: 'criado' });
  });

  it('is append-only: UPDATE and DELETE on the table fail', async () => {
    const [{ n }] = (await queryRows<{ n: number }>(
      env.db,
      sql`select count(*)::int as n from auditoria`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    await expect(env.db.execute(sql`update auditoria set usuario_id = null`)).rejects.toThrow();
    await expect(env.db.execute(sql`delete from auditoria`)).rejects.toThrow();
    await expect(env.db.execute(sql`truncate auditoria`)).rejects.toThrow();
    const [after] = await queryRows<{ n: number }>(env.db, sql`select count(*)::int as n from auditoria`);
    expect(after!.n).toBe(n);
  });
});

describe('GET /api/auditoria', () => {
  it('filters by user, resource, record and period, paginated, newest first', async () => {
    const all = await trilha({ limit: 5 });
    expect(all.items).toHaveLength(5);
    expect(all.total).toBeGreaterThan(5);
    const ems = all.items.map((r) => r.em);
    expect([...ems].sort().reverse()).toEqual(ems);
    const page2 = await trilha({ limit: 5, page: 2 });
    expect(page2.items[0]!.id).toBeLessThan(all.items[4]!.id);

    const byUser = await ok(
      admin.api.auditoria.$get({ query: { usuario_id: adminId, recurso: 'vendas', limit: 200 } }),
    );
    expect(byUser.items.length).toBe(2);
    expect(byUser.items.every((r) => r.usuario_nome === 'Administrador')).toBe(true);
    const rec = byUser.items[0]!.registro;
    const byRecord = await trilha({ recurso: 'vendas', registro: rec });
    expect(byRecord.total).toBe(2);
    expect(byRecord.items[0]!.alteracoes).toMatchObject({ comissao_paga: [false, true] });

    const future = await trilha({ de: '2099-01-01' });
    expect(future).toMatchObject({ items: [], total: 0 });
    const past = await trilha({ ate: '2000-01-01' });
    expect(past.total).toBe(0);
  });

  it('answers `em` in ISO 8601 and names the people and records the fields point to (issue 26 §3)', async () => {
    // The sale above opened a work order; its first stage is completed by the admin.
    const osId = await primeiraOs();
    const os = await ordem(osId);
    const medicao = os.etapas.find((e) => e.etapa === 'medicao')!;
    await ok(
      admin.api['ordens-servico'][':id'].etapas[':etapaId'].concluir.$post({
        param: { id: osId, etapaId: medicao.id },
        json: { updated_at: medicao.updated_at },
      }),
    );

    const res = await trilha({ recurso: 'os_etapas', registro: medicao.id });
    // the answer is what the route's contract declares (nomes included)
    expect(auditoriaPageSchema.safeParse(res).error).toBeUndefined();
    const ultima = res.items[0]!;
    // ISO 8601 in UTC, not PostgreSQL's "2026-11-27 22:40:05.123+00"
    expect(ultima.em).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(Math.abs(Date.parse(ultima.em) - Date.now())).toBeLessThan(60_000);
    // "concluida_por: — → 9b696c8c-…" becomes a name: the answer names the id
    expect(ultima.alteracoes.concluida_por).toEqual([null, adminId]);
    expect(res.nomes[adminId]).toBe('Administrador');

    // the work order's entry points to its sale: named too ("Venda #N")
    const daOs = await trilha({ recurso: 'ordens_servico', registro: osId });
    const criada = daOs.items.find((r) => r.acao === 'criado')!;
    expect(daOs.nomes[criada.alteracoes.venda_id![1] as string]).toMatch(/^Venda #\d+$/);
  });

  it('names the record each entry is about: a stage, a photo, a Caixa movement, an expense (issue 26 §3)', async () => {
    const os = await ordem(await primeiraOs());
    const corte = os.etapas.find((e) => e.etapa === 'corte')!;
    const etapa = await trilha({ recurso: 'os_etapas', registro: corte.id });
    expect(etapa.nomes[corte.id]).toBe(`Corte da OS #${os.numero}`);

    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const foto = await ok(
      admin.api['ordens-servico'][':id'].etapas[':etapaId'].fotos.$post({
        param: { id: os.id, etapaId: corte.id },
        json: { imagem: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
      }),
      201,
    );
    const fotos = await trilha({ recurso: 'os_fotos', registro: foto.id });
    expect(fotos.items).toHaveLength(1);
    expect(fotos.nomes[foto.id]).toBe(`Foto da OS #${os.numero}`);

    const m = await ok(
      admin.api.caixa.movimentacoes.$post({
        json: { nome: 'Sangria do dia', valor: 40, data: '2026-03-11', tipo: 'saida' },
      }),
      201,
    );
    const caixa = await trilha({ recurso: 'movimentacoes_caixa', registro: m.id });
    expect(caixa.nomes[m.id]).toBe('Caixa: Sangria do dia');
    const {
      items: [d],
    } = await ok(
      admin.api.despesas.$post({
        json: { descricao: 'Disco de corte', valor: 89.9, data_vencimento: '2026-05-12', tipo: 'avulso' },
      }),
      201,
    );
    const despesa = await trilha({ recurso: 'despesas', registro: d!.id });
    expect(despesa.nomes[d!.id]).toBe('Despesa: Disco de corte');
  });

  it('exports the filtered trail as CSV (Excel pt-BR: ";" and a BOM)', async () => {
    const csv = await answer(
      admin.api.auditoria.exportar.$get({ query: { usuario_id: adminId, recurso: 'vendas' } }),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (csv.body as string)
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id;em;usuario;endereco;recurso;registro;acao;alteracoes');
    expect(lines).toHaveLength(3); // the sale created, then its commission paid
    expect(lines[1]).toContain(';Administrador;local;vendas;');
    expect(lines[1]).toMatch(
      /;atualizado;"\{""comissao_paga"":\[false,true\],""comissao_paga_base"":\[0,[\d.]+\]\}"$/,
    );
    await refused((await userWith(env, ALL)).client.api.auditoria.exportar.$get({ query: {} }), 403);
  });

  it('bad filters are a 400 in pt-BR; non-admins get 403', async () => {
    const bad = await refused(admin.api.auditoria.$get({ query: { recurso: 'produtos' } }), 400);
    expect(bad.detail).toBe('Recurso inválido.');
    await refused(admin.api.auditoria.$get({ query: { de: '2026-13-01' } }), 400);
    await refused(admin.api.auditoria.$get({ query: { de: '2026-05-02', ate: '2026-05-01' } }), 400);
    const { client } = await userWith(env, ALL);
    await refused(client.api.auditoria.$get({ query: {} }), 403);
  });
});

describe('GET /api/auditoria/historico (a record’s own history, its details dialog)', () => {
  it('lists one sale’s entries newest first, with the changed value old → new and the names it points to', async () => {
    const [venda] = await queryRows<{ id: string; valor_bruto: string }>(
      env.db,
      sql`select id, valor_bruto::text from vendas where cliente_id = ${clienteId} limit 1`,
    );
    const umaVenda = admin.api.vendas[':id'];
    const param = { id: venda!.id };
    const updated_at = await versionOf(umaVenda.$get({ param }));
    await ok(umaVenda.$patch({ param, json: { valor_bruto: 2000, updated_at } }));
    const h = await ok(
      admin.api.auditoria.historico.$get({ query: { recurso: 'vendas', registro: venda!.id } }),
    );
    expect(h.items.map((r) => r.acao)).toEqual(['atualizado', 'atualizado', 'criado']);
    const last = h.items[0]!;
    expect(last).toMatchObject({ usuario_id: adminId, usuario_nome: 'Administrador', endereco: 'local' });
    // Gross R$ 2.000,00 with the Pix (0% fee): fee R$ 0,00, net R$ 2.000,00.
    expect(last.alteracoes.valor_bruto).toEqual([Number(venda!.valor_bruto), 2000]);
    expect(last.alteracoes.valor_liquido).toEqual([Number(venda!.valor_bruto), 2000]);
    // The created entry points to the client and the payment method: the answer names them.
    const criado = h.items[2]!.alteracoes;
    expect(h.nomes[criado.cliente_id![1] as string]).toBe('Cliente Auditado');
    expect(h.nomes[criado.cartao_id![1] as string]).toBe('Pix - Débito');
    // Only this record.
    expect(h.items.every((r) => r.recurso === 'vendas' && r.registro === venda!.id)).toBe(true);
  });

  it('a user’s history holds their permissions too', async () => {
    const u = await ok(admin.api.usuarios.$get({ query: { q: 'maria.auditada' } }));
    const id = u.items[0]!.id;
    const h = await ok(admin.api.auditoria.historico.$get({ query: { recurso: 'usuarios', registro: id } }));
    const recursos = new Set(h.items.map((r) => r.recurso));
    expect(recursos).toEqual(new Set(['usuarios', 'usuario_permissoes']));
    expect(h.nomes[id]).toBe('Maria Vendas');
  });

  it('bad input is a 400 in pt-BR; non-admins get 403', async () => {
    const historico = admin.api.auditoria.historico;
    const bad = await refused(historico.$get({ query: { recurso: 'produtos', registro: 'x' } }), 400);
    expect(bad.detail).toBe('Recurso inválido.');
    const sem = await refused(historico.$get({ query: { recurso: 'vendas' } }), 400);
    expect(sem.detail).toBe('Informe o registro.');
    const { client } = await userWith(env, ALL);
    await refused(
      client.api.auditoria.historico.$get({ query: { recurso: 'vendas', registro: clienteId } }),
      403,
    );
  });
});

describe('every write route of an audited resource', () => {
  it('is recorded, each entry with the acting user and address (none as "Sistema")', async () => {
    const [start] = await queryRows<{ id: number }>(
      env.db,
      sql`select coalesce(max(id), 0)::int as id from auditoria`,
    );
    const api = admin.api;

    // each edit is sent with the row's version read first (versionOf), as a screen does
    // payment method: create, edit, (delete at the end, once nothing uses it)
    const cartao = await ok(
      api.cartoes.$post({ json: { bandeira: 'Cartão', tipo: 'Crédito', taxa_1x: 3 } }),
      201,
    );
    const umCartao = { param: { id: cartao.id } };
    await ok(
      api.cartoes[':id'].$patch({
        ...umCartao,
        json: { taxa_1x: 4, updated_at: await versionOf(api.cartoes[':id'].$get(umCartao)) },
      }),
    );
    // quote: create, edit, sell; the sale: edit, commission, delete; then the quote deleted
    const quote = {
      cliente_id: clienteId,
      cartao_id: cartao.id,
      itens: [{ produto_id: produtoId, quantidade: 1, medida1: 1, medida2: 1 }],
    };
    const o = await ok(api.orcamentos.$post({ json: quote }), 201);
    const umOrcamento = { param: { id: o.id } };
    await ok(
      api.orcamentos[':id'].$put({
        ...umOrcamento,
        json: {
          ...quote,
          observacoes: 'Revisado',
          updated_at: await versionOf(api.orcamentos[':id'].$get(umOrcamento)),
        },
      }),
    );
    const v = await ok(api.orcamentos[':id'].venda.$post({ ...umOrcamento, json: {} }), 201);
    const umaVenda = { param: { id: v.id } };
    await ok(
      api.vendas[':id'].$patch({
        ...umaVenda,
        json: { valor_bruto: 900, updated_at: await versionOf(api.vendas[':id'].$get(umaVenda)) },
      }),
    );
    await ok(api.vendas[':id'].comissao.$patch({ ...umaVenda, json: { comissao_paga: true } }));
    await ok(api.vendas[':id'].$delete(umaVenda), 204);
    await ok(api.orcamentos[':id'].$delete(umOrcamento), 204);
    await ok(api.cartoes[':id'].$delete(umCartao), 204);
    // expense: create, edit, status, delete
    const d = await ok(
      api.despesas.$post({
        json: { descricao: 'Disco de corte', valor: 80, data_vencimento: '2026-06-10', tipo: 'avulso' },
      }),
      201,
    );
    const despesa = { param: { id: d.items[0]!.id } };
    await ok(
      api.despesas[':id'].$patch({
        ...despesa,
        query: {},
        json: { valor: 95, updated_at: await versionOf(api.despesas[':id'].$get(despesa)) },
      }),
    );
    await ok(api.despesas[':id'].status.$patch({ ...despesa, json: { status: 'paga' } }));
    await ok(api.despesas[':id'].$delete(despesa), 204);
    // cash: initial value, an entry created, edited, deleted
    await ok(api.caixa.inicial.$put({ json: { valor: 500 } }));
    const m = await ok(
      api.caixa.movimentacoes.$post({
        json: { nome: 'Sangria', valor: 40, data: '2026-06-11', tipo: 'saida' },
      }),
      201,
    );
    const movimento = { param: { id: m.id } };
    await ok(
      api.caixa.movimentacoes[':id'].$patch({
        ...movimento,
        json: { valor: 45, updated_at: await versionOf(api.caixa.movimentacoes[':id'].$get(movimento)) },
      }),
    );
    await ok(api.caixa.movimentacoes[':id'].$delete(movimento), 204);
    // user and permissions: create, edit
    const u = (await ok(
      api.usuarios.$post({
        json: {
          nome: 'João Caixa',
          email: 'joao.caixa.auditado@exemplo.com.br',
          senha: 'outro-segredo-9',
          role: 'usuario',
          status: 'ativo',
          permissoes: ['despesas'],
        },
      }),
      201,
    ))!;
    const usuario = { param: { id: u.id } };
    await ok(
      api.usuarios[':id'].$patch({
        ...usuario,
        json: {
          nome: 'João do Caixa',
          permissoes: ['vendas'],
          updated_at: await versionOf(api.usuarios[':id'].$get(usuario)),
        },
      }),
    );

    const rows = await queryRows<Rec & { recurso: string }>(
      env.db,
      sql`select usuario_id, endereco, recurso, registro, acao, alteracoes from auditoria where id > ${start!.id}`,
    );
    expect(rows.filter((r) => r.usuario_id !== adminId || r.endereco !== 'local')).toEqual([]);
    const seen = new Set(rows.map((r) => `${r.recurso} ${r.acao}`));
    const expected = [
      'cartoes criado',
      'cartoes atualizado',
      'cartoes removido',
      'orcamentos criado',
      'orcamentos atualizado',
      'orcamentos removido',
      'vendas criado',
      'vendas atualizado',
      'vendas removido',
      'despesas criado',
      'despesas atualizado',
      'despesas removido',
      'caixa_inicial criado',
      'movimentacoes_caixa criado',
      'movimentacoes_caixa atualizado',
      'movimentacoes_caixa removido',
      'usuarios criado',
      'usuarios atualizado',
      'usuario_permissoes criado',
      'usuario_permissoes removido',
      // a sale's instalments (issue 16) and work order with its stages (issue 17), in its transaction
      'parcelas criado',
      'parcelas atualizado',
      'parcelas removido',
      'ordens_servico criado',
      'ordens_servico atualizado',
      'os_etapas criado',
    ];
    expect([...seen].sort()).toEqual([...expected].sort());
  });
});
