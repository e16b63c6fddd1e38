import { describe, expect, it } from 'vitest';
import { saldo } from '../../domain/caixa';
import type { Movimentacao } from '../../schemas/caixa';
import { Client as Anon, apiSuite, okBody, userWith } from '../testing/harness';

const { env, admin } = apiSuite();

const mov = async (nome: string, valor: number | string, data: string, tipo: 'entrada' | 'saida') => {
  const res = await admin.post('/api/caixa/movimentacoes', { nome, valor, data, tipo });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Movimentacao;
};
const caixa = async () => {
  const res = await admin.get('/api/caixa');
  expect(res.status).toBe(200);
  return res.body;
};

describe('the cash balance', () => {
  it('on an empty database everything is 0', async () => {
    expect(await caixa()).toEqual({ caixa_inicial: 0, total_entradas: 0, total_saidas: 0, saldo: 0 });
  });

  it('PUT /inicial works on an empty database, and the latest value is the current one', async () => {
    const res = await admin.put('/api/caixa/inicial', { valor: 1000 });
    expect(okBody(res)).toMatchObject({ valor: 1000 });
    expect(await caixa()).toEqual({ caixa_inicial: 1000, total_entradas: 0, total_saidas: 0, saldo: 1000 });
    // several saves in a row, as fast as they come: the last one wins
    for (const v of ['1200', '1300.10', '1400', '1500,50']) {
      expect((await admin.put('/api/caixa/inicial', { valor: v })).status).toBe(200);
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
    expect((await admin.delete(`/api/caixa/movimentacoes/${m.id}`)).status).toBe(204);
    expect((await caixa()).saldo).toBe(771);
  });
});

describe('/api/caixa/movimentacoes', () => {
  it('lists newest date first (then latest recorded), paginated and searchable', async () => {
    const res = await admin.get('/api/caixa/movimentacoes');
    expect(res.status).toBe(200);
    expect(res.body.items.map((m: Movimentacao) => [m.nome, m.data, m.valor, m.tipo])).toEqual([
      ['Chapa de granito', '2026-03-03', 1000, 'saida'],
      ['Gasolina', '2026-03-02', 80.25, 'saida'],
      ['Sinal de obra', '2026-03-02', 100, 'entrada'],
      ['Venda balcão', '2026-03-01', 250.75, 'entrada'],
    ]);
    expect(res.body).toMatchObject({ total: 4, page: 1, limit: 50 });
    const p2 = await admin.get('/api/caixa/movimentacoes?limit=3&page=2');
    expect(p2.body.items.map((m: Movimentacao) => m.nome)).toEqual(['Venda balcão']);
    const q = await admin.get('/api/caixa/movimentacoes?q=GRANITO');
    expect(q.body.items.map((m: Movimentacao) => m.nome)).toEqual(['Chapa de granito']);
    const t = await admin.get('/api/caixa/movimentacoes?tipo=entrada');
    expect(t.body.total).toBe(2);
  });

  it('updates with the version read; a stale one gets 409; the balance follows', async () => {
    const m = await mov('Troco', 50, '2026-03-10', 'entrada');
    // 771.00 + 50.00 = 821.00
    expect((await caixa()).saldo).toBe(821);
    const res = await admin.patch(`/api/caixa/movimentacoes/${m.id}`, {
      tipo: 'saida',
      valor: 60,
      updated_at: m.updated_at,
    });
    expect(okBody(res)).toMatchObject({
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
    const stale = await admin.patch(`/api/caixa/movimentacoes/${m.id}`, {
      valor: 1,
      updated_at: m.updated_at,
    });
    expect(stale.status).toBe(409);
    expect((await admin.get(`/api/caixa/movimentacoes/${m.id}`)).body.valor).toBe(60);
    expect((await admin.delete(`/api/caixa/movimentacoes/${m.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/caixa/movimentacoes/${m.id}`)).status).toBe(404);
    expect((await admin.get(`/api/caixa/movimentacoes/${m.id}`)).status).toBe(404);
    expect((await caixa()).saldo).toBe(771);
  });

  it('marks a missing nome or valor (and other bad fields) in pt-BR and records nothing', async () => {
    const before = (await admin.get('/api/caixa/movimentacoes')).body.total;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nome: '', valor: 10, data: '2026-03-01', tipo: 'entrada' }, 'nome', 'Informe o nome.'],
      [{ valor: 10, data: '2026-03-01', tipo: 'entrada' }, 'nome', 'Informe o nome.'],
      [{ nome: 'x', data: '2026-03-01', tipo: 'entrada' }, 'valor', 'Informe o valor.'],
      [{ nome: 'x', valor: '', data: '2026-03-01', tipo: 'entrada' }, 'valor', 'Informe o valor.'],
      [
        { nome: 'x', valor: 0, data: '2026-03-01', tipo: 'entrada' },
        'valor',
        'O valor deve ser maior que zero.',
      ],
      [{ nome: 'x', valor: 10, data: '01/03/2026', tipo: 'entrada' }, 'data', 'Informe a data.'],
      [{ nome: 'x', valor: 10, data: '2026-03-01', tipo: 'transferencia' }, 'tipo', 'Tipo inválido.'],
    ];
    for (const [body, path, message] of cases) {
      const res = await admin.post('/api/caixa/movimentacoes', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toContainEqual({ path, message });
    }
    expect((await admin.get('/api/caixa/movimentacoes')).body.total).toBe(before);
    const empty = await admin.put('/api/caixa/inicial', { valor: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toContainEqual({ path: 'valor', message: 'Informe o valor inicial.' });
    expect((await caixa()).caixa_inicial).toBe(1500.5);
  });
});

describe('permissions', () => {
  it('caixa belongs to the dashboard permission', async () => {
    expect((await new Anon(env).get('/api/caixa')).status).toBe(401);
    const sem = await userWith(env, ['despesas', 'vendas']);
    const m = (await admin.get('/api/caixa/movimentacoes')).body.items[0] as Movimentacao;
    expect((await sem.client.get('/api/caixa')).status).toBe(403);
    expect((await sem.client.put('/api/caixa/inicial', { valor: 1 })).status).toBe(403);
    expect((await sem.client.get('/api/caixa/movimentacoes')).status).toBe(403);
    expect((await sem.client.get(`/api/caixa/movimentacoes/${m.id}`)).status).toBe(403);
    expect(
      (
        await sem.client.post('/api/caixa/movimentacoes', {
          nome: 'x',
          valor: 1,
          data: '2026-01-01',
          tipo: 'entrada',
        })
      ).status,
    ).toBe(403);
    expect((await sem.client.patchCurrent(`/api/caixa/movimentacoes/${m.id}`, { valor: 2 })).status).toBe(
      403,
    );
    expect((await sem.client.delete(`/api/caixa/movimentacoes/${m.id}`)).status).toBe(403);
    const com = await userWith(env, ['dashboard']);
    expect((await com.client.get('/api/caixa')).body.saldo).toBe(771);
  });

  it('reading is the dashboard’s; writing needs financeiro (every new user has dashboard)', async () => {
    const m = (await admin.get('/api/caixa/movimentacoes')).body.items[0] as Movimentacao;
    const before = (await admin.get('/api/caixa')).body;
    const leitor = await userWith(env, ['dashboard']);
    expect((await leitor.client.get('/api/caixa')).status).toBe(200);
    expect((await leitor.client.get('/api/caixa/movimentacoes')).status).toBe(200);
    expect((await leitor.client.get(`/api/caixa/movimentacoes/${m.id}`)).status).toBe(200);
    const entrada = { nome: 'Retirada indevida', valor: 5000, data: '2026-01-01', tipo: 'saida' };
    expect((await leitor.client.post('/api/caixa/movimentacoes', entrada)).status).toBe(403);
    expect((await leitor.client.put('/api/caixa/inicial', { valor: 1 })).status).toBe(403);
    expect((await leitor.client.patchCurrent(`/api/caixa/movimentacoes/${m.id}`, { valor: 2 })).status).toBe(
      403,
    );
    expect((await leitor.client.delete(`/api/caixa/movimentacoes/${m.id}`)).status).toBe(403);
    expect((await admin.get('/api/caixa')).body).toEqual(before);

    const financeiro = await userWith(env, ['dashboard', 'financeiro']);
    const criada = await financeiro.client.create('/api/caixa/movimentacoes', { ...entrada, valor: 10 });
    expect((await financeiro.client.delete(`/api/caixa/movimentacoes/${criada.id}`)).status).toBe(204);
  });
});
