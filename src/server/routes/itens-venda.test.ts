import { describe, expect, it } from 'vitest';
import { clientes, orcamentoItens, orcamentos } from '../../db/schema';
import type { itemVendaCreate } from '../../schemas/itens-venda';
import type { z } from '../../schemas/z';
import { apiSuite, ok, refused, userWith } from '../testing/harness';

const { env, admin } = apiSuite();

// Bodies typed by the route's schema: crudRoutes types `json` as unknown for the typed client.
type Item = z.input<typeof itemVendaCreate>;
const criar = (json: Item) => ok(admin.api['itens-venda'].$post({ json }), 201);

describe('/api/itens-venda', () => {
  it('creates an item with its measure format', async () => {
    const res = await criar({ nome: ' Bancada ', formato_medida: 'Largura x Profundidade' });
    expect(res).toMatchObject({ nome: 'Bancada', formato_medida: 'Largura x Profundidade' });
  });

  it('requires nome and formato_medida, and only the two formats', async () => {
    // on purpose: a body without the required fields (the typed client would not send it)
    expect(await admin.invalidPost('/api/itens-venda', {})).toEqual({
      nome: 'Informe o nome do item.',
      formato_medida: 'Selecione o formato de medida.',
    });
    // on purpose: a format outside the enum
    expect(
      (await admin.invalidPost('/api/itens-venda', { nome: 'Pia', formato_medida: 'Altura x Largura' }))
        .formato_medida,
    ).toBe('Selecione o formato de medida.');
  });

  it('lists by name ascending, searches, and edits', async () => {
    const itens = admin.api['itens-venda'];
    await criar({ nome: 'Soleira', formato_medida: 'Largura x Profundidade' });
    const frontao = await criar({ nome: 'Frontão', formato_medida: 'Largura x Altura' });
    const list = await ok(itens.$get({ query: {} }));
    expect(list.items.map((i) => i.nome)).toEqual(['Bancada', 'Frontão', 'Soleira']);

    const found = await ok(itens.$get({ query: { q: 'sole' } }));
    expect(found.items.map((i) => i.nome)).toEqual(['Soleira']);

    const upd = await ok(
      itens[':id'].$patch({
        param: { id: frontao.id },
        json: { nome: 'Frontão alto', updated_at: frontao.updated_at },
      }),
    );
    expect(upd).toMatchObject({ nome: 'Frontão alto', formato_medida: 'Largura x Altura' });
    // a second edit with the old version is refused
    const stale = await refused(
      itens[':id'].$patch({ param: { id: frontao.id }, json: { nome: 'X', updated_at: frontao.updated_at } }),
      409,
    );
    expect(stale.detail).toBe('Este registro foi alterado por outra pessoa. Recarregue.');
    // on purpose: a format outside the enum
    const badFmt = await admin.patchCurrent(`/api/itens-venda/${frontao.id}`, {
      formato_medida: 'Comprimento',
    });
    expect(badFmt.status).toBe(400);
  });

  it('cannot delete an item a quote uses (409); an unused one is deleted', async () => {
    const itens = admin.api['itens-venda'];
    const item = await criar({ nome: 'Rodapé', formato_medida: 'Largura x Altura' });
    await ok(admin.api['categorias-produtos'].$post({ json: { nome: 'granito' } }), 201);
    const prod = await ok(
      admin.api.produtos.$post({ json: { nome: 'Cinza Andorinha', categoria: 'granito', valor_m2: 200 } }),
      201,
    );
    const [cli] = await env.db.insert(clientes).values({ nome: 'Cliente Teste' }).returning();
    const [orc] = await env.db.insert(orcamentos).values({ cliente_id: cli!.id }).returning();
    await env.db.insert(orcamentoItens).values({
      orcamento_id: orc!.id,
      produto_id: prod.id,
      item_venda_id: item.id,
      quantidade: '1',
      valor_unitario: '200.00',
      valor_total: '200.00',
    });
    const emUso = await refused(itens[':id'].$delete({ param: { id: item.id } }), 409);
    expect(emUso.title).toBe('Não é possível remover item');
    expect(emUso.detail).toMatch(/usado em 1 orçamento /);
    await ok(itens[':id'].$get({ param: { id: item.id } }));

    const livre = await criar({ nome: 'Nicho', formato_medida: 'Largura x Altura' });
    await ok(itens[':id'].$delete({ param: { id: livre.id } }), 204);
    await refused(itens[':id'].$delete({ param: { id: livre.id } }), 404);
  });

  it('/opcoes (id, nome, formato_medida) is open to orcamentos holders; the rest needs produtos', async () => {
    const { client } = await userWith(env, ['orcamentos']);
    const itens = client.api['itens-venda'];
    expect(await ok(itens.opcoes.$get({ query: { q: 'banc' } }))).toEqual([
      { id: expect.any(String), nome: 'Bancada', formato_medida: 'Largura x Profundidade' },
    ]);
    await refused(itens.$get({ query: {} }), 403);
    await refused(itens.$post({ json: { nome: 'x', formato_medida: 'Largura x Altura' } }), 403);
    const { client: none } = await userWith(env, ['clientes']);
    await refused(none.api['itens-venda'].opcoes.$get({ query: {} }), 403);
  });
});
