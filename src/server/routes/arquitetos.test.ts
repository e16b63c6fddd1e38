import { describe, expect, it } from 'vitest';
import type { arquitetoCreate } from '../../schemas/arquitetos';
import type { z } from '../../schemas/z';
import { apiSuite, ok, refused } from '../testing/harness';
import { seedOrcamento } from './vendas.test-helpers';

const { env, admin } = apiSuite();

// Bodies typed by the route's schema: crudRoutes types `json` as unknown for the typed client.
type Arquiteto = z.input<typeof arquitetoCreate>;
const criar = (json: Arquiteto) => ok(admin.api.arquitetos.$post({ json }), 201);

describe('/api/arquitetos', () => {
  it('creates with default 10 % and upper-cased UF; edits; searches; deletes', async () => {
    const arquitetos = admin.api.arquitetos;
    const res = await criar({
      nome: 'Helena Projetos',
      email: 'helena@exemplo.com.br',
      telefone: '(21) 99876-5432',
      cpf: '529.982.247-25',
      cidade: 'Niterói',
      uf: 'rj',
    });
    expect(res).toMatchObject({
      nome: 'Helena Projetos',
      uf: 'RJ',
      percentual_comissao: 10,
      status: 'ativo',
      tipo: 'Pessoa Física',
    });

    const edit = await ok(
      arquitetos[':id'].$patch({
        param: { id: res.id },
        json: { percentual_comissao: 8, uf: 'es', updated_at: res.updated_at },
      }),
    );
    expect(edit).toMatchObject({ percentual_comissao: 8, uf: 'ES' });

    const found = await ok(arquitetos.$get({ query: { q: 'niter' } }));
    expect(found.items.map((a) => a.id)).toEqual([res.id]);
    expect((await ok(arquitetos.$get({ query: { q: '52998224725' } }))).total).toBe(1);

    await ok(arquitetos[':id'].$delete({ param: { id: res.id } }), 204);
    expect((await ok(arquitetos.$get({ query: { q: 'helena' } }))).total).toBe(0);
  });

  it('refuses bad input', async () => {
    const post = (json: Arquiteto) => refused(admin.api.arquitetos.$post({ json }), 400);
    await post({ nome: '' });
    await post({ nome: 'X', percentual_comissao: 101 });
    await post({ nome: 'X', uf: 'R1' });
  });

  it('an architect named on a quote cannot be deleted', async () => {
    const a = await criar({ nome: 'Em Uso' });
    await seedOrcamento(env, { arquiteto_id: a.id, status: 'pendente' });
    const res = await refused(admin.api.arquitetos[':id'].$delete({ param: { id: a.id } }), 409);
    expect(res.detail).toBe('Este arquiteto está vinculado a 1 orçamento e não pode ser removido.');
  });
});
