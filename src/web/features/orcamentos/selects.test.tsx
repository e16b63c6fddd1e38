import { expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi, renderTela } from '../../testing/render';
import type { OpcaoDe } from './api';
import { ItemVendaSelect } from './selects';

// A server-searched selector (the quote's Item de Venda): what was typed is answered by the server, and
// until it answers the earlier list is offered narrowed to what matches. A browser test once clicked "Faixa lateral" in the
// full list just as the search's answer replaced it: the row moved up under the pointer, the click fell
// on no row, and the line kept its old item (e2e/pecas.spec.ts, one run in fifteen). A person on a slow
// phone meets the same list jumping under a finger, and a row that moves can put another under it.

const iv = (id: string, nome: string): OpcaoDe<'itens-venda'> => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  nome,
  formato_medida: 'Largura x Altura',
});
const BANCADA = iv('1', 'Bancada');
const COOKTOP = iv('2', 'Cooktop');
const FAIXA = iv('3', 'Faixa lateral');

test('while a search is on its way, only the rows that match it are offered, and its answer does not move them', async () => {
  let soltar: () => void = () => {};
  const busca = new Promise<void>((r) => {
    soltar = r;
  });
  fakeApi({
    'GET /itens-venda/opcoes': [BANCADA, COOKTOP, FAIXA],
    'GET /itens-venda/opcoes?q=faixa': () => busca.then(() => [FAIXA]),
  });
  const onSelect = vi.fn();
  renderTela(
    <ItemVendaSelect
      id="iv"
      value={BANCADA.id}
      selectedLabel={BANCADA.nome}
      onSelect={onSelect}
      aria-label="Item de Venda"
    />,
  );
  const rows = () =>
    page
      .getByRole('option')
      .elements()
      .map((o) => o.textContent);
  // a row's place in the list (the search field above it keeps its height with the app's styles)
  const lugar = (o: Element) =>
    o.getBoundingClientRect().y - document.querySelector('[role=listbox]')!.getBoundingClientRect().y;
  await page.getByRole('combobox', { name: 'Item de Venda' }).click();
  await expect.element(page.getByRole('option', { name: /Faixa lateral/ })).toBeVisible();
  const faixa = page.getByRole('option', { name: /Faixa lateral/ });
  const noInicio = lugar(faixa.element());

  await page.getByPlaceholder('Buscar item de venda...').fill('faixa');
  // at once, before the server answers: the earlier list narrowed to what was typed
  await expect.poll(rows).toEqual(['Nenhum', 'Faixa lateralLargura x Altura']);
  const antes = lugar(faixa.element());
  expect(antes).toBeLessThan(noInicio);

  soltar();
  // the answer is in when the spinner goes
  await vi.waitFor(() => expect(document.querySelector('svg.animate-spin')).toBeNull());
  expect(rows()).toEqual(['Nenhum', 'Faixa lateralLargura x Altura']);
  expect(lugar(faixa.element())).toBe(antes);
  await faixa.click();
  expect(onSelect).toHaveBeenCalledWith(FAIXA);
  await expect.element(page.getByRole('listbox')).not.toBeInTheDocument();
});
