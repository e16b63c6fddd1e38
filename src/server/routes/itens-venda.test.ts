import { describe, expect, it } from 'vitest';
import { clientes, orcamentoItens, orcamentos } from '../../db/schema';
import { apiSuite, okBody, userWith } from '../testing/harness';

const { env, admin } = apiSuite();

describe('/api/itens-venda', () => {
  it('creates an item with its measure format', async () => {
    const res = await admin.create('/api/itens-venda', {
      nome: ' Bancada ',
      formato_medida: 'Largura x Profundidade',
    });
    expect(res).toMatchObject({ nome: 'Bancada', formato_medida: 'Largura x Profundidade' });
  });

  it('requires nome and formato_medida, and only the two formats', async () => {
    expect(await admin.invalidPost('/api/itens-venda', {})).toEqual({
      nome: 'Informe o nome do item.',
      formato_medida: 'Selecione o formato de medida.',
    });
    expect(
      (await admin.invalidPost('/api/itens-venda', { nome: 'Pia', formato_medida: 'Altura x Largura' }))
        .formato_medida,
    ).toBe('Selecione o formato de medida.');
  });

  it('lists by name ascending, searches, and edits', async () => {
    await admin.post('/api/itens-venda', { nome: 'Soleira', formato_medida: 'Largura x Profundidade' });
    const frontao = (
      await admin.post('/api/itens-venda', { nome: 'Frontão', formato_medida: 'Largura x Altura' })
    ).body;
    const list = await admin.get('/api/itens-venda');
    expect(list.body.items.map((i: { nome: string }) => i.nome)).toEqual(['Bancada', 'Frontão', 'Soleira']);

    const found = await admin.get('/api/itens-venda?q=sole');
    expect(found.body.items.map((i: { nome: string }) => i.nome)).toEqual(['Soleira']);

    const upd = await admin.patch(`/api/itens-venda/${frontao.id}`, {
      nome: 'Frontão alto',
      updated_at: frontao.updated_at,
    });
    expect(okBody(upd)).toMatchObject({ nome: 'Frontão alto', formato_medida: 'Largura x Altura' });
    // a second edit with the old version is refused
    const stale = await admin.patch(`/api/itens-venda/${frontao.id}`, {
      nome: 'X',
      updated_at: frontao.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe('Este registro foi alterado por outra pessoa. Recarregue.');
    const badFmt = await admin.patchCurrent(`/api/itens-venda/${frontao.id}`, {
      formato_medida: 'Comprimento',
    });
    expect(badFmt.status).toBe(400);
  });

  it('cannot delete an item a quote uses (409); an unused one is deleted', async () => {
    const item = (
      await admin.post('/api/itens-venda', { nome: 'Rodapé', formato_medida: 'Largura x Altura' })
    ).body;
    await admin.post('/api/categorias-produtos', { nome: 'granito' });
    const prod = (
      await admin.post('/api/produtos', { nome: 'Cinza Andorinha', categoria: 'granito', valor_m2: 200 })
    ).body;
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
    await admin.refusedDelete(
      `/api/itens-venda/${item.id}`,
      'Não é possível remover item',
      /usado em 1 orçamento /,
    );

    const livre = (
      await admin.post('/api/itens-venda', { nome: 'Nicho', formato_medida: 'Largura x Altura' })
    ).body;
    expect((await admin.delete(`/api/itens-venda/${livre.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/itens-venda/${livre.id}`)).status).toBe(404);
  });

  it('/opcoes (id, nome, formato_medida) is open to orcamentos holders; the rest needs produtos', async () => {
    const { client } = await userWith(env, ['orcamentos']);
    const op = await client.get('/api/itens-venda/opcoes?q=banc');
    expect(okBody(op)).toEqual([
      { id: expect.any(String), nome: 'Bancada', formato_medida: 'Largura x Profundidade' },
    ]);
    expect((await client.get('/api/itens-venda')).status).toBe(403);
    expect(
      (await client.post('/api/itens-venda', { nome: 'x', formato_medida: 'Largura x Altura' })).status,
    ).toBe(403);
    const { client: none } = await userWith(env, ['clientes']);
    expect((await none.get('/api/itens-venda/opcoes')).status).toBe(403);
  });
});
