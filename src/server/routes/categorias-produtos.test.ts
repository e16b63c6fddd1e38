import { describe, expect, it } from 'vitest';
import { apiSuite, userWith } from '../testing/harness';

const { env, admin } = apiSuite();

describe('/api/categorias-produtos', () => {
  it('trims the name and stores it in lower case', async () => {
    const res = await admin.create('/api/categorias-produtos', { nome: '  Mármore Carrara  ' });
    expect(res).toMatchObject({ nome: 'mármore carrara', ativa: true, total_produtos: 0 });
  });

  it('refuses a name already taken, in any case, with the pt-BR 409', async () => {
    expect((await admin.post('/api/categorias-produtos', { nome: 'Quartzito' })).status).toBe(201);
    const dup = await admin.post('/api/categorias-produtos', { nome: ' QUARTZITO ' });
    expect(dup.status).toBe(409);
    expect(dup.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(dup.body.detail).toBe('Já existe uma categoria com esse nome.');
  });

  it('requires a name', async () => {
    for (const body of [{}, { nome: '   ' }]) {
      expect((await admin.invalidPost('/api/categorias-produtos', body)).nome).toBe(
        'Informe o nome da categoria.',
      );
    }
  });

  it('lists by name with how many products use each category', async () => {
    await admin.post('/api/categorias-produtos', { nome: 'zz granito' });
    await admin.post('/api/categorias-produtos', { nome: 'aa ardósia' });
    for (const nome of ['Preto São Gabriel', 'Verde Ubatuba']) {
      await admin.create('/api/produtos', { nome, categoria: 'zz granito', valor_m2: 300 });
    }
    const res = await admin.get('/api/categorias-produtos');
    expect(res.status).toBe(200);
    const nomes = res.body.items.map((c: { nome: string }) => c.nome);
    expect(nomes).toEqual([...nomes].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(nomes[0]).toBe('aa ardósia');
    const granito = res.body.items.find((c: { nome: string }) => c.nome === 'zz granito');
    expect(granito.total_produtos).toBe(2);
    expect(res.body.items.find((c: { nome: string }) => c.nome === 'aa ardósia').total_produtos).toBe(0);
    expect(res.body.total).toBe(res.body.items.length);
  });

  it('searches by name', async () => {
    const res = await admin.get('/api/categorias-produtos?q=ARDÓ');
    expect(res.body.items.map((c: { nome: string }) => c.nome)).toEqual(['aa ardósia']);
  });

  it('cannot delete a category products use (409); once unused it can', async () => {
    const cat = (await admin.post('/api/categorias-produtos', { nome: 'Em uso' })).body;
    const prod = (
      await admin.post('/api/produtos', { nome: 'Branco Siena', categoria: 'em uso', valor_m2: 250 })
    ).body;
    await admin.refusedDelete(
      `/api/categorias-produtos/${cat.id}`,
      'Não é possível remover categoria',
      /usada por 1 produto /,
    );

    expect((await admin.delete(`/api/produtos/${prod.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/categorias-produtos/${cat.id}`)).status).toBe(204);
    expect((await admin.get(`/api/categorias-produtos/${cat.id}`)).status).toBe(404);
  });

  it('renaming a category carries its products along; a taken name is refused', async () => {
    const cat = (await admin.post('/api/categorias-produtos', { nome: 'Nome antigo' })).body;
    const prod = (
      await admin.post('/api/produtos', { nome: 'Travertino', categoria: 'nome antigo', valor_m2: 400 })
    ).body;
    const ren = await admin.patchCurrent(`/api/categorias-produtos/${cat.id}`, { nome: 'Nome Novo' });
    expect(ren.status).toBe(200);
    expect(ren.body.nome).toBe('nome novo');
    expect((await admin.get(`/api/produtos/${prod.id}`)).body.categoria).toBe('nome novo');

    const dup = await admin.patchCurrent(`/api/categorias-produtos/${cat.id}`, { nome: 'quartzito' });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe('Já existe uma categoria com esse nome.');
  });

  it('/opcoes lists active categories (id, nome) for produtos, orcamentos and vendas holders', async () => {
    const inativa = (await admin.post('/api/categorias-produtos', { nome: 'Inativa', ativa: false })).body;
    const res = await admin.get('/api/categorias-produtos/opcoes');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body[0]).sort()).toEqual(['id', 'nome']);
    expect(res.body.map((c: { nome: string }) => c.nome)).not.toContain(inativa.nome);
    expect(res.body.map((c: { nome: string }) => c.nome)).toContain('quartzito');
    for (const p of ['orcamentos', 'vendas'] as const) {
      const { client } = await userWith(env, [p]);
      expect((await client.get('/api/categorias-produtos/opcoes')).status).toBe(200);
      expect((await client.get('/api/categorias-produtos')).status).toBe(403);
    }
  });

  it('403 without the produtos permission', async () => {
    const { client } = await userWith(env, ['clientes']);
    expect((await client.get('/api/categorias-produtos')).status).toBe(403);
    expect((await client.post('/api/categorias-produtos', { nome: 'x' })).status).toBe(403);
    expect((await client.get('/api/categorias-produtos/opcoes')).status).toBe(403);
    const { client: prod } = await userWith(env, ['produtos']);
    expect((await prod.post('/api/categorias-produtos', { nome: 'Permitida' })).status).toBe(201);
  });
});
