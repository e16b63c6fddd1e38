import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test, unique } from './fixtures';
import { vendaViaOrcamento } from './vendas-helpers';

/** "R$ 1.234,56" / "-R$ 1.234,56" → 1234.56 / −1234.56 (to cents, as integers, to compare exactly). */
const cents = (text: string) => {
  const m = /(-?)R\$\s*([\d.]+),(\d{2})/.exec(text);
  if (!m) throw new Error(`sem valor em "${text}"`);
  return (m[1] ? -1 : 1) * (Number(m[2]!.replace(/\./g, '')) * 100 + Number(m[3]));
};
const screenCents = async (l: Locator) => cents((await l.textContent()) ?? '');
const mesAtual = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
}).format(new Date());

interface VendaRow {
  id: string;
  data_venda: string;
  valor_liquido: number;
  created_at: string;
}

/**
 * Other spec files may record sales while this one runs (they share the server): the net value of
 * this month's sales created since `t0` by anyone else, so the expected figure stays exact.
 */
async function outrasVendasDesde(admin: APIRequestContext, t0: number, minha: string) {
  const res = await admin.get('/api/vendas?limit=200&sort=-created_at');
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: VendaRow[] };
  return items
    .filter((v) => v.id !== minha && Date.parse(v.created_at) >= t0 && v.data_venda.startsWith(mesAtual))
    .reduce((s, v) => s + Math.round(v.valor_liquido * 100), 0);
}

test('the dashboard shows its sections, and its figures change when a sale is made', async ({
  adminPage: page,
  admin,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Visão geral do seu negócio')).toBeVisible();
  for (const t of ['Faturamento Mensal', 'Orçamentos Pendentes', 'Clientes Ativos', 'Produtos Cadastrados']) {
    await expect(page.getByText(t, { exact: true })).toBeVisible();
  }
  const acoes = page.getByRole('navigation', { name: 'Ações rápidas' });
  const links: [string, string][] = [
    ['Novo Orçamento', '/orcamentos'],
    ['Cadastrar Cliente', '/clientes?tab=novo'],
    ['Adicionar Produto', '/produtos?tab=novo'],
    ['Registrar Venda', '/vendas'],
    ['Gerenciar Despesas', '/despesas'],
  ];
  for (const [name, href] of links)
    await expect(acoes.getByRole('link', { name })).toHaveAttribute('href', href);
  await expect(page.getByRole('link', { name: 'Ver Todos os Orçamentos' })).toHaveAttribute(
    'href',
    '/orcamentos?aba=historico',
  );
  await expect(page.getByText('Performance Mensal')).toBeVisible();
  await expect(page.getByText('Resumo do Mês')).toBeVisible();

  const faturamento = page.getByTestId('dash-faturamento').locator('p').nth(1);
  const lucro = page.getByTestId('dash-lucro');
  const f0 = await screenCents(faturamento);
  const l0 = await screenCents(lucro);
  const t0 = Date.now() - 1000;

  // ── A quote, then its sale, through the API (as another user at another desk would)
  const cli = await admin.post('/api/clientes', {
    data: {
      nome: unique('Cliente Dashboard'),
      tipo: 'Pessoa Física',
      cpf_cnpj: '529.982.247-25',
      telefone: '(11) 98765-4321',
    },
  });
  expect(cli.status(), await cli.text()).toBe(201);
  const cliente = await cli.json();
  const categoria = unique('cat').toLowerCase();
  expect((await admin.post('/api/categorias-produtos', { data: { nome: categoria } })).status()).toBe(201);
  const prod = await admin.post('/api/produtos', {
    data: {
      nome: unique('Cuba de granito'),
      categoria,
      valor_m2: 100,
      tipo_unidade: 'unitário',
      unidade: 'un',
    },
  });
  expect(prod.status(), await prod.text()).toBe(201);
  const produto = await prod.json();
  const orc = await admin.post('/api/orcamentos', {
    data: {
      cliente_id: cliente.id,
      itens: [{ produto_id: produto.id, quantidade: 2 }],
      margem_lucro: 30,
      horas_trabalho: 0,
      tipo_venda: 'avista',
    },
  });
  expect(orc.status(), await orc.text()).toBe(201);
  const orcamento = await orc.json();
  // 2 × R$ 100,00 = 200.00; margin 30 % = 60.00 → total 260.00 (no card, no commissions)
  expect(orcamento.valor_total).toBe(260);

  // the new pending quote shows up at once (live update, no reload)
  const recentes = page.getByRole('list', { name: 'Orçamentos recentes' });
  const meu = recentes.getByRole('listitem').filter({ hasText: `Orçamento #${orcamento.numero}` });
  await expect(meu).toContainText(cliente.nome);
  await expect(meu).toContainText('R$ 260,00');
  await expect(meu).toContainText('Pendente');

  const v = await admin.post(`/api/orcamentos/${orcamento.id}/venda`);
  expect(v.status(), await v.text()).toBe(201);
  const venda = await v.json();
  // à vista without a card: net = gross = 260.00
  expect(venda.valor_liquido).toBe(260);

  // Faturamento and Lucro go up by 260.00 (plus any sale another spec made meanwhile), without reload
  await expect(async () => {
    const outras = await outrasVendasDesde(admin, t0, venda.id);
    expect(await screenCents(faturamento)).toBe(f0 + 26000 + outras);
    expect(await screenCents(lucro)).toBe(l0 + 26000 + outras);
  }).toPass({ timeout: 15_000 });
  await expect(meu).toContainText('Venda Realizada');
  await expect(meu.getByText('Venda Realizada')).toHaveClass(/bg-blue-100/);
  // the up indicator follows the sign of the month's profit
  const positivo = (await screenCents(lucro)) >= 0;
  await expect(page.getByRole('img', { name: positivo ? 'Lucro no mês' : 'Prejuízo no mês' })).toBeVisible();
  await expect(lucro).toHaveClass(positivo ? /text-green-700/ : /text-red-600/);
  // the 12-month chart is drawn (loaded on demand, when it scrolls near)
  await page.getByText('Últimos 12 meses').scrollIntoViewIfNeeded();
  await expect(page.locator('.recharts-responsive-container')).toBeVisible();

  // /dashboard is the same screen, with the same figures
  const shown = await faturamento.textContent();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('dash-faturamento').locator('p').nth(1)).toHaveText(shown ?? '');
});

test('on a phone the dashboard fits the screen', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByText('Visão geral do seu negócio')).toBeVisible();
  await expect(page.getByTestId('dash-lucro')).toBeVisible();
  await page.screenshot({ path: 'test-results/dashboard-390.png', fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('on a phone the chart library loads only when the chart scrolls near', async ({
  adminPage: page,
  admin,
}) => {
  // a sale this month, so the chart has something to draw
  await vendaViaOrcamento(admin);
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByTestId('dash-lucro')).toBeVisible();
  // the chart's own chunks (the series chart and the charting library) by their build names
  const chartScripts = () => scripts.filter((u) => /\/(serie-chart|charts-vendor)-[^/]*\.js/.test(u));
  expect(chartScripts()).toEqual([]);
  await expect(page.locator('.recharts-responsive-container')).toHaveCount(0);
  await page.getByText('Últimos 12 meses').scrollIntoViewIfNeeded();
  await expect(page.locator('.recharts-responsive-container')).toBeVisible();
  // the chart's code arrived only now
  expect(chartScripts().length).toBeGreaterThan(0);
});
