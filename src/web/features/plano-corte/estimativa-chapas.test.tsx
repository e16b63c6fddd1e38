import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi, renderTela } from '../../testing/render';
import { EstimativaChapas, type LinhaEstimativa } from './estimativa-chapas';

// The quote editor's slab estimate: what the server is asked (each stone's m² pieces in mm) and how its
// answer reads. The planning itself is proven by the API test of /planos-corte/estimativa.

const linha = (over: Partial<LinhaEstimativa>): LinhaEstimativa => ({
  produto_id: 'p-andorinha',
  tipo_unidade: 'm²',
  quantidade: 1,
  medida1: 1.4,
  medida2: 0.9,
  ...over,
});

test('per stone: ≈ N chapas (aproveitamento X %) from the server; a unit line and a line without measures are left out', async () => {
  const pedidos = fakeApi({
    'POST /planos-corte/estimativa': {
      pedras: [
        {
          produto_id: 'p-andorinha',
          produto_nome: 'Cinza Andorinha',
          chapa: { largura_mm: 3000, altura_mm: 1900 },
          chapas: 2,
          aproveitamento: 55.3,
          nao_couberam: 0,
        },
        {
          produto_id: 'p-sem',
          produto_nome: 'Sem chapas no pátio',
          chapa: null,
          chapas: null,
          aproveitamento: null,
          nao_couberam: 0,
        },
      ],
    },
  });
  renderTela(
    <EstimativaChapas
      esperaMs={0}
      itens={[
        linha({ quantidade: 5 }),
        linha({ medida1: 2.9, medida2: 0.6 }),
        linha({ produto_id: 'p-pia', tipo_unidade: 'unitário' }),
        linha({ produto_id: 'p-vazia', medida2: '' }),
        linha({ produto_id: 'p-sem' }),
      ]}
    />,
  );
  const itens = page.getByTestId('estimativa-chapas');
  await expect
    .element(itens.first())
    .toHaveTextContent('Cinza Andorinha: ≈ 2 chapas (aproveitamento 55,3 %) de 3000 × 1900 mm');
  await expect
    .element(itens.nth(1))
    .toHaveTextContent('Sem chapas no pátio: sem chapas dessa pedra no estoque para estimar');
  const pedido = pedidos.find((p) => p.path === '/planos-corte/estimativa');
  expect(pedido?.body).toEqual({
    pedras: [
      {
        produto_id: 'p-andorinha',
        pecas: [
          { largura_mm: 1400, altura_mm: 900, quantidade: 5 },
          { largura_mm: 2900, altura_mm: 600, quantidade: 1 },
        ],
      },
      { produto_id: 'p-sem', pecas: [{ largura_mm: 1400, altura_mm: 900, quantidade: 1 }] },
    ],
  });
});
