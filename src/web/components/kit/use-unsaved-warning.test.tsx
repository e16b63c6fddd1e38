import { Link } from 'react-router';
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import ClientesPage from '../../features/clientes/page';
import { fakeApi, renderTela } from '../../testing/render';

// What was kit.spec's "a changed client form warns before it is left" (and its unchanged case), on the
// Clientes screen without a server: the tab and the menu link are both navigations the form guards.

const VAZIO = { items: [], total: 0, page: 1, limit: 12 };

function clientes() {
  fakeApi({ 'GET /clientes': VAZIO });
  return renderTela(
    <>
      <Link to="/vendas">Vendas</Link>
      <ClientesPage />
    </>,
    { path: '/clientes', rotas: [{ path: '/vendas', element: <h1>Tela de vendas</h1> }] },
  );
}

const aviso = () => page.getByRole('alertdialog', { name: 'Descartar alterações?' });

describe('a changed form warns before it is left', () => {
  test('another tab and a menu link ask first; "Continuar editando" keeps what was typed', async () => {
    const { router } = clientes();
    await page.getByRole('tab', { name: 'Novo Cliente' }).click();
    await page.getByLabelText('Nome').fill('Alguém que não foi salvo');

    await page.getByRole('tab', { name: /Lista de Clientes/ }).click();
    await expect.element(aviso()).toBeVisible();
    await page.getByRole('button', { name: 'Continuar editando' }).click();
    await expect.element(aviso()).not.toBeInTheDocument();
    await expect.element(page.getByLabelText('Nome')).toHaveValue('Alguém que não foi salvo');

    await page.getByRole('link', { name: 'Vendas' }).click();
    await expect.element(aviso()).toBeVisible();
    expect(router.state.location.pathname).toBe('/clientes');
    await page.getByRole('button', { name: 'Sair sem salvar' }).click();
    await expect.element(page.getByRole('heading', { name: 'Tela de vendas' })).toBeVisible();
  });

  test('a reload or closing the page is refused while changed (the browser asks)', async () => {
    clientes();
    await page.getByRole('tab', { name: 'Novo Cliente' }).click();
    const antes = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(antes);
    expect(antes.defaultPrevented).toBe(false);
    await page.getByLabelText('Nome').fill('Alguém');
    const depois = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(depois);
    expect(depois.defaultPrevented).toBe(true);
  });

  test('leaving an unchanged form does not ask', async () => {
    clientes();
    await page.getByRole('tab', { name: 'Novo Cliente' }).click();
    await expect.element(page.getByLabelText('Nome')).toBeVisible();
    await page.getByRole('tab', { name: /Lista de Clientes/ }).click();
    await expect
      .element(page.getByRole('tab', { name: /Lista de Clientes/ }))
      .toHaveAttribute('aria-selected', 'true');
    await expect.element(aviso()).not.toBeInTheDocument();
  });
});
