import { describe, expect, it } from 'vitest';
import type { categoriaProdutoCreate } from '../../schemas/categorias-produtos';
import type { z } from '../../schemas/z';
import { answer, apiSuite, fieldErrors, ok, refused, userWith, versionOf } from '../testing/harness';

const { env, admin } = apiSuite();
const categorias = () => admin.api['categorias-produtos'];
// Bodies typed by the route's schema: crudRoutes types `json` as unknown for the typed client.
type Categoria = z.input<typeof categoriaProdutoCreate>;
const criar = (json: Categoria) => ok(categorias().$post({ json }), 201);

describe('/api/categorias-produtos', () => {
  it('trims the name and stores it in lower case', async () => {
    const res = await criar({ nome: '  Mármore Carrara  ' });
    expect(res).toMatchObject({ nome: 'mármore carrara', ativa: true, total_produtos: 0 });
  });

  it('refuses a name already taken, in any case, with the pt-BR 409', async () => {
    await criar({ nome: 'Quartzito' });
    const dup = await answer(categorias().$post({ json: { nome: ' QUARTZITO ' } satisfies Categoria }));
    expect(dup.status).toBe(409);
    expect(dup.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(dup.body).toMatchObject({ detail: 'Já existe uma categoria com esse nome.' });
  });

  it('requires a name', async () => {
    // on purpose: a body without its required name
    expect((await admin.invalidPost('/api/categorias-produtos', {})).nome).toBe(
      'Informe o nome da categoria.',
    );
    const blank = await fieldErrors(categorias().$post({ json: { nome: '   ' } satisfies Categoria }));
    expect(blank.nome).toBe('Informe o nome da categoria.');
  });

  it('lists by name with how many products use each category', async () => {
    await criar({ nome: 'zz granito' });
    await criar({ nome: 'aa ardósia' });
    for (const nome of ['Preto São Gabriel', 'Verde Ubatuba']) {
      await ok(admin.api.produtos.$post({ json: { nome, categoria: 'zz granito', valor_m2: 300 } }), 201);
    }
    const res = await ok(categorias().$get({ query: {} }));
    const nomes = res.items.map((c) => c.nome);
    expect(nomes).toEqual([...nomes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(nomes[0]).toBe('aa ardósia');
    expect(res.items.find((c) => c.nome === 'zz granito')?.total_produtos).toBe(2);
    expect(res.items.find((c) => c.nome === 'aa ardósia')?.total_produtos).toBe(0);
    expect(res.total).toBe(res.items.length);
  });

  it('searches by name', async () => {
    const res = await ok(categorias().$get({ query: { q: 'ARDÓ' } }));
    expect(res.items.map((c) => c.nome)).toEqual(['aa ardósia']);
  });

  it('cannot delete a category products use (409); once unused it can', async () => {
    const cat = await criar({ nome: 'Em uso' });
    const prod = await ok(
      admin.api.produtos.$post({ json: { nome: 'Branco Siena', categoria: 'em uso', valor_m2: 250 } }),
      201,
    );
    const emUso = await refused(categorias()[':id'].$delete({ param: { id: cat.id } }), 409);
    expect(emUso.title).toBe('Não é possível remover categoria');
    expect(emUso.detail).toMatch(/usada por 1 produto /);
    await ok(categorias()[':id'].$get({ param: { id: cat.id } }));

    await ok(admin.api.produtos[':id'].$delete({ param: { id: prod.id } }), 204);
    await ok(categorias()[':id'].$delete({ param: { id: cat.id } }), 204);
    await refused(categorias()[':id'].$get({ param: { id: cat.id } }), 404);
  });

  it('renaming a category carries its products along; a taken name is refused', async () => {
    const cat = await criar({ nome: 'Nome antigo' });
    const prod = await ok(
      admin.api.produtos.$post({ json: { nome: 'Travertino', categoria: 'nome antigo', valor_m2: 400 } }),
      201,
    );
    const rename = async (nome: string) => {
      const updated_at = await versionOf(categorias()[':id'].$get({ param: { id: cat.id } }));
      return answer(categorias()[':id'].$patch({ param: { id: cat.id }, json: { nome, updated_at } }));
    };
    const ren = await rename('Nome Novo');
    expect(ren.status).toBe(200);
    expect(ren.body.nome).toBe('nome novo');
    expect((await ok(admin.api.produtos[':id'].$get({ param: { id: prod.id } }))).categoria).toBe(
      'nome novo',
    );

    const dup = await rename('quartzito');
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ detail: 'Já existe uma categoria com esse nome.' });
  });

  it('/opcoes lists active categories (id, nome) for produtos, orcamentos and vendas holders', async () => {
    const inativa = await criar({ nome: 'Inativa', ativa: false });
    const res = await ok(categorias().opcoes.$get({ query: {} }));
    expect(Object.keys(res[0]!).sort()).toEqual(['id', 'nome']);
    expect(res.map((c) => c.nome)).not.toContain(inativa.nome);
    expect(res.map((c) => c.nome)).toContain('quartzito');
    for (const p of ['orcamentos', 'vendas'] as const) {
      const { client } = await userWith(env, [p]);
      await ok(client.api['categorias-produtos'].opcoes.$get({ query: {} }));
      await refused(client.api['categorias-produtos'].$get({ query: {} }), 403);
    }
  });

  it('403 without the produtos permission', async () => {
    const { client } = await userWith(env, ['clientes']);
    await refused(client.api['categorias-produtos'].$get({ query: {} }), 403);
    await refused(client.api['categorias-produtos'].$post({ json: { nome: 'x' } }), 403);
    await refused(client.api['categorias-produtos'].opcoes.$get({ query: {} }), 403);
    const { client: prod } = await userWith(env, ['produtos']);
    await ok(prod.api['categorias-produtos'].$post({ json: { nome: 'Permitida' } }), 201);
  });
});
