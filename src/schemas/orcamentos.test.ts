import { describe, expect, it } from 'vitest';
import {
  LIMITES,
  MSG_HORAS,
  MSG_MARGEM,
  MSG_MEDIDA,
  MSG_QUANTIDADE,
  MSG_VALOR,
  orcamentoCalculo,
  orcamentoCreate,
} from './orcamentos';

const cliente = '11111111-1111-4111-8111-111111111111';
const produto = '22222222-2222-4222-8222-222222222222';

function issues(body: Record<string, unknown>) {
  const r = orcamentoCalculo.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}
const item = (extra: Record<string, unknown>) => ({
  itens: [{ produto_id: produto, quantidade: 1, medida1: 1, medida2: 1, ...extra }],
});

describe('quote bounds (shared by the server and the editor)', () => {
  it.each([
    [item({ medida1: 0.005 }), 'itens.0.medida1', MSG_MEDIDA],
    [item({ medida2: '1,999' }), 'itens.0.medida2', MSG_MEDIDA],
    [item({ medida1: 100 }), 'itens.0.medida1', MSG_MEDIDA],
    [item({ medida1: -0.01 }), 'itens.0.medida1', MSG_MEDIDA],
    [item({ medida1: Number.POSITIVE_INFINITY }), 'itens.0.medida1', MSG_MEDIDA],
    [item({ medida1: 1e308 }), 'itens.0.medida1', MSG_MEDIDA],
    [item({ quantidade: 1.5 }), 'itens.0.quantidade', MSG_QUANTIDADE],
    [item({ quantidade: '2,5' }), 'itens.0.quantidade', MSG_QUANTIDADE],
    [item({ quantidade: -1 }), 'itens.0.quantidade', MSG_QUANTIDADE],
    [item({ quantidade: 10_000 }), 'itens.0.quantidade', MSG_QUANTIDADE],
    [item({ quantidade: 'abc' }), 'itens.0.quantidade', MSG_QUANTIDADE],
    [{ valor_frete: -0.01 }, 'valor_frete', MSG_VALOR],
    [{ valor_frete: 10.005 }, 'valor_frete', MSG_VALOR],
    [{ valor_instalacao: 10_000_000 }, 'valor_instalacao', MSG_VALOR],
    [{ tipo_venda: 'entrada', valor_entrada: 1e308 }, 'valor_entrada', MSG_VALOR],
    [{ margem_lucro: -1 }, 'margem_lucro', MSG_MARGEM],
    [{ margem_lucro: 500.001 }, 'margem_lucro', MSG_MARGEM],
    [{ horas_trabalho: 10_000 }, 'horas_trabalho', MSG_HORAS],
    [{ horas_trabalho: 1.234 }, 'horas_trabalho', MSG_HORAS],
  ])('refuses %j at %s', (body, path, message) => {
    expect(issues(body)).toContainEqual({ path, message });
  });

  it('accepts the edges and the half-filled line', () => {
    const body = {
      itens: [
        { produto_id: produto, quantidade: LIMITES.quantidade.max, medida1: '99,99', medida2: 0.01 },
        { medida1: '', medida2: null, quantidade: '' }, // a line still being filled
      ],
      valor_frete: '9999999.99',
      valor_instalacao: 0,
      margem_lucro: 500,
      horas_trabalho: 9999.99,
    };
    const r = orcamentoCalculo.parse(body);
    expect(r.itens[0]).toMatchObject({ quantidade: 9999, medida1: '99.99', medida2: '0.01' });
    expect(r.itens[1]).toMatchObject({ quantidade: 0, medida1: null });
    expect(r).toMatchObject({ valor_frete: '9999999.99', margem_lucro: '500', horas_trabalho: '9999.99' });
  });

  it('saving still needs at least one piece per line', () => {
    const r = orcamentoCreate.safeParse({
      cliente_id: cliente,
      itens: [{ produto_id: produto, quantidade: 0 }],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['itens', 0]);
  });
});
