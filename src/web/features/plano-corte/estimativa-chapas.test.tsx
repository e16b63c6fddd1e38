import { useForm } from 'react-hook-form';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi, type Pedido, renderTela } from '../../testing/render';
import { emptyForm, type LinhaForm, novaLinha, type OrcamentoForm } from '../orcamentos/form';
import { ItensEditor } from '../orcamentos/itens';

// The quote editor's slab estimate: what the server is asked (each stone's m² pieces in mm) and where
// its answer reads — under the last line of each stone, as the lines change. The planning itself is
// proven by the API test of /planos-corte/estimativa.

const linha = (over: Partial<LinhaForm>): LinhaForm => ({
  ...novaLinha(),
  produto_id: 'p-andorinha',
  produto_nome: 'Cinza Andorinha',
  valor_unitario: 450,
  tipo_unidade: 'm²',
  medida1: 1.4,
  medida2: 0.9,
  ...over,
});

function Editor({ itens }: { itens: LinhaForm[] }) {
  const { control, register, setValue } = useForm<OrcamentoForm>({
    defaultValues: { ...emptyForm(), itens },
  });
  return <ItensEditor control={control} register={register} setValue={setValue} />;
}

type Corpo = { pedras: { produto_id: string; pecas: { quantidade: number }[] }[] };
const NOMES: Record<string, string> = { 'p-andorinha': 'Cinza Andorinha', 'p-sem': 'Sem chapas no pátio' };

/** The fake planner: as many slabs as the stone has pieces (so a change of quantity shows). */
function estimativa({ body }: Pedido) {
  return {
    pedras: (body as Corpo).pedras.map((p) => {
      const semChapas = p.produto_id === 'p-sem';
      return {
        produto_id: p.produto_id,
        produto_nome: NOMES[p.produto_id] ?? p.produto_id,
        chapa: semChapas ? null : { largura_mm: 3000, altura_mm: 1900 },
        chapas: semChapas ? null : p.pecas.reduce((s, x) => s + x.quantidade, 0),
        aproveitamento: semChapas ? null : 55.3,
        nao_couberam: 0,
      };
    }),
  };
}

const ultimoPedido = (pedidos: Pedido[]) =>
  pedidos.filter((p) => p.path === '/planos-corte/estimativa').at(-1)?.body;

test('each stone’s ≈ N chapas sits under its own last line and follows the lines as they change', async () => {
  const pedidos = fakeApi({
    'POST /planos-corte/estimativa': estimativa,
    'GET /chapas/sugestoes': { items: [] },
    'GET /acabamentos/opcoes': [],
    'GET /recortes/opcoes': [],
  });
  renderTela(
    <Editor
      itens={[
        linha({ quantidade: 5 }),
        linha({ produto_id: 'p-sem', produto_nome: 'Sem chapas no pátio' }),
        linha({ medida1: 2.9, medida2: 0.6 }),
        linha({ produto_id: 'p-pia', produto_nome: 'Cuba', tipo_unidade: 'unitário' }),
        linha({ produto_id: 'p-vazia', produto_nome: 'Sem medidas', medida2: '' }),
      ]}
    />,
  );
  const andorinha = page.getByLabelText('Estimativa de chapas de Cinza Andorinha');
  const sem = page.getByLabelText('Estimativa de chapas de Sem chapas no pátio');
  await expect
    .element(andorinha, { timeout: 5000 })
    .toHaveTextContent('Cinza Andorinha: ≈ 6 chapas (aproveitamento 55,3 %) de 3000 × 1900 mm');
  await expect
    .element(sem)
    .toHaveTextContent('Sem chapas no pátio: sem chapas dessa pedra no estoque para estimar');
  // one estimate per stone, nothing for a unit line or a line without both measures
  expect(page.getByTestId('estimativa-chapas').elements()).toHaveLength(2);
  const depoisDe = (el: Element) => el.previousElementSibling?.getAttribute('aria-label');
  expect(depoisDe(andorinha.element())).toBe('Item 3');
  expect(depoisDe(sem.element())).toBe('Item 2');
  expect(ultimoPedido(pedidos)).toEqual({
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

  // One more piece of the first line: the stone's estimate is asked again and changes in place.
  const qtd = page.getByRole('group', { name: 'Item 1', exact: true }).getByLabelText('Qtd (Unidades)');
  await qtd.fill('7');
  await expect.element(andorinha, { timeout: 5000 }).toHaveTextContent('≈ 8 chapas');
  expect(depoisDe(andorinha.element())).toBe('Item 3');

  // The stone's last line removed: its estimate moves up under its line that is now the last.
  await page.getByRole('button', { name: 'Remover item 3' }).click();
  await expect.element(andorinha, { timeout: 5000 }).toHaveTextContent('≈ 7 chapas');
  expect(depoisDe(andorinha.element())).toBe('Item 1');
  expect(ultimoPedido(pedidos)).toEqual({
    pedras: [
      { produto_id: 'p-andorinha', pecas: [{ largura_mm: 1400, altura_mm: 900, quantidade: 7 }] },
      { produto_id: 'p-sem', pecas: [{ largura_mm: 1400, altura_mm: 900, quantidade: 1 }] },
    ],
  });
});
