import { type APIRequestContext, test as base, expect, type Page, request } from '@playwright/test';
import type { Permissao } from '../src/schemas/permissoes';

export const ADMIN_SENHA = 'basalto-e2e-123';
const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/** An API client signed in as `usuario`, sending the same-origin header the server requires. */
export async function apiAs(usuario: string, senha: string): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await ctx.post('/api/auth/login', { data: { usuario, senha } });
  if (!res.ok()) throw new Error(`login ${usuario}: ${res.status()} ${await res.text()}`);
  return ctx;
}

let seq = 0;
export function unique(prefix: string) {
  seq += 1;
  return `${prefix} ${Date.now().toString(36)}${seq}${Math.random().toString(36).slice(2, 5)}`;
}

/** Creates a staff user through the API (admin) and returns how to sign in as them. */
export async function createUser(
  admin: APIRequestContext,
  permissoes: Permissao[],
  nome = unique('Usuário'),
) {
  const email = `${nome.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@exemplo.com.br`;
  const senha = 'senha-forte-1';
  const res = await admin.post('/api/usuarios', {
    data: { nome, email, senha, role: 'usuario', status: 'ativo', permissoes },
  });
  if (res.status() !== 201) throw new Error(`criar usuário: ${res.status()} ${await res.text()}`);
  return { nome, email, senha };
}

/** Signs in through the real login form. */
export async function loginUi(page: Page, usuario: string, senha: string) {
  await page.goto('/');
  await page.getByLabel('Usuário').fill(usuario);
  await page.getByLabel('Senha').fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).first()).toBeVisible();
}

/** Copies an API context's session cookie into the page, skipping the login form. */
export async function signInPage(page: Page, usuario: string, senha: string) {
  const ctx = await apiAs(usuario, senha);
  const state = await ctx.storageState();
  await page.context().addCookies(state.cookies);
  await ctx.dispose();
}

interface Fixtures {
  admin: APIRequestContext;
  /** A page already signed in as admin. */
  adminPage: Page;
}

/** The last `n` lines of a log, each cut short: a failure's attachment is printed up to 300 characters. */
const ultimas = (log: string[], n: number) => log.slice(-n).map((l) => l.slice(0, 120));

export const test = base.extend<Fixtures>({
  // On a failure, what the page showed (its main area: the menu says nothing) and what went wrong in it, printed with the error itself: the CI
  // prints only the end of its log, without the screenshot or the trace.
  page: async ({ page }, use, testInfo) => {
    const log: string[] = [];
    const t0 = Date.now();
    const at = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
    page.on('pageerror', (e) => log.push(`${at()} pageerror ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') log.push(`${at()} console ${m.text()}`);
    });
    page.on('requestfailed', (r) =>
      log.push(`${at()} falhou ${r.method()} ${r.url()} ${r.failure()?.errorText}`),
    );
    page.on('response', (r) => {
      if (r.status() >= 500) log.push(`${at()} ${r.status()} ${r.request().method()} ${r.url()}`);
    });
    await use(page);
    if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
    const tela = await page
      .evaluate(() =>
        (document.querySelector('main') ?? document.body).innerText.replace(/\s+/g, ' ').slice(0, 220),
      )
      .catch((e: Error) => `(sem leitura: ${e.message})`);
    await testInfo.attach('página', { body: `${at()} ${page.url()} — ${tela}`, contentType: 'text/plain' });
    if (log.length)
      await testInfo.attach('erros', { body: ultimas(log, 3).join('\n'), contentType: 'text/plain' });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  admin: async ({}, use) => {
    const ctx = await apiAs('admin', ADMIN_SENHA);
    await use(ctx);
    await ctx.dispose();
  },
  adminPage: async ({ page }, use) => {
    await signInPage(page, 'admin', ADMIN_SENHA);
    await use(page);
  },
});

export { expect };
