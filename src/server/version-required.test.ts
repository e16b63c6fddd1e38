import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '../schemas/z';
import { documentedRoutes } from './openapi';
import { clientePf, createTestDeps, loginAdmin, type TestEnv } from './testing/harness';

/**
 * Every update carries the version it was read with: a route whose body declares `updated_at` refuses
 * a body without it with a 400 that names the field — before it reads or writes anything, so it does
 * not matter that the row does not exist.
 */
let env: TestEnv;
beforeAll(async () => {
  env = await createTestDeps();
});
afterAll(() => env.close());

const concrete = (path: string) => path.replace(/:[a-zA-Z_]+/g, '00000000-0000-4000-8000-000000000000');

function versioned(app: TestEnv['app']) {
  return documentedRoutes(app).filter((r) => {
    if (!r.contract.body) return false;
    const s = z.toJSONSchema(r.contract.body, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    // updates declare it required; a route where it is optional (the sale from a quote) is not an update
    return !!s.properties?.updated_at && !!s.required?.includes('updated_at');
  });
}

describe('updated_at is required on every update', () => {
  it('finds the update routes (PATCH and PUT of every editable resource)', () => {
    const keys = versioned(env.app).map((r) => `${r.method} ${r.path}`);
    for (const k of [
      'PATCH /api/clientes/:id',
      'PATCH /api/fornecedores/:id',
      'PATCH /api/funcionarios/:id',
      'PATCH /api/produtos/:id',
      'PATCH /api/categorias-produtos/:id',
      'PATCH /api/itens-venda/:id',
      'PATCH /api/cartoes/:id',
      'PATCH /api/acabamentos/:id',
      'PATCH /api/recortes/:id',
      'PATCH /api/vendedores/:id',
      'PATCH /api/arquitetos/:id',
      'PATCH /api/despesas/:id',
      'PATCH /api/caixa/movimentacoes/:id',
      'PATCH /api/vendas/:id',
      'PATCH /api/usuarios/:id',
      'PUT /api/orcamentos/:id',
      'PATCH /api/ordens-servico/:id/etapas/:etapaId',
      'POST /api/ordens-servico/:id/etapas/:etapaId/iniciar',
      'POST /api/ordens-servico/:id/etapas/:etapaId/concluir',
    ]) {
      expect(keys).toContain(k);
    }
  });

  it('a body without it is a 400 naming updated_at', async () => {
    const admin = await loginAdmin(env);
    const failures: string[] = [];
    for (const r of versioned(env.app)) {
      const res = await admin.request(r.method, concrete(r.path), {});
      const named = (res.body?.errors ?? []).some((e: { path: string }) => e.path === 'updated_at');
      if (res.status !== 400 || !named) failures.push(`${r.method} ${r.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('says what to send', async () => {
    const admin = await loginAdmin(env);
    const c = await admin.create('/api/clientes', clientePf('Sem Versão', '(11) 98765-4321'));
    const res = await admin.patch(`/api/clientes/${c.id}`, { nome: 'Outro Nome' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'updated_at', message: 'Informe updated_at: a data de atualização do registro que você leu.' },
    ]);
    expect((await admin.get(`/api/clientes/${c.id}`)).body.nome).toBe('Sem Versão');
  });
});
