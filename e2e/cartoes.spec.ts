import type { Page } from '@playwright/test';
import { expect, test, unique } from './fixtures';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * The "Métodos Cadastrados" card shows the server's count. Other specs add payment methods on the same
 * server meanwhile, so the card is compared with the count the server gives at that moment.
 */
async function kpiShowsServerTotal(page: Page) {
  await expect
    .poll(async () => {
      const shown = (await page.getByTestId('kpi-total').locator('p').nth(1).textContent())?.trim();
      const res = await page.request.get('/api/cartoes/estatisticas');
      const { total } = (await res.json()) as { total: number };
      return shown === String(total);
    })
    .toBe(true);
}

test('payment methods: create (with the debit/credit rule), search, edit, delete through the UI', async ({
  adminPage: page,
}) => {
  const obs = unique('Maquininha');
  await page.goto('/cartoes');
  await expect(page.getByRole('heading', { name: 'Pagamentos e Taxas' })).toBeVisible();
  await expect(page.getByTestId('kpi-total')).toContainText('Métodos Cadastrados');
  await kpiShowsServerTotal(page);

  await page.getByRole('tab', { name: 'Novo Pagamento' }).click();
  await page.getByRole('button', { name: 'Cadastrar Pagamento' }).click();
  await expect(page.getByText('Selecione a bandeira (Pix, Dinheiro ou Cartão).')).toBeVisible();
  await expect(page.getByText('Selecione o tipo (Débito ou Crédito).')).toBeVisible();

  await page.getByRole('combobox', { name: 'Bandeira' }).selectOption('Cartão');
  await page.getByRole('combobox', { name: 'Tipo' }).selectOption('Débito');
  await page.getByRole('button', { name: 'Cadastrar Pagamento' }).click();
  await expect(page.getByText('Informe a taxa do débito.')).toBeVisible();

  // credit: 1x is required, the other installments optional
  await page.getByRole('combobox', { name: 'Tipo' }).selectOption('Crédito');
  await expect(page.getByLabel(/^Taxa do débito/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Cadastrar Pagamento' }).click();
  await expect(page.getByText('Informe a taxa do crédito à vista (1x).')).toBeVisible();
  await page.getByLabel(/^Taxa 1x/).fill('3,49');
  await page.getByLabel(/^Taxa 3x/).fill('4,5');
  await page.getByLabel(/^Taxa 12x/).fill('150');
  await page.getByLabel('Observações').fill(obs);
  await page.getByRole('button', { name: 'Cadastrar Pagamento' }).click();
  await expect(page.getByText('O percentual deve estar entre 0 e 100.')).toBeVisible();
  await page.getByLabel(/^Taxa 12x/).fill('12,99');
  await page.getByRole('button', { name: 'Cadastrar Pagamento' }).click();
  await expect(toast(page, 'Cartão cadastrado com sucesso!')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Lista' })).toHaveAttribute('aria-selected', 'true');
  await kpiShowsServerTotal(page);

  // search by the note
  await page.getByRole('searchbox', { name: 'Buscar métodos de pagamento' }).fill(obs);
  const tabela = page.getByRole('table', { name: 'Métodos de pagamento' });
  await expect(tabela.getByRole('row')).toHaveCount(2);
  const linha = tabela.getByRole('row').filter({ hasText: obs });
  await expect(linha).toContainText('Crédito');
  await expect(linha).toContainText('1x 3,49% · 3x 4,5% · 12x 12,99%');
  await expect(linha).toContainText('Ativo');

  // edit: the form comes back filled; make it inactive and change a rate
  await linha.getByRole('button', { name: 'Editar Cartão · Crédito' }).click();
  await expect(page.getByRole('heading', { name: 'Editar Pagamento' })).toBeVisible();
  await expect(page.getByLabel(/^Taxa 1x/)).toHaveValue('3,49');
  await expect(page.getByLabel(/^Taxa 3x/)).toHaveValue('4,5');
  await page.getByLabel(/^Taxa 2x/).fill('3,99');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Inativo');
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(toast(page, 'Cartão atualizado com sucesso!')).toBeVisible();
  await expect(linha).toContainText('1x 3,49% · 2x 3,99% · 3x 4,5% · 12x 12,99%');
  await expect(linha).toContainText('Inativo');
  // the status filter
  await page.getByRole('combobox', { name: 'Filtrar por status' }).selectOption('Ativo');
  await expect(page.getByText('Nenhum método encontrado para esse filtro.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filtrar por status' }).selectOption('Inativo');
  await expect(linha).toBeVisible();

  // delete, with confirmation
  await linha.getByRole('button', { name: 'Excluir Cartão · Crédito' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    'Tem certeza que deseja excluir o método de pagamento "Cartão · Crédito"? Esta ação não pode ser desfeita.',
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Cartão removido com sucesso!')).toBeVisible();
  await expect(page.getByText('Nenhum método encontrado para esse filtro.')).toBeVisible();
  await kpiShowsServerTotal(page);
});

// The simulator's figures and its value field: cartoes/simulador.test.tsx.

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the simulator fits the screen width', async ({ adminPage: page, admin }) => {
    await admin.post('/api/cartoes', { data: { bandeira: 'Cartão', tipo: 'Crédito', taxa_1x: 3 } });
    await page.goto('/cartoes');
    await page.getByRole('tab', { name: 'Simulador' }).click();
    await expect(page.getByTestId('simulacao').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
