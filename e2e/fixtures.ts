import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  request,
} from '@playwright/test';
import type { Permissao } from '../src/schemas/permissoes';
import { ADMIN_SENHA, type Servidor, Servidores } from './servidor';

export { ADMIN_SENHA };

/** The server of the spec file being run in this worker (set by the `servidor` fixture). */
let baseURL = '';
export const servidorUrl = () => baseURL;

/** An API client signed in as `usuario`, sending the same-origin header the server requires. */
export async function apiAs(usuario: string, senha: string): Promise<APIRequestContext> {
  if (!baseURL) throw new Error('apiAs antes do servidor do arquivo: use-o dentro de um teste');
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

type Cookies = Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'];

/**
 * The admin's session on each spec file's server, signed in once and reused by the file's tests: a
 * sign-in checks the password hash (0.4–0.6 s of the server's CPU on this machine, 2 s cold), and the
 * `admin` and `adminPage` fixtures took one each, every test. A session a test ended (signing out,
 * a changed password) is found out by one read, and replaced.
 */
const adminSessions = new Map<string, Cookies>();
async function adminCookies(): Promise<Cookies> {
  const cached = adminSessions.get(baseURL);
  if (cached) {
    const ctx = await request.newContext({ baseURL, storageState: { cookies: cached, origins: [] } });
    const ok = (await ctx.get('/api/auth/me')).ok();
    await ctx.dispose();
    if (ok) return cached;
  }
  const ctx = await apiAs('admin', ADMIN_SENHA);
  const { cookies } = await ctx.storageState();
  await ctx.dispose();
  adminSessions.set(baseURL, cookies);
  return cookies;
}

interface Fixtures {
  /** This spec file's own server and database. */
  servidor: Servidor;
  admin: APIRequestContext;
  /** A page already signed in as admin. */
  adminPage: Page;
}

/** What `RouteError` (src/web/app/pages.tsx) logs when a screen fails. */
const TELA_COM_ERRO = 'Erro ao abrir a tela';
/** The annotation of a test whose subject is the error screen itself. */
export const ERRO_ESPERADO = 'tela-de-erro-esperada';

/** The last `n` lines of a log, each cut short: a failure's attachment is printed up to 300 characters. */
const ultimas = (log: string[], n: number) => log.slice(-n).map((l) => l.slice(0, 120));

interface WorkerFixtures {
  servidores: Servidores;
  /**
   * Pages a spec keeps open across its tests (a11y.spec's signed-in tabs), closed before the browser.
   * A worker fixture of every spec: one a single spec declared gave its tests a different worker, which
   * Playwright started (a browser, servers) after every other file, with the other worker idle.
   */
  abas: Map<string, Page>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  servidores: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const servidores = new Servidores(workerInfo.workerIndex);
      await use(servidores);
      await servidores.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  abas: [
    async ({ browser }, use) => {
      void browser;
      const abas = new Map<string, Page>();
      await use(abas);
      const contexts = new Set<BrowserContext>([...abas.values()].map((p) => p.context()));
      for (const c of contexts) await c.close();
    },
    { scope: 'worker' },
  ],
  servidor: [
    async ({ servidores }, use, testInfo) => {
      const servidor = await servidores.forFile(testInfo.file);
      baseURL = servidor.url;
      await use(servidor);
    },
    { auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ servidor }, use) => {
    await use(servidor.url);
  },
  // On a failure, what the page showed (its main area: the menu says nothing) and what went wrong in it, printed with the error itself: the CI
  // prints only the end of its log, without the screenshot or the trace.
  page: async ({ page }, use, testInfo) => {
    const log: string[] = [];
    const telasComErro: string[] = [];
    const t0 = Date.now();
    const at = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
    page.on('pageerror', (e) => log.push(`${at()} pageerror ${e.message}`));
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      log.push(`${at()} console ${m.text()}`);
      // RouteError logs this when a screen fails to load or draw: a test must not pass on that screen
      // (a heading and a page that fits are all some checks look for, and the error screen has both).
      if (m.text().startsWith(TELA_COM_ERRO)) telasComErro.push(`${at()} ${page.url()} ${m.text()}`);
    });
    page.on('requestfailed', (r) =>
      log.push(`${at()} falhou ${r.method()} ${r.url()} ${r.failure()?.errorText}`),
    );
    page.on('response', (r) => {
      if (r.status() >= 500) log.push(`${at()} ${r.status()} ${r.request().method()} ${r.url()}`);
    });
    await use(page);
    const esperado = testInfo.annotations.some((a) => a.type === ERRO_ESPERADO);
    if (telasComErro.length && !esperado && testInfo.status === testInfo.expectedStatus)
      throw new Error(`A tela de erro apareceu durante o teste:\n${ultimas(telasComErro, 3).join('\n')}`);
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
    const ctx = await request.newContext({
      baseURL,
      extraHTTPHeaders: { origin: baseURL },
      storageState: { cookies: await adminCookies(), origins: [] },
    });
    await use(ctx);
    await ctx.dispose();
  },
  adminPage: async ({ page }, use) => {
    await page.context().addCookies(await adminCookies());
    await use(page);
  },
});

export { expect };
