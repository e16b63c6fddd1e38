import { expect, test } from './fixtures';

test('Simulador de corte: pasted pieces and slabs give a plan drawn to scale with its cut list', async ({
  adminPage: page,
}) => {
  await page.goto('/estoque/simulador');
  await expect(page.getByRole('heading', { name: 'Simulador de corte' })).toBeVisible();
  // Three 2900 × 600 tops take 1808 of a new slab's 1880 usable height; the two peitoris go to the
  // 1300 × 400 remnant instead of a second new slab.
  await page
    .getByRole('textbox', { name: 'Peças' })
    .fill('bancada; 2900; 600; 3\npeitoril; 1200; 150; 2\ntampo; 800; 500; 1; veio');
  await page.getByRole('textbox', { name: 'Chapas' }).fill('3000 x 1900 x 4\nsobra 1300 x 400');
  await page.getByRole('button', { name: 'Calcular plano' }).click();

  await expect(page.getByRole('heading', { name: 'Resultado' })).toBeVisible();
  const chapas = page.getByRole('img', { name: /Chapa \d: \d+ peças?,/ });
  await expect(chapas.first()).toBeVisible();
  // Six pieces drawn and numbered across the slabs; the cut list starts with the new slab's trims.
  await expect(page.locator('[data-peca]')).toHaveCount(6);
  await expect(page.getByText(/Refilo horizontal em y = 6 mm/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /Chapa \d: Sobra/ })).toBeVisible();

  // A line without its measures is named, and nothing is sent.
  await page.getByRole('textbox', { name: 'Peças' }).fill('bancada; 2900');
  await page.getByRole('button', { name: 'Calcular plano' }).click();
  await expect(page.getByRole('alert')).toContainText('Peças, Linha 1: informe largura e altura');
});
