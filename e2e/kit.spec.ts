import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, unique } from './fixtures';
import { vendaViaOrcamento } from './vendas-helpers';

// The resource kit (issue 13): lists in the URL, cards on a phone, a Vendas table that fits 1366 px,
// and a warning before a changed form is left.

async function seedClientes(admin: APIRequestContext, prefix: string, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await admin.post('/api/clientes', {
      data: {
        nome: `${prefix} ${String(i).padStart(2, '0')}`,
        tipo: 'Pessoa Física',
        cpf_cnpj: '52998224725',
        telefone: '11987654321',
      },
    });
    expect(res.status()).toBe(201);
  }
}

const range = (page: Page) => page.getByRole('navigation', { name: 'Paginação' });

test('clientes: search, page and tab are in the URL (reload, back/forward, a pasted link)', async ({
  adminPage: page,
  admin,
}) => {
  const prefix = unique('Url Cliente');
  await seedClientes(admin, prefix, 23); // 20 + 3: two pages
  await page.goto('/clientes');
  await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill(prefix);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(range(page)).toContainText('1–20 de 23');
  await range(page)
    .getByRole('button', { name: /Próxima/ })
    .click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(range(page)).toContainText('21–23 de 23');
  await expect(page.getByRole('table', { name: 'Clientes' }).getByRole('row')).toHaveCount(4); // header + 3

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Buscar clientes' })).toHaveValue(prefix);
  await expect(range(page)).toContainText('21–23 de 23');

  await page.goBack();
  await expect(range(page)).toContainText('1–20 de 23');
  await expect(page.getByRole('searchbox', { name: 'Buscar clientes' })).toHaveValue(prefix);
  await page.goForward();
  await expect(range(page)).toContainText('21–23 de 23');

  // a pasted link, in another tab of the same session
  const url = page.url();
  const other = await page.context().newPage();
  await other.goto(url);
  await expect(other.getByRole('searchbox', { name: 'Buscar clientes' })).toHaveValue(prefix);
  await expect(range(other)).toContainText('21–23 de 23');
  await other.close();

  // the tab: Novo Cliente is in the URL too (a reload keeps it); Back returns to the same list page
  await page.getByRole('tab', { name: 'Novo Cliente' }).click();
  await expect(page).toHaveURL(/[?&]tab=novo/);
  await page.goBack();
  await expect(page.getByRole('tab', { name: /Lista de Clientes/ })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Novo Cliente' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: /Lista de Clientes/ }).click();
  await expect(page.getByRole('tab', { name: /Lista de Clientes/ })).toHaveAttribute('aria-selected', 'true');
  await expect(range(page)).toContainText('21–23 de 23');
});

test('fornecedores: search, page and the edit tab are in the URL', async ({ adminPage: page, admin }) => {
  const prefix = unique('Url Fornecedor');
  for (let i = 0; i < 14; i++) {
    const res = await admin.post('/api/fornecedores', {
      data: { nome: `${prefix} ${String(i).padStart(2, '0')}`, telefone: '1133334444' },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/fornecedores');
  await page.getByRole('searchbox', { name: 'Buscar fornecedores' }).fill(prefix);
  // The search has landed (alone on a fresh database, the whole list is these 14 too).
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(range(page)).toContainText('1–12 de 14');
  await range(page)
    .getByRole('button', { name: /Próxima/ })
    .click();
  await expect(range(page)).toContainText('13–14 de 14');
  const card = page.getByRole('article').first();
  const nome = (await card.getByRole('heading').textContent())?.trim() ?? '';
  await card.getByRole('button', { name: `Editar ${nome}` }).click();
  await expect(page).toHaveURL(/[?&]tab=novo&.*id=|[?&]id=.*tab=novo/);
  await expect(page.getByLabel('Nome')).toHaveValue(nome);
  // Back: the same list page and search; Forward: the same edit
  await page.goBack();
  await expect(range(page)).toContainText('13–14 de 14');
  await expect(page.getByRole('searchbox', { name: 'Buscar fornecedores' })).toHaveValue(prefix);
  await page.goForward();
  await expect(page.getByLabel('Nome')).toHaveValue(nome);
  // the edit survives a reload: the record is read again from the server
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Editar Fornecedor' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Nome')).toHaveValue(nome);
});

test('funcionarios: search, the status filter and the tab are in the URL', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Url Funcionario');
  await admin.post('/api/funcionarios', { data: { nome, cargo: 'Serrador', salario: 2000 } });
  await page.goto('/funcionarios');
  await page.getByRole('searchbox', { name: 'Buscar funcionários' }).fill(nome);
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByLabel('Filtrar por status').selectOption('inativo');
  await expect(page.getByText('Nenhum funcionário encontrado para esta busca.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Filtrar por status')).toHaveValue('inativo');
  await expect(page.getByText('Nenhum funcionário encontrado para esta busca.')).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Filtrar por status')).toHaveValue('');
  await expect(page.getByRole('row').filter({ hasText: nome })).toBeVisible();
  await page.getByRole('tab', { name: 'Cálculo de Custo' }).click();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Cálculo de Custo' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page.getByRole('row').filter({ hasText: nome })).toBeVisible();
});

test.describe('on a phone, lists are cards', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const noOverflow = async (page: Page) =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

  test('clientes, vendas and caixa show cards with their figures, status and actions', async ({
    adminPage: page,
    admin,
  }) => {
    const { cliente, venda } = await vendaViaOrcamento(admin, { cliente: unique('Cliente Cartao') });
    await page.goto(`/clientes?q=${encodeURIComponent(cliente.nome)}`);
    const c = page.getByRole('article', { name: cliente.nome });
    await expect(c).toBeVisible();
    await expect(c).toContainText('529.982.247-25');
    await expect(c).toContainText('PF');
    await c.scrollIntoViewIfNeeded();
    await expect(c.getByRole('button', { name: `Editar ${cliente.nome}` })).toBeInViewport({ ratio: 1 });
    await expect(c.getByRole('button', { name: `Excluir ${cliente.nome}` })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('table')).toHaveCount(0);
    await noOverflow(page);

    await page.goto(`/vendas?q=${venda.numero}`);
    const v = page.getByRole('article', { name: `Venda #${venda.numero}` });
    await expect(v).toBeVisible();
    await expect(v).toContainText(cliente.nome);
    // 10 units × R$ 100,00, à vista
    await expect(v).toContainText('R$ 1.000,00');
    await expect(v).toContainText('Valor Bruto');
    await expect(v).toContainText('Confirmada');
    // the card's actions are on screen once the card is (no sideways scrolling to reach them)
    await v.scrollIntoViewIfNeeded();
    for (const action of ['Ver', 'Editar', 'Excluir'])
      await expect(v.getByRole('button', { name: `${action} venda #${venda.numero}` })).toBeInViewport({
        ratio: 1,
      });
    await noOverflow(page);

    const mov = unique('Mov Cartao');
    expect(
      (
        await admin.post('/api/caixa/movimentacoes', {
          data: { nome: mov, valor: '1234.5', data: '2026-03-01', tipo: 'saida' },
        })
      ).status(),
    ).toBe(201);
    await page.goto(`/caixa?q=${encodeURIComponent(mov)}`);
    const m = page.getByRole('article', { name: mov });
    await expect(m).toBeVisible();
    await expect(m).toContainText('R$ 1.234,50');
    await expect(m).toContainText('01/03/2026');
    await expect(m).toContainText('Saída');
    await m.scrollIntoViewIfNeeded();
    await expect(m.getByRole('button', { name: `Excluir ${mov}` })).toBeInViewport({ ratio: 1 });
    await noOverflow(page);
  });
});

test.describe('at 1366 × 800', () => {
  test.use({ viewport: { width: 1366, height: 800 } });
  test('the Vendas table fits its container: actions visible, money on one line, a long name wraps', async ({
    adminPage: page,
    admin,
  }) => {
    const longo = `Cliente${'Marmoraria'.repeat(8)}${Date.now()}`;
    const { venda } = await vendaViaOrcamento(admin, { cliente: longo });
    await page.goto('/vendas');
    const table = page.getByRole('table', { name: 'Vendas' });
    const row = table.getByRole('row').filter({ hasText: `#${venda.numero}` });
    await expect(row).toBeVisible();
    const fits = await table.evaluate((t) => {
      const box = t.parentElement as HTMLElement;
      return { scroll: box.scrollWidth, client: box.clientWidth };
    });
    expect(fits.scroll).toBeLessThanOrEqual(fits.client);
    const excluir = row.getByRole('button', { name: `Excluir venda #${venda.numero}` });
    await expect(excluir).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('button', { name: `Editar venda #${venda.numero}` })).toBeInViewport({
      ratio: 1,
    });
    // "R$ 1.000,00" is one line box
    const lines = await row.getByText('R$ 1.000,00', { exact: true }).evaluate((el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      return new Set(Array.from(r.getClientRects()).map((x) => Math.round(x.top))).size;
    });
    expect(lines).toBe(1);
    // missing values show the one placeholder
    await expect(row.getByRole('cell', { name: '—', exact: true }).first()).toBeVisible();
    await expect(row.getByRole('cell', { name: '-', exact: true })).toHaveCount(0);
  });
});

// A changed form's warning (tabs, menu, reload) and an unchanged form's silence:
// components/kit/use-unsaved-warning.test.tsx.

test('an edit reads the record fresh; a stale save answers 409 and "Recarregar" shows the server version', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Cliente Versao');
  const res = await admin.post('/api/clientes', {
    data: { nome, tipo: 'Pessoa Física', cpf_cnpj: '52998224725', telefone: '11987654321', cidade: 'Santos' },
  });
  const { id } = (await res.json()) as { id: string };
  // a change by someone else, with the version it read
  const mudar = async (cidade: string) => {
    const atual = (await (await admin.get(`/api/clientes/${id}`)).json()) as { updated_at: string };
    const r = await admin.patch(`/api/clientes/${id}`, { data: { cidade, updated_at: atual.updated_at } });
    expect(r.status()).toBe(200);
  };
  await page.goto(`/clientes?q=${encodeURIComponent(nome)}`);
  await expect(page.getByRole('row').filter({ hasText: nome })).toContainText('Santos');
  // someone else changes the city after the list was read: the form shows the server's value
  await mudar('Campinas');
  const edit = page.waitForResponse(
    (r) => r.url().endsWith(`/api/clientes/${id}`) && r.request().method() === 'GET',
  );
  await page.getByRole('button', { name: `Editar ${nome}` }).click();
  await edit;
  await expect(page.getByLabel('Cidade')).toHaveValue('Campinas');
  // and changes it again while the form is open: saving is refused, Recarregar brings the new version
  await mudar('Jundiaí');
  await page.getByLabel('Endereço').fill('Rua Nova, 1');
  await page.getByRole('button', { name: 'Atualizar Cliente' }).click();
  const banner = page
    .getByRole('form', { name: 'Editar Cliente' })
    .getByRole('alert')
    .filter({ hasText: 'alterado por outra pessoa' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Recarregar' }).click();
  await expect(page.getByLabel('Cidade')).toHaveValue('Jundiaí');
  await expect(page.getByLabel('Endereço')).toHaveValue('');
  await page.getByLabel('Endereço').fill('Rua Nova, 1');
  await page.getByRole('button', { name: 'Atualizar Cliente' }).click();
  await expect(page.getByText('Cliente atualizado com sucesso!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: nome })).toContainText('Jundiaí');
});

test('a chosen tab is drawn at once: what is typed next goes to its form, not the one being left', async ({
  adminPage: page,
}) => {
  await page.goto('/produtos?tab=acabamentos');
  await expect(page.getByRole('form', { name: 'Novo Acabamento' })).toBeVisible();
  // Choosing Recortes, then only microtasks: a render left for later (a transition) cannot have run
  // yet, so the form on screen is the one a fast (or busy) hand would type into.
  const formNaTela = await page.getByRole('tab', { name: 'Recortes' }).evaluate(async (tab) => {
    tab.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
    for (let i = 0; i < 200; i++) await null;
    return document.querySelector('[role="tabpanel"][data-state="active"] form')?.getAttribute('aria-label');
  });
  expect(formNaTela).toBe('Novo Recorte');
  await expect(page).toHaveURL(/[?&]tab=recortes/);
});
