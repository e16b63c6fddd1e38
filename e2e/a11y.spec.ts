import type { Page } from '@playwright/test';
import { violations } from './axe';
import { ADMIN_SENHA, apiAs, test as base, expect } from './fixtures';

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

type Viewport = (typeof VIEWPORTS)[number]['viewport'];

/**
 * One signed-in admin tab per size, kept by the worker for every screen's test: each test opens its
 * screen in it (`abrir`) without a new browser context, a login and a cold download of the app. A failed test ends its worker, and with it these tabs:
 * the next test starts from a new one. The tabs live in `abas`, a worker fixture of fixtures.ts.
 */
const test = base.extend<{ abaAdmin: (viewport: Viewport) => Promise<Page> }>({
  abaAdmin: async ({ abas, browser, servidor }, use) => {
    await use(async (viewport) => {
      const chave = `${servidor.url} ${viewport.width}×${viewport.height}`;
      const existente = abas.get(chave);
      if (existente && !existente.isClosed()) return existente;
      // another spec file's server (the whole suite in one worker): its tabs are of no more use
      for (const [k, p] of abas) {
        if (k.startsWith(`${servidor.url} `)) continue;
        await p.context().close();
        abas.delete(k);
      }
      const context = await browser.newContext({
        baseURL: servidor.url,
        viewport,
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
      });
      const api = await apiAs('admin', ADMIN_SENHA);
      await context.addCookies((await api.storageState()).cookies);
      await api.dispose();
      const page = await context.newPage();
      abas.set(chave, page);
      return page;
    });
  },
});

/**
 * Opens `path`: a full load in a new tab, then as the app's own links do (the router's history), sparing
 * each screen a new start of the app (~40 screens). Done when a heading of the new screen shows: the last
 * screen's headings are marked first, and React replaces them with the route's element.
 */
async function abrir(page: Page, path: string) {
  if (page.url() === 'about:blank') {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    return;
  }
  await page.evaluate((to) => {
    for (const h of document.querySelectorAll('h1')) h.setAttribute('data-tela-anterior', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await expect(page.locator('h1:not([data-tela-anterior])').first()).toBeVisible();
  await expect(page).toHaveURL(path);
}

for (const { nome, viewport } of VIEWPORTS) {
  test.describe(nome, () => {
    test.use({ viewport });

    test('the login page has no serious accessibility violation', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    for (const path of SCREENS) {
      test(`${path} has no serious accessibility violation`, async ({ abaAdmin }) => {
        const page = await abaAdmin(viewport);
        // what the screen logged that looks like a failure, printed with the test's own failure
        const erros: string[] = [];
        const onError = (e: Error) => erros.push(`pageerror ${e.message}`);
        const onConsole = (m: { type(): string; text(): string }) => {
          if (m.type() === 'error') erros.push(`console ${m.text()}`);
        };
        page.on('pageerror', onError);
        page.on('console', onConsole);
        try {
          await abrir(page, path);
          // everything the screen loads, lazy parts included (the dashboard's chart loads when it
          // scrolls near): to the bottom, then the loading texts are gone
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await expect(page.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
          expect(await violations(page), `axe em ${path} (${nome})`).toEqual([]);
          // a screen that failed to draw shows the error screen, which has a heading too
          expect(
            erros.filter((e) => e.includes('Erro ao abrir a tela')),
            `${path} (${nome}) abriu a tela de erro`,
          ).toEqual([]);
        } finally {
          page.off('pageerror', onError);
          page.off('console', onConsole);
          if (erros.length) await test.info().attach('erros', { body: erros.slice(-3).join('\n') });
        }
      });
    }
  });
}
