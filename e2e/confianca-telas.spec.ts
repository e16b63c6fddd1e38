import type { Page } from '@playwright/test';
import { ADMIN_SENHA, createUser, expect, signInPage, test, unique } from './fixtures';

/**
 * Issue 12 §3/§4 screen items, at the desktop size of the issue (1366×800) and on a phone (390×844):
 * the first load reads the session once and logs no error, the dashboard's shortcuts land where they
 * say and toasts cover no control (a report with an inverted period: vendedores/comissao-report.test.tsx).
 */
const SIZES = [
  { name: 'desktop', use: { viewport: { width: 1366, height: 800 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
] as const;

function intersects(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Visible controls (outside the toaster) in the upper half of the viewport: header, menu, tabs, actions.
 * Read in one pass in the page: a control-by-control walk takes longer than the toast lives on a busy
 * machine, and its list of controls changes when the toast (and its close button) goes.
 */
async function upperControls(page: Page) {
  return page.evaluate(() => {
    const half = window.innerHeight / 2;
    const out: { name: string; box: { x: number; y: number; width: number; height: number } }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], [role="tab"], input, select')) {
      if (el.closest('[data-sonner-toaster]')) continue;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (!r.width || !r.height || style.visibility === 'hidden' || r.bottom > half) continue;
      out.push({
        name: el.getAttribute('aria-label') ?? el.innerText.trim(),
        box: { x: r.x, y: r.y, width: r.width, height: r.height },
      });
    }
    return out;
  });
}

for (const size of SIZES) {
  test.describe(`${size.name}`, () => {
    test.use(size.use);

    test('the first load of the login screen reads the session once and logs no console error', async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      const sessionReads: string[] = [];
      page.on('request', (r) => {
        if (/\/api\/auth\/(me|sessao)/.test(r.url())) sessionReads.push(new URL(r.url()).pathname);
      });
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/sessao'));
      await page.goto('/login');
      expect((await answered).status()).toBe(200);
      await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
      expect(sessionReads).toEqual(['/api/auth/sessao']);
      expect(errors).toEqual([]);
    });

    test('a signed-in first load reads the session once, not again for the layout', async ({ page }) => {
      await signInPage(page, 'admin', ADMIN_SENHA);
      const sessionReads: string[] = [];
      page.on('request', (r) => {
        if (/\/api\/auth\/(me|sessao)/.test(r.url())) sessionReads.push(new URL(r.url()).pathname);
      });
      // the dashboard's data is asked for when the layout mounts, as the second read used to be
      const dashboard = page.waitForResponse((r) => r.url().includes('/api/dashboard'));
      await page.goto('/');
      await dashboard;
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      expect(sessionReads).toEqual(['/api/auth/sessao']);
    });

    test('the dashboard shortcuts open the quotes history and the new client and product forms', async ({
      adminPage: page,
    }) => {
      await page.goto('/');
      await page.getByRole('link', { name: 'Ver Todos os Orçamentos' }).click();
      await expect(page).toHaveURL(/\/orcamentos$/);
      await expect(page.getByRole('tab', { name: 'Histórico' })).toHaveAttribute('aria-selected', 'true');

      await page.goto('/');
      await page.getByRole('link', { name: 'Cadastrar Cliente' }).click();
      await expect(page).toHaveURL(/\/clientes\?tab=novo$/);
      await expect(page.getByRole('tab', { name: 'Novo Cliente' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('button', { name: 'Salvar Cliente' })).toBeVisible();

      await page.goto('/');
      await page.getByRole('link', { name: 'Adicionar Produto' }).click();
      await expect(page).toHaveURL(/\/produtos\?tab=novo$/);
      await expect(page.getByRole('tab', { name: 'Novo Produto' })).toHaveAttribute('aria-selected', 'true');

      // the plain "Novo Orçamento" shortcut still opens the editor
      await page.goto('/');
      await page.getByRole('link', { name: 'Novo Orçamento' }).first().click();
      await expect(page.getByRole('tab', { name: 'Novo Orçamento' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    });

    test('a toast covers neither the menu button nor the actions at the top of the screen', async ({
      adminPage: page,
    }) => {
      // Usuários has a top-right action ("Novo Usuário") on the desktop and the menu button on a phone
      await page.goto('/usuarios');
      await page.getByRole('button', { name: 'Novo Usuário' }).click();
      const nome = unique('Toast');
      await page.getByLabel('Nome').fill(nome);
      await page
        .getByLabel('E-mail')
        .fill(`${nome.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@exemplo.com.br`);
      await page.getByLabel('Senha').fill('Quartzo-Azul-Pedra-2026!');
      await page.getByRole('button', { name: 'Criar Usuário' }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Usuário criado com sucesso!' });
      await expect(toast).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // sonner slides the toast in: compare once it has settled
      await expect(toast).toHaveAttribute('data-mounted', 'true');
      const box = (await toast.boundingBox())!;
      const controls = await upperControls(page);
      expect(controls.map((c) => c.name)).toContain(size.name === 'phone' ? 'Abrir menu' : 'Novo Usuário');
      expect(controls.filter((c) => intersects(c.box, box)).map((c) => c.name)).toEqual([]);
    });
  });
}

test('a user deactivated while a screen is open is taken to the login screen by the live stream', async ({
  page,
  admin,
}) => {
  const u = await createUser(admin, ['clientes']);
  await signInPage(page, u.email, u.senha);
  const stream = page.waitForResponse((r) => r.url().endsWith('/api/eventos'));
  await page.goto('/clientes');
  await expect(page.getByRole('heading', { name: 'Clientes', exact: true })).toBeVisible();
  expect((await stream).status()).toBe(200);
  const found = await admin.get(`/api/usuarios?q=${encodeURIComponent(u.email)}`);
  const { items } = (await found.json()) as { items: { id: string; email: string }[] };
  const id = items.find((i) => i.email === u.email)!.id;
  const atual = await (await admin.get(`/api/usuarios/${id}`)).json();
  const res = await admin.patch(`/api/usuarios/${id}`, {
    data: { status: 'inativo', updated_at: atual.updated_at },
  });
  expect(res.status()).toBe(200);
  // no click, no navigation: the server ends the stream and the screen follows
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Sessão encerrada' })).toBeVisible();
});
