import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test, unique } from './fixtures';
import { vendaViaOrcamento } from './vendas-helpers';

/*
 * Issue 26 §3, a 1366 × 768 laptop: Recebimentos' filters overlapped ("Selecione um vendedo") and its
 * Ações column was cut; "R$" wrapped alone on the dashboard's Faturamento and Em atraso cards; the
 * agenda's week headers were cut ("23 segund"); the menu hid Usuários, Empresa, Auditoria and Backups
 * below the fold with no hint; "Nome *" touched the Empresa card's border. Each is measured here.
 */
test.use({ viewport: { width: 1366, height: 768 } });

type Caixa = { x: number; y: number; width: number; height: number };
const caixa = async (l: Locator): Promise<Caixa> => {
  const b = await l.boundingBox();
  if (!b) throw new Error(`sem caixa: ${l}`);
  return b;
};
const sobrepoe = (a: Caixa, b: Caixa) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

/** A sale whose gross value is `valor` (its instalments follow), dated `data` when given. */
async function vendaDe(
  admin: APIRequestContext,
  valor: number,
  data?: string,
  pessoas: { cliente?: string; vendedor_id?: string } = {},
) {
  const { venda } = await vendaViaOrcamento(admin, {
    pagamento: { tipo_venda: 'parcelado', numero_parcelas: 3 },
    ...pessoas,
  });
  const atual = await admin.get(`/api/vendas/${venda.id}`);
  expect(atual.status()).toBe(200);
  const { updated_at } = (await atual.json()) as { updated_at: string };
  const res = await admin.patch(`/api/vendas/${venda.id}`, {
    data: { valor_bruto: valor, ...(data ? { data_venda: data } : {}), updated_at },
  });
  expect(res.status(), await res.text()).toBe(200);
  return venda;
}

/** YYYY-MM-DD `meses` months from today in the business zone (a day that exists in every month). */
function mesesAtras(meses: number) {
  const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const d = new Date(`${hoje.slice(0, 8)}15T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - meses);
  return d.toISOString().slice(0, 10);
}

/** The line boxes of the text nodes of `l` that hold "R$": one top means "R$" and its digits share a line. */
async function linhasDoValor(l: Locator) {
  return l.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const tops: number[] = [];
    let texto = '';
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.includes('R$')) continue;
      texto = n.textContent;
      const r = document.createRange();
      r.selectNodeContents(n);
      for (const rect of r.getClientRects()) if (rect.width > 0) tops.push(Math.round(rect.top));
    }
    return { texto, linhas: [...new Set(tops)].length };
  });
}

test('the dashboard: "R$" stays on the line of its digits on Faturamento and Em atraso', async ({
  adminPage: page,
  admin,
}) => {
  test.setTimeout(120_000);
  // Figures of a busy shop (the wrap shows with wide ones): R$ 1.234.567,89 sold this month, and a
  // sale of two months ago whose instalments are overdue.
  await vendaDe(admin, 1234567.89);
  await vendaDe(admin, 987654.32, mesesAtras(2));
  await page.goto('/');
  for (const id of ['dash-faturamento', 'dash-em-atraso']) {
    const valor = page.getByTestId(id).locator('p').nth(1);
    await expect(valor).toContainText(/R\$\s*[1-9]\d{0,2}\.\d{3}/);
    const { texto, linhas } = await linhasDoValor(valor);
    expect(linhas, `${id}: "${texto}" em ${linhas} linhas`).toBe(1);
    // …and the figure stays inside its card
    const card = await caixa(page.getByTestId(id));
    const v = await caixa(valor);
    expect(v.x + v.width, id).toBeLessThanOrEqual(card.x + card.width);
  }
});

test('Recebimentos: the filters do not overlap, their text is whole, the Ações column is visible', async ({
  adminPage: page,
  admin,
}) => {
  test.setTimeout(120_000);
  // Names as long as a shop's real ones: the columns take their width.
  const vendedor = await admin.post('/api/vendedores', {
    data: { nome: unique('Maria Aparecida Figueiredo Nascimento'), percentual_comissao: 5, status: 'ativo' },
  });
  expect(vendedor.status(), await vendedor.text()).toBe(201);
  await vendaDe(admin, 123456.78, undefined, {
    cliente: unique('Condomínio Residencial Jardim das Acácias — Bloco B'),
    vendedor_id: ((await vendedor.json()) as { id: string }).id,
  });
  await page.goto('/recebimentos');
  const tabela = page.getByRole('table', { name: 'Parcelas a receber' });
  await expect(tabela.getByRole('row').nth(1)).toBeVisible();

  const filtros = [
    page.locator('#filtro-status'),
    page.locator('#filtro-de'),
    page.locator('#filtro-ate'),
    page.locator('#filtro-cliente'),
    page.locator('#filtro-vendedor'),
    page.getByRole('searchbox', { name: 'Buscar parcelas' }),
    page.getByRole('button', { name: /Exportar/ }),
  ];
  const caixas = await Promise.all(filtros.map(caixa));
  for (let i = 0; i < caixas.length; i++)
    for (let j = i + 1; j < caixas.length; j++)
      expect(sobrepoe(caixas[i]!, caixas[j]!), `filtros ${i} e ${j} se sobrepõem`).toBe(false);
  // "Selecione um vendedor", not "Selecione um vendedo"
  for (const id of ['#filtro-cliente', '#filtro-vendedor']) {
    const span = page.locator(`${id} span`).first();
    await expect(span).toHaveText(/^Selecione/);
    const { scroll, client } = await span.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(scroll, id).toBeLessThanOrEqual(client);
  }

  // The Ações column inside the table's visible box (its scroll container), buttons included.
  const rolagem = await caixa(tabela.locator('xpath=..'));
  const acoes = await caixa(tabela.getByRole('columnheader', { name: 'Ações' }));
  expect(acoes.x, 'Ações começa dentro da tabela').toBeGreaterThanOrEqual(rolagem.x);
  expect(acoes.x + acoes.width, 'Ações termina dentro da tabela').toBeLessThanOrEqual(
    rolagem.x + rolagem.width + 0.5,
  );
  const extrato = await caixa(tabela.getByRole('button', { name: /^Extrato de / }).first());
  expect(extrato.x + extrato.width).toBeLessThanOrEqual(rolagem.x + rolagem.width + 0.5);

  // Here the columns fit. When they do not (longer values, a narrower window, the browser's zoom), the
  // table scrolls inside its card and Ações stays at the card's right edge: made 1 600 px wide, the
  // table scrolls and Ações is still in view, buttons included.
  await tabela.evaluate((t) => {
    t.style.minWidth = '1600px';
  });
  await expect.poll(() => tabela.evaluate((t) => t.parentElement!.scrollWidth)).toBeGreaterThan(1500);
  const larga = await caixa(tabela.getByRole('columnheader', { name: 'Ações' }));
  expect(larga.x + larga.width, 'Ações fixa à direita da tabela larga').toBeLessThanOrEqual(
    rolagem.x + rolagem.width + 0.5,
  );
  const botao = await caixa(tabela.getByRole('button', { name: /^Extrato de / }).first());
  expect(botao.x + botao.width).toBeLessThanOrEqual(rolagem.x + rolagem.width + 0.5);
});

test("the agenda's week: each day header's text is whole", async ({ adminPage: page }) => {
  await page.goto('/agenda');
  await page.getByRole('button', { name: 'Semana', exact: true }).click();
  const cabecalhos = page.locator('.rbc-time-header .rbc-header');
  await expect(cabecalhos).toHaveCount(7);
  const cortados = await cabecalhos.evaluateAll((hs) =>
    hs
      .flatMap((h) => [h, ...h.querySelectorAll<HTMLElement>('*')])
      .filter((e) => e.scrollWidth > e.clientWidth + 0.5)
      .map((e) => (e.textContent ?? '').trim()),
  );
  expect(cortados).toEqual([]);
});

/** Scrolls the menu to `entrada` as a person would (wheel on the menu), and says whether it is then on screen. */
async function alcanca(page: Page, menu: Locator, entrada: Locator) {
  const m = await caixa(menu);
  for (let i = 0; i < 20; i++) {
    const e = await caixa(entrada);
    if (e.y >= m.y && e.y + e.height <= m.y + m.height && e.y + e.height <= 768) return true;
    await page.mouse.move(m.x + m.width / 2, m.y + m.height / 2);
    await page.mouse.wheel(0, 120);
  }
  return false;
}

test('the menu: every entry is reachable, and a cue says there is more below', async ({
  adminPage: page,
}) => {
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  const entradas = menu.getByRole('link');
  await expect(entradas).toHaveCount(22);
  const { scroll, client } = await menu.evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
  const cue = page.getByRole('button', { name: 'Mais opções do menu abaixo' });
  if (scroll > client) {
    // entries are hidden: the menu says so, and the cue itself scrolls to them
    await expect(cue).toBeVisible();
  }
  for (const nome of ['Usuários', 'Empresa', 'Auditoria', 'Backups']) {
    const entrada = menu.getByRole('link', { name: nome });
    expect(await alcanca(page, menu, entrada), nome).toBe(true);
  }
  // at the end of the menu the cue is gone
  await expect(cue).toBeHidden();
  // and the cue takes one there: back to the top, then a click
  if (scroll > client) {
    await menu.evaluate((e) => e.scrollTo({ top: 0 }));
    await expect(cue).toBeVisible();
    await cue.click();
    await expect(cue).toBeHidden();
  }
});

test('Empresa: the label "Nome" has room from its card\'s border', async ({ adminPage: page }) => {
  await page.goto('/empresa');
  const label = page.locator('label').filter({ hasText: /^Nome\s*\*?$/ });
  await expect(label).toBeVisible();
  const card = label.locator(
    'xpath=ancestor::div[contains(@class,"rounded-lg") and contains(@class,"border")][1]',
  );
  const l = await caixa(label);
  const c = await caixa(card);
  expect(l.y - c.y, 'acima do rótulo').toBeGreaterThanOrEqual(12);
  expect(l.x - c.x, 'à esquerda do rótulo').toBeGreaterThanOrEqual(12);
});
