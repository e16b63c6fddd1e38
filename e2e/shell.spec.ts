import { ADMIN_SENHA, createUser, ERRO_ESPERADO, expect, loginUi, signInPage, test } from './fixtures';

const MENU = [
  'Dashboard',
  'Orçamentos',
  'Vendas',
  'Produção',
  'Agenda',
  'Simulador de corte',
  'Clientes',
  'Arquitetos',
  'Vendedores',
  'Produtos',
  'Estoque',
  'Fornecedores',
  'Funcionários',
  'Despesas',
  'Pagamentos',
  'Caixa',
  'Recebimentos',
  'Notas fiscais',
  'Usuários',
  'Empresa',
  'Auditoria',
  'Backups',
];

test('admin signs in through the form and sees all 22 menu entries', async ({ page }) => {
  await page.goto('/orcamentos');
  await expect(page.getByText('Entre para acessar o sistema de gestão da marmoraria')).toBeVisible();
  await page.getByLabel('Usuário').fill('admin');
  await page.getByLabel('Senha').fill(ADMIN_SENHA);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link')).toHaveText(MENU);
  await expect(page.getByTestId('usuario-papel')).toHaveText('Administrador');
  await expect(page.getByTestId('usuario-nome')).toHaveText('Administrador');
  // the page asked for before signing in is the one shown, its menu entry highlighted
  await expect(nav.getByRole('link', { name: 'Orçamentos' })).toHaveAttribute('aria-current', 'page');
});

test('a wrong password shows the pt-BR error and does not sign in', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Usuário').fill('fulano');
  await page.getByLabel('Senha').fill('errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Usuário ou senha inválidos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  // nothing was created: the same credentials still fail
  const res = await page.request.post('/api/auth/login', {
    data: { usuario: 'fulano', senha: 'errada' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(401);
});

test('a user holding only vendas sees only Vendas and is denied elsewhere', async ({ page, admin }) => {
  const u = await createUser(admin, ['vendas']);
  await loginUi(page, u.email, u.senha);
  // the home page sends them to the first screen they may open
  await expect(page).toHaveURL(/\/vendas$/);
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link')).toHaveText(['Vendas']);
  await expect(page.getByTestId('usuario-papel')).toHaveText('Usuário');

  await page.goto('/clientes');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
  const api = await page.request.get('/api/clientes');
  expect(api.status()).toBe(403);
});

test('an unknown path shows the 404 page with a link home', async ({ adminPage: page }) => {
  await page.goto('/nao-existe/mesmo');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('/dashboard and / are both the dashboard', async ({ adminPage: page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('Sair signs out back to the login screen', async ({ adminPage: page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
});

test('a dropped "who is signed in?" request is asked again, not shown as the login screen', async ({
  adminPage: page,
}) => {
  let pedidos = 0;
  await page.route('**/api/auth/sessao', (route) => {
    pedidos += 1;
    return pedidos === 1 ? route.abort('connectionreset') : route.continue();
  });
  await page.goto('/orcamentos');
  await expect(page.getByRole('heading', { name: 'Orçamentos', level: 1 })).toBeVisible();
  expect(pedidos).toBe(2);
  await expect(page.getByRole('button', { name: 'Entrar' })).toHaveCount(0);
});

test('signed in, a re-check that cannot reach the server keeps the screen; a server that answers "no one" signs out', async ({
  adminPage: page,
  admin,
}) => {
  await page.goto('/clientes');
  await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
  // Any change to the users makes every open screen re-read who is signed in (live updates).
  const eventos = page.waitForResponse('**/api/eventos');
  await page.reload();
  await eventos;
  let pedidos = 0;
  await page.route('**/api/auth/sessao', (route) => {
    pedidos += 1;
    return route.abort('internetdisconnected');
  });
  await createUser(admin, ['clientes']);
  // Four attempts (the first and three more; another spec's user may start more), then the screen
  // keeps its last answer.
  await expect.poll(() => pedidos, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
  await page.unroute('**/api/auth/sessao');
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Vendas' })
    .click();
  await expect(page.getByRole('heading', { name: 'Vendas', level: 1 })).toBeVisible();
  await expect(page.getByText('Sessão encerrada')).toHaveCount(0);

  // An answer of "no session" is a sign-out, as before.
  await page.route('**/api/auth/sessao', (route) => route.fulfill({ json: { usuario: null } }));
  await createUser(admin, ['clientes']);
  await expect(page.getByText('Sessão encerrada')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
});

test('a screen whose code does not arrive says so in Portuguese, keeps the menu, and opens on Recarregar', async ({
  adminPage: page,
}) => {
  test.info().annotations.push({ type: ERRO_ESPERADO });
  await page.goto('/clientes');
  await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
  // From now on no script arrives: the next screen's code is fetched only when it is opened.
  await page.route('**/assets/*.js', (route) => route.abort('connectionreset'));
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await nav.getByRole('link', { name: 'Fornecedores' }).click();
  const erro = page.getByRole('alert').filter({ hasText: 'Não foi possível abrir esta tela' });
  await expect(erro).toContainText('A conexão falhou ao carregar a tela ou o Lavra foi atualizado.');
  await expect(nav.getByRole('link', { name: 'Fornecedores' })).toHaveAttribute('aria-current', 'page');
  await page.unroute('**/assets/*.js');
  await erro.getByRole('button', { name: 'Recarregar' }).click();
  await expect(page.getByRole('heading', { name: 'Fornecedores', level: 1 })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the menu is a drawer opened by the toggle and closed by the overlay', async ({ page }) => {
    await signInPage(page, 'admin', ADMIN_SENHA);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(nav).toBeVisible();
    await page.getByTestId('menu-overlay').click({ position: { x: 370, y: 400 } });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await nav.getByRole('link', { name: 'Clientes' }).click();
    await expect(page).toHaveURL(/\/clientes$/);
    await expect(nav).toBeHidden();
  });
});
