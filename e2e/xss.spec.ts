import type { Locator, Page } from '@playwright/test';
import { expect, test, unique } from './fixtures';
import { vendaViaOrcamento } from './vendas-helpers';

/**
 * Stored XSS: names typed by users are shown as text on every screen that shows them, and in the
 * sale's printout — never run as HTML. (The quote's printout is covered in orcamentos.spec.ts.)
 */
const PAYLOAD = '<img src=x onerror=alert(1)>';

function failOnScript(page: Page) {
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  return alerts;
}

/** The payload shows as text, and no <img src="x"> made it into the page. */
async function shownAsText(scope: Page | Locator, text: string) {
  await expect(scope.getByText(text).first()).toBeVisible();
  await expect(scope.locator('img[src="x"]')).toHaveCount(0);
}

test('a hostile client, seller and architect name show as text everywhere', async ({
  adminPage: page,
  admin,
}) => {
  const alerts = failOnScript(page);
  const sufixo = unique('x');
  const cliente = `${PAYLOAD} Cliente ${sufixo}`;
  const vendedorNome = `${PAYLOAD} Vendedor ${sufixo}`;
  const arquitetoNome = `${PAYLOAD} Arquiteto ${sufixo}`;
  const vendedor = await (await admin.post('/api/vendedores', { data: { nome: vendedorNome } })).json();
  const arquiteto = await (await admin.post('/api/arquitetos', { data: { nome: arquitetoNome } })).json();
  const { venda, orcamento } = await vendaViaOrcamento(admin, {
    cliente,
    vendedor_id: vendedor.id,
    arquiteto_id: arquiteto.id,
  });

  await page.goto('/clientes');
  await page.getByRole('searchbox').first().fill(sufixo);
  await shownAsText(page, cliente);

  await page.goto('/orcamentos');
  await page.getByRole('tab', { name: 'Histórico' }).click();
  await page.getByRole('searchbox', { name: 'Buscar orçamentos' }).fill(String(orcamento.numero));
  await shownAsText(page, cliente);
  await shownAsText(page, vendedorNome);
  await shownAsText(page, arquitetoNome);
  await page.getByRole('button', { name: `Ver detalhes do orçamento #${orcamento.numero}` }).click();
  await shownAsText(page.getByRole('dialog'), cliente);
  await page.keyboard.press('Escape');

  await page.goto('/vendas');
  await page.getByRole('searchbox').first().fill(String(venda.numero));
  await shownAsText(page, cliente);

  await page.goto('/');
  await shownAsText(page, cliente);

  await page.goto('/vendedores');
  await shownAsText(page, vendedorNome);
  await page.goto('/arquitetos');
  await shownAsText(page, arquitetoNome);

  expect(alerts).toEqual([]);
});

test("the sale's printout shows a hostile client name as text", async ({ adminPage: page, admin }) => {
  const alerts = failOnScript(page);
  const cliente = `${PAYLOAD} Impressão ${unique('x')}`;
  const { venda } = await vendaViaOrcamento(admin, { cliente });
  // record the print call instead of opening the system dialog (headless)
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      const w = open(...args);
      if (w) w.print = () => {};
      return w;
    };
  });
  await page.goto('/vendas');
  await page.getByRole('searchbox').first().fill(String(venda.numero));
  await page.getByRole('button', { name: `Ver venda #${venda.numero}` }).click();
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('dialog').getByRole('button', { name: 'Imprimir' }).click();
  const popup = await popupPromise;
  await expect(popup.getByText(cliente).first()).toBeVisible();
  await expect(popup.locator('img[src="x"]')).toHaveCount(0);
  await popup.close();
  expect(alerts).toEqual([]);
});
