import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { categoriasProdutos, clientes, despesas, produtos } from '../../db/schema';
import { auditoriaPageSchema } from '../../schemas/auditoria';
import { ALL, apiSuite, userWith } from '../testing/harness';

/** Every audited write leaves one record naming who, from where, and the changed fields; no other does. */
const { env, admin } = apiSuite();
let adminId: string;
let clienteId: string;
let produtoId: string;
beforeAll(async () => {
  adminId = (await admin.get('/api/auth/me')).body.id;
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
    const cartao = await admin.create('/api/cartoes', { bandeira: 'Pix', tipo: 'Débito', taxa: 0 });
    const o = await admin.create('/api/orcamentos', {
      cliente_id: clienteId,
      cartao_id: cartao.id,
      itens: [{ produto_id: produtoId, quantidade: 1, medida1: 1, medida2: 1 }],
    });
    const v = await admin.post(`/api/orcamentos/${o.id}/venda`);
    expect(v.status, JSON.stringify(v.body)).toBe(201);
    expect((await admin.patch(`/api/vendas/${v.body.id}/comissao`, { comissao_paga: true })).status).toBe(
      200,
    );
    const d = await admin.create('/api/despesas', {
      descricao: 'Conserto da serra',
      valor: 150,
      data_vencimento: '2026-05-10',
      tipo: 'avulso',
    });
    const m = await admin.create('/api/caixa/movimentacoes', {
      nome: 'Troco',
      valor: 60,
      data: '2026-03-10',
      tipo: 'entrada',
    });
    const u = await admin.create('/api/usuarios', {
      nome: 'Maria Vendas',
      email: 'maria.auditada@exemplo.com.br',
      senha: 'segredo1',
      role: 'usuario',
      status: 'ativo',
      permissoes: ['orcamentos'],
    });

    const mine = { usuario_id: adminId, endereco: 'local' };
    expect(await trail('orcamentos', o.id)).toMatchObject([
      { ...mine, acao: 'criado' },
      // the sale marks the quote sold
      { ...mine, acao: 'atualizado', alteracoes: { status: ['pendente', 'venda_realizada'] } },
    ]);
    const venda = await trail('vendas', v.body.id);
    expect(venda).toMatchObject([
      { ...mine, acao: 'criado' },
      { ...mine, acao: 'atualizado', alteracoes: { comissao_paga: [false, true] } },
    ]);
    // The created record holds the sale's figures as saved.
    expect(v.body.valor_bruto).toBeGreaterThan(0);
    expect(venda[0]!.alteracoes.valor_bruto).toEqual([null, v.body.valor_bruto]);
    expect(venda[0]!.alteracoes.valor_liquido).toEqual([null, v.body.valor_liquido]);
    // updated_at is not a change; what the customer had paid when the commission was paid is (issue 16)
    expect(Object.keys(venda[1]!.alteracoes)).toEqual(['comissao_paga', 'comissao_paga_base']);
    expect(venda[1]!.alteracoes.comissao_paga_base).toEqual([0, v.body.valor_bruto]);
    expect(await trail('despesas', d.items[0].id)).toMatchObject([
      { ...mine, acao: 'criado', alteracoes: { descricao: [null, 'Conserto da serra'], valor: [null, 150] } },
    ]);
    expect(await trail('movimentacoes_caixa', m.id)).toMatchObject([{ ...mine, acao: 'criado' }]);
    expect(await trail('cartoes', cartao.id)).toMatchObject([{ ...mine, acao: 'criado' }]);
    expect(await trail('usuarios', u.id)).toMatchObject([{ ...mine, acao: 'criado' }]);
    expect(await trail('usuario_permissoes', u.id)).toMatchObject([
      { ...mine, acao: 'criado', alteracoes: { permissao: [null, 'orcamentos'] } },
    ]);

    // Changing a user's permissions: one removed, one added.
    const upd = await admin.patch(`/api/usuarios/${u.id}`, {
      permissoes: ['vendas'],
      updated_at: u.updated_at,
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const perms = await trail('usuario_permissoes', u.id);
    expect(perms.slice(1).map((r) => [r.acao, r.alteracoes.permissao])).toEqual(
      expect.arrayContaining([
        ['removido', ['orcamentos', null]],
        ['criado', [null, 'vendas']],
      ]),
    );

    // Deleting a cash entry records the row as it was.
    expect((await admin.delete(`/api/caixa/movimentacoes/${m.id}`)).status).toBe(204);
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
    expect((await admin.delete(`/api/cartoes/${venda!.cartao_id}`)).status).toBe(409);
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
    const all = await admin.get('/api/auditoria?limit=5');
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(5);
    expect(all.body.total).toBeGreaterThan(5);
    const ems = all.body.items.map((r: { em: string }) => r.em);
    expect([...ems].sort().reverse()).toEqual(ems);
    const page2 = await admin.get('/api/auditoria?limit=5&page=2');
    expect(page2.body.items[0].id).toBeLessThan(all.body.items[4].id);

    const byUser = await admin.get(`/api/auditoria?usuario_id=${adminId}&recurso=vendas&limit=200`);
    expect(byUser.body.items.length).toBe(2);
    expect(byUser.body.items.every((r: { usuario_nome: string }) => r.usuario_nome === 'Administrador')).toBe(
      true,
    );
    const rec = byUser.body.items[0].registro;
    const byRecord = await admin.get(`/api/auditoria?recurso=vendas&registro=${rec}`);
    expect(byRecord.body.total).toBe(2);
    expect(byRecord.body.items[0].alteracoes).toMatchObject({ comissao_paga: [false, true] });

    const future = await admin.get('/api/auditoria?de=2099-01-01');
    expect(future.body).toMatchObject({ items: [], total: 0 });
    const past = await admin.get('/api/auditoria?ate=2000-01-01');
    expect(past.body.total).toBe(0);
  });

  it('answers `em` in ISO 8601 and names the people and records the fields point to (issue 26 §3)', async () => {
    // The sale above opened a work order; its first stage is completed by the admin.
    const lista = await admin.get('/api/ordens-servico?limit=1');
    expect(lista.status).toBe(200);
    const osId = lista.body.items[0].id as string;
    const os = await admin.get(`/api/ordens-servico/${osId}`);
    const medicao = os.body.etapas.find((e: { etapa: string }) => e.etapa === 'medicao');
    const fim = await admin.post(`/api/ordens-servico/${osId}/etapas/${medicao.id}/concluir`, {
      updated_at: medicao.updated_at,
    });
    expect(fim.status, JSON.stringify(fim.body)).toBe(200);

    const res = await admin.get(`/api/auditoria?recurso=os_etapas&registro=${medicao.id}`);
    expect(res.status).toBe(200);
    // the answer is what the route's contract declares (nomes included)
    expect(auditoriaPageSchema.safeParse(res.body).error).toBeUndefined();
    const [ultima] = res.body.items;
    // ISO 8601 in UTC, not PostgreSQL's "2026-11-27 22:40:05.123+00"
    expect(ultima.em).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(Math.abs(Date.parse(ultima.em) - Date.now())).toBeLessThan(60_000);
    // "concluida_por: — → 9b696c8c-…" becomes a name: the answer names the id
    expect(ultima.alteracoes.concluida_por).toEqual([null, adminId]);
    expect(res.body.nomes[adminId]).toBe('Administrador');

    // the work order's entry points to its sale: named too ("Venda #N")
    const daOs = await admin.get(`/api/auditoria?recurso=ordens_servico&registro=${osId}`);
    const criada = daOs.body.items.find((r: Rec) => r.acao === 'criado');
    expect(daOs.body.nomes[criada.alteracoes.venda_id[1]]).toMatch(/^Venda #\d+$/);
  });

  it('names the record each entry is about: a stage, a photo, a Caixa movement, an expense (issue 26 §3)', async () => {
    const lista = await admin.get('/api/ordens-servico?limit=1');
    const os = await admin.get(`/api/ordens-servico/${lista.body.items[0].id}`);
    const corte = os.body.etapas.find((e: { etapa: string }) => e.etapa === 'corte');
    const etapa = await admin.get(`/api/auditoria?recurso=os_etapas&registro=${corte.id}`);
    expect(etapa.body.nomes[corte.id]).toBe(`Corte da OS #${os.body.numero}`);

    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const foto = await admin.post(`/api/ordens-servico/${os.body.id}/etapas/${corte.id}/fotos`, {
      imagem: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    });
    expect(foto.status, JSON.stringify(foto.body)).toBe(201);
    const fotos = await admin.get(`/api/auditoria?recurso=os_fotos&registro=${foto.body.id}`);
    expect(fotos.body.items).toHaveLength(1);
    expect(fotos.body.nomes[foto.body.id]).toBe(`Foto da OS #${os.body.numero}`);

    const m = await admin.create('/api/caixa/movimentacoes', {
      nome: 'Sangria do dia',
      valor: 40,
      data: '2026-03-11',
      tipo: 'saida',
    });
    const caixa = await admin.get(`/api/auditoria?recurso=movimentacoes_caixa&registro=${m.id}`);
    expect(caixa.body.nomes[m.id]).toBe('Caixa: Sangria do dia');
    const {
      items: [d],
    } = await admin.create('/api/despesas', {
      descricao: 'Disco de corte',
      valor: 89.9,
      data_vencimento: '2026-05-12',
      tipo: 'avulso',
    });
    const despesa = await admin.get(`/api/auditoria?recurso=despesas&registro=${d.id}`);
    expect(despesa.body.nomes[d.id]).toBe('Despesa: Disco de corte');
  });

  it('exports the filtered trail as CSV (Excel pt-BR: ";" and a BOM)', async () => {
    const csv = await admin.get(`/api/auditoria/exportar?usuario_id=${adminId}&recurso=vendas`);
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
    expect((await (await userWith(env, ALL)).client.get('/api/auditoria/exportar')).status).toBe(403);
  });

  it('bad filters are a 400 in pt-BR; non-admins get 403', async () => {
    const bad = await admin.get('/api/auditoria?recurso=produtos');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Recurso inválido.');
    expect((await admin.get('/api/auditoria?de=2026-13-01')).status).toBe(400);
    expect((await admin.get('/api/auditoria?de=2026-05-02&ate=2026-05-01')).status).toBe(400);
    const { client } = await userWith(env, ALL);
    expect((await client.get('/api/auditoria')).status).toBe(403);
  });
});

describe('GET /api/auditoria/historico (a record’s own history, its details dialog)', () => {
  it('lists one sale’s entries newest first, with the changed value old → new and the names it points to', async () => {
    const [venda] = await queryRows<{ id: string; valor_bruto: string }>(
      env.db,
      sql`select id, valor_bruto::text from vendas where cliente_id = ${clienteId} limit 1`,
    );
    const upd = await admin.patchCurrent(`/api/vendas/${venda!.id}`, { valor_bruto: 2000 });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const h = await admin.get(`/api/auditoria/historico?recurso=vendas&registro=${venda!.id}`);
    expect(h.status).toBe(200);
    expect(h.body.items.map((r: Rec) => r.acao)).toEqual(['atualizado', 'atualizado', 'criado']);
    const [last] = h.body.items;
    expect(last).toMatchObject({ usuario_id: adminId, usuario_nome: 'Administrador', endereco: 'local' });
    // Gross R$ 2.000,00 with the Pix (0% fee): fee R$ 0,00, net R$ 2.000,00.
    expect(last.alteracoes.valor_bruto).toEqual([Number(venda!.valor_bruto), 2000]);
    expect(last.alteracoes.valor_liquido).toEqual([Number(venda!.valor_bruto), 2000]);
    // The created entry points to the client and the payment method: the answer names them.
    const criado = h.body.items[2].alteracoes;
    expect(h.body.nomes[criado.cliente_id[1]]).toBe('Cliente Auditado');
    expect(h.body.nomes[criado.cartao_id[1]]).toBe('Pix - Débito');
    // Only this record.
    expect(h.body.items.every((r: Rec) => r.recurso === 'vendas' && r.registro === venda!.id)).toBe(true);
  });

  it('a user’s history holds their permissions too', async () => {
    const u = await admin.get('/api/usuarios?q=maria.auditada');
    const id = u.body.items[0].id;
    const h = await admin.get(`/api/auditoria/historico?recurso=usuarios&registro=${id}`);
    expect(h.status).toBe(200);
    const recursos = new Set(h.body.items.map((r: Rec) => r.recurso));
    expect(recursos).toEqual(new Set(['usuarios', 'usuario_permissoes']));
    expect(h.body.nomes[id]).toBe('Maria Vendas');
  });

  it('bad input is a 400 in pt-BR; non-admins get 403', async () => {
    const bad = await admin.get('/api/auditoria/historico?recurso=produtos&registro=x');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Recurso inválido.');
    const sem = await admin.get('/api/auditoria/historico?recurso=vendas');
    expect(sem.status).toBe(400);
    expect(sem.body.detail).toBe('Informe o registro.');
    const { client } = await userWith(env, ALL);
    expect((await client.get(`/api/auditoria/historico?recurso=vendas&registro=${clienteId}`)).status).toBe(
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
    const ok = (res: { status: number; body: unknown }, status = 200) =>
      expect(res.status, JSON.stringify(res.body)).toBe(status);

    // payment method: create, edit, (delete at the end, once nothing uses it)
    const cartao = await admin.post('/api/cartoes', { bandeira: 'Cartão', tipo: 'Crédito', taxa_1x: 3 });
    ok(cartao, 201);
    ok(await admin.patchCurrent(`/api/cartoes/${cartao.body.id}`, { taxa_1x: 4 }));
    // quote: create, edit, sell; the sale: edit, commission, delete; then the quote deleted
    const quote = {
      cliente_id: clienteId,
      cartao_id: cartao.body.id,
      itens: [{ produto_id: produtoId, quantidade: 1, medida1: 1, medida2: 1 }],
    };
    const o = await admin.post('/api/orcamentos', quote);
    ok(o, 201);
    ok(await admin.putCurrent(`/api/orcamentos/${o.body.id}`, { ...quote, observacoes: 'Revisado' }));
    const v = await admin.post(`/api/orcamentos/${o.body.id}/venda`);
    ok(v, 201);
    ok(await admin.patchCurrent(`/api/vendas/${v.body.id}`, { valor_bruto: 900 }));
    ok(await admin.patch(`/api/vendas/${v.body.id}/comissao`, { comissao_paga: true }));
    ok(await admin.delete(`/api/vendas/${v.body.id}`), 204);
    ok(await admin.delete(`/api/orcamentos/${o.body.id}`), 204);
    ok(await admin.delete(`/api/cartoes/${cartao.body.id}`), 204);
    // expense: create, edit, status, delete
    const d = await admin.post('/api/despesas', {
      descricao: 'Disco de corte',
      valor: 80,
      data_vencimento: '2026-06-10',
      tipo: 'avulso',
    });
    ok(d, 201);
    const despesa = `/api/despesas/${d.body.items[0].id}`;
    ok(await admin.patchCurrent(despesa, { valor: 95 }));
    ok(await admin.patch(`${despesa}/status`, { status: 'paga' }));
    ok(await admin.delete(despesa), 204);
    // cash: initial value, an entry created, edited, deleted
    ok(await admin.put('/api/caixa/inicial', { valor: 500 }));
    const m = await admin.post('/api/caixa/movimentacoes', {
      nome: 'Sangria',
      valor: 40,
      data: '2026-06-11',
      tipo: 'saida',
    });
    ok(m, 201);
    ok(await admin.patchCurrent(`/api/caixa/movimentacoes/${m.body.id}`, { valor: 45 }));
    ok(await admin.delete(`/api/caixa/movimentacoes/${m.body.id}`), 204);
    // user and permissions: create, edit
    const u = await admin.post('/api/usuarios', {
      nome: 'João Caixa',
      email: 'joao.caixa.auditado@exemplo.com.br',
      senha: 'outro-segredo-9',
      role: 'usuario',
      status: 'ativo',
      permissoes: ['despesas'],
    });
    ok(u, 201);
    ok(
      await admin.patchCurrent(`/api/usuarios/${u.body.id}`, {
        nome: 'João do Caixa',
        permissoes: ['vendas'],
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
