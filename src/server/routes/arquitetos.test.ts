import { describe, expect, it } from 'vitest';
import { apiSuite, okBody } from '../testing/harness';
import { seedOrcamento } from './vendas.test-helpers';

const { env, admin } = apiSuite();

describe('/api/arquitetos', () => {
  it('creates with default 10 % and upper-cased UF; edits; searches; deletes', async () => {
    const res = await admin.create('/api/arquitetos', {
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

    const edit = await admin.patch(`/api/arquitetos/${res.id}`, {
      percentual_comissao: 8,
      uf: 'es',
      updated_at: res.updated_at,
    });
    expect(okBody(edit)).toMatchObject({ percentual_comissao: 8, uf: 'ES' });

    const found = await admin.get('/api/arquitetos?q=niter');
    expect(found.body.items.map((a: { id: string }) => a.id)).toEqual([res.id]);
    const byDoc = await admin.get('/api/arquitetos?q=52998224725');
    expect(byDoc.body.total).toBe(1);

    expect((await admin.delete(`/api/arquitetos/${res.id}`)).status).toBe(204);
    expect((await admin.get('/api/arquitetos?q=helena')).body.total).toBe(0);
  });

  it('refuses bad input', async () => {
    expect((await admin.post('/api/arquitetos', { nome: '' })).status).toBe(400);
    expect((await admin.post('/api/arquitetos', { nome: 'X', percentual_comissao: 101 })).status).toBe(400);
    expect((await admin.post('/api/arquitetos', { nome: 'X', uf: 'R1' })).status).toBe(400);
  });

  it('an architect named on a quote cannot be deleted', async () => {
    const a = (await admin.post('/api/arquitetos', { nome: 'Em Uso' })).body;
    await seedOrcamento(env, { arquiteto_id: a.id, status: 'pendente' });
    const res = await admin.delete(`/api/arquitetos/${a.id}`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Este arquiteto está vinculado a 1 orçamento e não pode ser removido.');
  });
});
