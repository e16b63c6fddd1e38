import type { InferRequestType } from 'hono/client';
import { describe, expect, it } from 'vitest';
import { saldo } from '../../domain/caixa';
import { Client as Anon, apiSuite, fieldErrors, ok, refused, userWith, versionOf } from '../testing/harness';

const { env, admin } = apiSuite();

type NovaMovimentacao = InferRequestType<typeof admin.api.caixa.movimentacoes.$post>['json'];

const mov = (nome: string, valor: number | string, data: string, tipo: 'entrada' | 'saida') =>
  ok(admin.api.caixa.movimentacoes.$post({ json: { nome, valor, data, tipo } }), 201);
const caixa = () => ok(admin.api.caixa.$get());
type Filtros = InferRequestType<typeof admin.api.caixa.movimentacoes.$get>['query'];
const movimentacoes = (query: Filtros = {}) => ok(admin.api.caixa.movimentacoes.$get({ query }));

describe('the cash balance', () => {
  it('on an empty database everything is 0', async () => {
    expect(await caixa()).toEqual({ caixa_inicial: 0, total_entradas: 0, total_saidas: 0, saldo: 0 });
  });

  it('PUT /inicial works on an empty database, and the latest value is the current one', async () => {
    expect(await ok(admin.api.caixa.inicial.$put({ json: { valor: 1000 } }))).toMatchObject({ valor: 1000 });
    expect(await caixa()).toEqual({ caixa_inicial: 1000, total_entradas: 0, total_saidas: 0, saldo: 1000 });
    // the screen sends the text as typed in Brazil (caixa/page.test.tsx): "4.400,00" is R$ 4.400,00
    expect(await ok(admin.api.caixa.inicial.$put({ json: { valor: '4.400,00' } }))).toMatchObject({
      valor: 4400,
    });
    expect((await caixa()).caixa_inicial).toBe(4400);
    // several saves in a row, as fast as they come: the last one wins
    for (const v of ['1200', '1300.10', '1400', '1500,50']) {
      await ok(admin.api.caixa.inicial.$put({ json: { valor: v } }));
    }
    expect((await caixa()).caixa_inicial).toBe(1500.5);
  });

  it('saldo = inicial + entradas − saídas, summed in SQL', async () => {
    await mov('Venda balcão', 250.75, '2026-03-01', 'entrada');
    await mov('Sinal de obra', '100', '2026-03-02', 'entrada');
    await mov('Gasolina', '80,25', '2026-03-02', 'saida');
    await mov('Chapa de granito', 1000, '2026-03-03', 'saida');
    // entradas 250.75 + 100.00 = 350.75; saídas 80.25 + 1000.00 = 1080.25
    // saldo = 1500.50 + 350.75 − 1080.25 = 771.00
    expect(await caixa()).toEqual({
      caixa_inicial: 1500.5,
      total_entradas: 350.75,
      total_saidas: 1080.25,
      saldo: 771,
    });
    expect(saldo('1500.50', '350.75', '1080.25')).toBe(771);
  });

  it('goes negative when the outflows pass the cash', async () => {
    const m = await mov('Folha', 1000.01, '2026-03-05', 'saida');
    // 771.00 − 1000.01 = −229.01
    expect((await caixa()).saldo).toBe(-229.01);
    await ok(admin.api.caixa.movimentacoes[':id'].$delete({ param: { id: m.id } }), 204);
    expect((await caixa()).saldo).toBe(771);
  });
});

describe('/api/caixa/movimentacoes', () => {
  it('lists newest date first (then latest recorded), paginated and searchable', async () => {
    const res = await movimentacoes();
    expect(res.items.map((m) => [m.nome, m.data, m.valor, m.tipo])).toEqual([
      ['Chapa de granito', '2026-03-03', 1000, 'saida'],
      ['Gasolina', '2026-03-02', 80.25, 'saida'],
      ['Sinal de obra', '2026-03-02', 100, 'entrada'],
      ['Venda balcão', '2026-03-01', 250.75, 'entrada'],
    ]);
    expect(res).toMatchObject({ total: 4, page: 1, limit: 50 });
    const p2 = await movimentacoes({ limit: 3, page: 2 });
    expect(p2.items.map((m) => m.nome)).toEqual(['Venda balcão']);
    const q = await movimentacoes({ q: 'GRANITO' });
    expect(q.items.map((m) => m.nome)).toEqual(['Chapa de granito']);
    expect((await movimentacoes({ tipo: 'entrada' })).total).toBe(2);
  });

  it('updates with the version read; a stale one gets 409; the balance follows', async () => {
    const m = await mov('Troco', 50, '2026-03-10', 'entrada');
    // 771.00 + 50.00 = 821.00
    expect((await caixa()).saldo).toBe(821);
    const one = admin.api.caixa.movimentacoes[':id'];
    const param = { id: m.id };
    const res = await ok(one.$patch({ param, json: { tipo: 'saida', valor: 60, updated_at: m.updated_at } }));
    expect(res).toMatchObject({
      id: m.id,
      tipo: 'saida',
      valor: 60,
      nome: 'Troco',
      data: '2026-03-10',
    });
    // 771.00 − 60.00 = 711.00
    expect(await caixa()).toEqual({
      caixa_inicial: 1500.5,
      total_entradas: 350.75,
      total_saidas: 1140.25,
      saldo: 711,
    });
    await refused(one.$patch({ param, json: { valor: 1, updated_at: m.updated_at } }), 409);
    expect((await ok(one.$get({ param }))).valor).toBe(60);
    await ok(one.$delete({ param }), 204);
    await refused(one.$delete({ param }), 404);
    await refused(one.$get({ param }), 404);
    expect((await caixa()).saldo).toBe(771);
  });

  it('marks a missing nome or valor (and other bad fields) in pt-BR and records nothing', async () => {
    const before = (await movimentacoes()).total;
    const cases: [NovaMovimentacao, string, string][] = [
      [{ nome: '', valor: 10, data: '2026-03-01', tipo: 'entrada' }, 'nome', 'Informe o nome.'],
      [{ nome: 'x', valor: '', data: '2026-03-01', tipo: 'entrada' }, 'valor', 'Informe o valor.'],
      [
        { nome: 'x', valor: 0, data: '2026-03-01', tipo: 'entrada' },
        'valor',
        'O valor deve ser maior que zero.',
      ],
      [{ nome: 'x', valor: 10, data: '01/03/2026', tipo: 'entrada' }, 'data', 'Informe a data.'],
    ];
    for (const [json, path, message] of cases) {
      const res = await refused(admin.api.caixa.movimentacoes.$post({ json }), 400);
      expect(res.errors, JSON.stringify(json)).toContainEqual({ path, message });
    }
    // on purpose: bodies the types refuse (a field missing, a kind that does not exist)
    const malformed: [Record<string, unknown>, string, string][] = [
      [{ valor: 10, data: '2026-03-01', tipo: 'entrada' }, 'nome', 'Informe o nome.'],
      [{ nome: 'x', data: '2026-03-01', tipo: 'entrada' }, 'valor', 'Informe o valor.'],
      [{ nome: 'x', valor: 10, data: '2026-03-01', tipo: 'transferencia' }, 'tipo', 'Tipo inválido.'],
    ];
    for (const [body, path, message] of malformed) {
      const res = await admin.post('/api/caixa/movimentacoes', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toContainEqual({ path, message });
    }
    expect((await movimentacoes()).total).toBe(before);
    const empty = await fieldErrors(admin.api.caixa.inicial.$put({ json: { valor: '' } }));
    expect(empty.valor).toBe('Informe o valor inicial.');
    expect((await caixa()).caixa_inicial).toBe(1500.5);
  });
});

describe('permissions', () => {
  it('caixa belongs to the dashboard permission', async () => {
    await refused(new Anon(env).api.caixa.$get(), 401);
    const sem = (await userWith(env, ['despesas', 'vendas'])).client.api.caixa;
    const m = (await movimentacoes()).items[0]!;
    const param = { id: m.id };
    await refused(sem.$get(), 403);
    await refused(sem.inicial.$put({ json: { valor: 1 } }), 403);
    await refused(sem.movimentacoes.$get({ query: {} }), 403);
    await refused(sem.movimentacoes[':id'].$get({ param }), 403);
    const json = { nome: 'x', valor: 1, data: '2026-01-01', tipo: 'entrada' } as const;
    await refused(sem.movimentacoes.$post({ json }), 403);
    const semVersao = await versionOf(sem.movimentacoes[':id'].$get({ param }));
    await refused(sem.movimentacoes[':id'].$patch({ param, json: { valor: 2, updated_at: semVersao } }), 403);
    await refused(sem.movimentacoes[':id'].$delete({ param }), 403);
    const com = await userWith(env, ['dashboard']);
    expect((await ok(com.client.api.caixa.$get())).saldo).toBe(771);
  });

  it('reading is the dashboard’s; writing needs financeiro (every new user has dashboard)', async () => {
    const m = (await movimentacoes()).items[0]!;
    const param = { id: m.id };
    const before = await caixa();
    const leitor = (await userWith(env, ['dashboard'])).client.api.caixa;
    await ok(leitor.$get());
    await ok(leitor.movimentacoes.$get({ query: {} }));
    const lida = await ok(leitor.movimentacoes[':id'].$get({ param }));
    const entrada = { nome: 'Retirada indevida', valor: 5000, data: '2026-01-01', tipo: 'saida' } as const;
    await refused(leitor.movimentacoes.$post({ json: entrada }), 403);
    await refused(leitor.inicial.$put({ json: { valor: 1 } }), 403);
    await refused(
      leitor.movimentacoes[':id'].$patch({ param, json: { valor: 2, updated_at: lida.updated_at } }),
      403,
    );
    await refused(leitor.movimentacoes[':id'].$delete({ param }), 403);
    expect(await caixa()).toEqual(before);

    const financeiro = (await userWith(env, ['dashboard', 'financeiro'])).client.api.caixa.movimentacoes;
    const criada = await ok(financeiro.$post({ json: { ...entrada, valor: 10 } }), 201);
    await ok(financeiro[':id'].$delete({ param: { id: criada.id } }), 204);
  });
});
