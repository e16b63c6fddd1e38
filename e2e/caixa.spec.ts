import { expect, test } from './fixtures';

const hoje = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());

// This is the only spec that touches the cash (a fresh database each run), so figures are absolute.
test('initial cash and movements: the balance on screen, coloured by its sign', async ({
  adminPage: page,
}) => {
  await page.goto('/caixa');
  await expect(page.getByRole('heading', { name: 'Fluxo de Caixa' })).toBeVisible();
  const inicial = page.getByTestId('caixa-inicial');
  const entradas = page.getByTestId('caixa-entradas');
  const saidas = page.getByTestId('caixa-saidas');
  const saldo = page.getByTestId('caixa-saldo');
  // an empty database
  await expect(saldo).toContainText('R$ 0,00');
  await expect(page.getByText('Nenhuma movimentação registrada.')).toBeVisible();

  // ── Definir Caixa Inicial: empty is marked, not silently ignored
  await page.getByRole('button', { name: 'Atualizar Caixa Inicial' }).click();
  await expect(page.getByText('Informe o valor inicial.')).toBeVisible();
  await expect(page.getByLabel('Valor Inicial')).toHaveAttribute('inputmode', 'decimal');
  await page.getByLabel('Valor Inicial').fill('1000');
  await page.getByRole('button', { name: 'Atualizar Caixa Inicial' }).click();
  await expect(page.getByText('Caixa inicial atualizado com sucesso!')).toBeVisible();
  await expect(inicial).toContainText('R$ 1.000,00');
  await expect(saldo).toContainText('R$ 1.000,00');

  // ── Nova Movimentação: empty nome and valor are marked, nothing is recorded
  const form = page.getByRole('form', { name: 'Nova Movimentação' });
  await expect(form.getByLabel('Data')).toHaveValue(hoje);
  await expect(form.getByLabel('Tipo')).toHaveValue('entrada');
  await form.getByRole('button', { name: 'Adicionar' }).click();
  await expect(form.getByText('Informe o nome.')).toBeVisible();
  await expect(form.getByText('Informe o valor.')).toBeVisible();
  await expect(form.getByLabel('Nome')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Nenhuma movimentação registrada.')).toBeVisible();

  const add = async (nome: string, valor: string, data: string, tipo: 'entrada' | 'saida') => {
    await form.getByLabel('Nome').fill(nome);
    await form.getByLabel('Valor').fill(valor);
    await form.getByLabel('Data').fill(data);
    await form.getByLabel('Tipo').selectOption(tipo);
    await form.getByRole('button', { name: 'Adicionar' }).click();
    await expect(page.getByText('Movimentação criada com sucesso!').last()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: nome })).toBeVisible();
    // back to creation mode: empty fields, entrada, today
    await expect(form.getByLabel('Nome')).toHaveValue('');
    await expect(form.getByLabel('Tipo')).toHaveValue('entrada');
    await expect(form.getByLabel('Data')).toHaveValue(hoje);
  };
  await add('Venda balcão', '250.75', '2026-03-01', 'entrada');
  await add('Gasolina', '80.25', '2026-03-02', 'saida');
  await add('Chapa de granito', '1500', '2026-03-03', 'saida');

  // entradas 250.75; saídas 80.25 + 1500.00 = 1580.25; saldo = 1000.00 + 250.75 − 1580.25 = −329.50
  await expect(entradas).toContainText('R$ 250,75');
  await expect(saidas).toContainText('R$ 1.580,25');
  await expect(saldo).toContainText('-R$ 329,50');
  await expect(saldo.locator('p').nth(1)).toHaveClass(/text-red-600/);

  // history: newest date first, dd/MM/yyyy, values coloured by type, a Tipo badge
  const historico = page.getByRole('table', { name: 'Histórico de Movimentações' });
  const rows = historico.getByRole('row');
  await expect(rows.nth(1)).toContainText('Chapa de granito');
  await expect(rows.nth(1)).toContainText('03/03/2026');
  await expect(rows.nth(1)).toContainText('Saída');
  await expect(rows.nth(2)).toContainText('Gasolina');
  await expect(rows.nth(3)).toContainText('Venda balcão');
  await expect(rows.nth(3)).toContainText('Entrada');
  await expect(rows.nth(3).getByText('R$ 250,75')).toHaveClass(/text-green-700/);
  await expect(rows.nth(1).getByText('R$ 1.500,00')).toHaveClass(/text-red-600/);

  // ── Editar: the form switches mode, Cancelar goes back
  await rows.nth(1).getByRole('button', { name: 'Editar Chapa de granito' }).click();
  const edit = page.getByRole('form', { name: 'Editar Movimentação' });
  await expect(edit.getByLabel('Nome')).toHaveValue('Chapa de granito');
  await expect(edit.getByLabel('Tipo')).toHaveValue('saida');
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form.getByLabel('Nome')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);

  await rows.nth(1).getByRole('button', { name: 'Editar Chapa de granito' }).click();
  await edit.getByLabel('Valor').fill('500');
  await edit.getByRole('button', { name: 'Atualizar Movimentação' }).click();
  await expect(page.getByText('Movimentação atualizada com sucesso!')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Nova Movimentação' })).toBeVisible();
  // saídas 80.25 + 500.00 = 580.25; saldo = 1000.00 + 250.75 − 580.25 = 670.50
  await expect(saidas).toContainText('R$ 580,25');
  await expect(saldo).toContainText('R$ 670,50');
  await expect(saldo.locator('p').nth(1)).toHaveClass(/text-green-700/);

  // ── Excluir with confirmation; Cancelar keeps it
  await rows.nth(2).getByRole('button', { name: 'Excluir Gasolina' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirmar Exclusão' });
  await expect(confirm).toContainText('Tem certeza que deseja excluir esta movimentação?');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(historico.getByRole('row').filter({ hasText: 'Gasolina' })).toBeVisible();
  await rows.nth(2).getByRole('button', { name: 'Excluir Gasolina' }).click();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Movimentação excluída com sucesso!')).toBeVisible();
  await expect(historico.getByRole('row').filter({ hasText: 'Gasolina' })).toHaveCount(0);
  // saldo = 1000.00 + 250.75 − 500.00 = 750.75
  await expect(saldo).toContainText('R$ 750,75');

  // ── a new initial value replaces the old one: 2000.00 + 250.75 − 500.00 = 1750.75
  await page.getByLabel('Valor Inicial').fill('2000');
  await page.getByRole('button', { name: 'Atualizar Caixa Inicial' }).click();
  await expect(inicial).toContainText('R$ 2.000,00');
  await expect(saldo).toContainText('R$ 1.750,75');
  await page.reload();
  await expect(saldo).toContainText('R$ 1.750,75');
});

test('on a phone the cash screen fits and works', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/caixa');
  await expect(page.getByRole('heading', { name: 'Fluxo de Caixa' })).toBeVisible();
  await expect(page.getByTestId('caixa-saldo')).toBeVisible();
  await page.screenshot({ path: 'test-results/caixa-390.png', fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
