import { violations } from './axe';
import { expect, test } from './fixtures';

/** Every screen, checked by axe-core: no serious or critical accessibility violation. */
const SCREENS = [
  '/',
  '/orcamentos',
  '/vendas',
  '/clientes',
  '/arquitetos',
  '/vendedores',
  '/produtos',
  '/fornecedores',
  '/funcionarios',
  '/despesas',
  '/cartoes',
  '/caixa',
  '/recebimentos',
  '/notas-fiscais',
  '/estoque',
  '/usuarios',
  '/empresa',
  '/auditoria',
  '/backups',
  '/rota-inexistente',
];

// The desktop size of the shop's office and a phone (issue 12: the phone layout is checked too).
const VIEWPORTS = [
  { nome: '1366×800', viewport: { width: 1366, height: 800 } },
  { nome: '390×844', viewport: { width: 390, height: 844 } },
];

for (const { nome, viewport } of VIEWPORTS) {
  test.describe(nome, () => {
    test.use({ viewport });

    test('the login page has no serious accessibility violation', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    for (const path of SCREENS) {
      test(`${path} has no serious accessibility violation`, async ({ adminPage: page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // everything the screen loads, lazy parts included (the dashboard's chart loads when it
        // scrolls near): to the bottom, then the loading texts are gone
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect(page.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}
