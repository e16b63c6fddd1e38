import { type APIRequestContext, test as base, expect, type Page, request } from '@playwright/test';
import type { Permissao } from '../src/schemas/permissoes';

export const ADMIN_SENHA = 'admin-e2e-123';
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

export const test = base.extend<Fixtures>({
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
