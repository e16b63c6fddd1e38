import { expect, test, unique } from './fixtures';

const MESES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
];

// Next year: the year filter offers it (current −2…+2) and no other spec has expenses there.
const ano =
  Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()),
  ) + 1;
const bissexto = (ano % 4 === 0 && ano % 100 !== 0) || ano % 400 === 0;

test('a monthly expense: created for every month, one month paid, edited with replication to the later months', async ({
  adminPage: page,
}) => {
  const descricao = unique('Aluguel do galpão');
  await page.goto('/despesas');
  await expect(page.getByRole('heading', { name: 'Despesas' })).toBeVisible();
  // the filters: 12 months in pt-BR, years current −2…+2
  await expect(page.getByLabel('Mês').locator('option')).toHaveText(MESES);
  await expect(page.getByLabel('Ano').locator('option')).toHaveText(
    [ano - 3, ano - 2, ano - 1, ano, ano + 1].map(String),
  );

  // ── Nova (its required fields, Parcelas only for parcelada, 2–60: despesas/nova.test.tsx)
  await page.getByRole('tab', { name: 'Nova' }).click();
  await page.getByLabel('Tipo').selectOption('mensal');
  await page.getByLabel('Descrição').fill(descricao);
  await page.getByLabel('Valor (R$)').fill('1500');
  await page.getByLabel('Data de Vencimento').fill(`${ano}-01-31`);
  await page.getByRole('button', { name: 'Cadastrar Despesa' }).click();
  // January → 12 rows, one per month through December
  await expect(page.getByText('Despesa(s) cadastrada(s) com sucesso!')).toBeVisible();
  await expect(page.getByText('12 despesas cadastradas.')).toBeVisible();

  // back on the list, on the month of the first due date
  await expect(page.getByRole('tab', { name: 'Lista' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Mês')).toHaveValue('1');
  await expect(page.getByLabel('Ano')).toHaveValue(String(ano));
  const linha = page.getByRole('row').filter({ hasText: descricao });
  await expect(linha).toContainText(`31/01/${ano}`);
  await expect(linha).toContainText('1/12');
  await expect(linha).toContainText('R$ 1.500,00');

  // ── February: the 31st becomes the month's last day; mark it paid with the switch
  await page.getByLabel('Mês').selectOption('2');
  await expect(linha).toContainText(`${bissexto ? 29 : 28}/02/${ano}`);
  await expect(linha).toContainText('2/12');
  // 1500.00 / 220 = 6.8181… → R$ 6,82
  await expect(page.getByTestId('kpi-total-mes')).toContainText('R$ 1.500,00');
  await expect(page.getByTestId('kpi-custo-hora')).toContainText('R$ 6,82');
  await expect(page.getByTestId('kpi-pagas')).toContainText('R$ 0,00');
  const sw = linha.getByRole('switch');
  await expect(sw).toHaveAttribute('aria-checked', 'false');
  await sw.click();
  await expect(sw).toHaveAttribute('aria-checked', 'true');
  await expect(linha).toContainText('Paga');
  await expect(page.getByTestId('kpi-pagas')).toContainText('R$ 1.500,00');
  await expect(page.getByTestId('kpi-pendentes')).toContainText('R$ 0,00');
  await page.reload();
  await page.getByLabel('Ano').selectOption(String(ano));
  await page.getByLabel('Mês').selectOption('2');
  await expect(linha).toContainText(`${bissexto ? 29 : 28}/02/${ano}`);
  await expect(linha.getByRole('switch')).toHaveAttribute('aria-checked', 'true');

  // ── Edit March and apply to the later months of the series
  await page.getByLabel('Mês').selectOption('3');
  // (the previous month's rows stay on screen until March's arrive)
  await expect(linha).toContainText(`31/03/${ano}`);
  await linha.getByRole('button', { name: /^Editar/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Despesa' });
  await expect(dialog.getByLabel('Valor (R$)')).toHaveValue('1500.00');
  await dialog.getByLabel('Valor (R$)').fill('1650');
  await dialog.getByLabel('Observações').fill('reajuste anual');
  await dialog.getByRole('checkbox', { name: 'Aplicar também aos meses seguintes' }).check();
  await dialog.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Despesa atualizada com sucesso!')).toBeVisible();
  // April … December
  await expect(page.getByText('9 despesas mensais futuras também foram atualizadas.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(linha).toContainText('R$ 1.650,00');

  // a later month changed, keeping its own date
  await page.getByLabel('Mês').selectOption('6');
  await expect(linha).toContainText(`30/06/${ano}`);
  await expect(linha).toContainText('R$ 1.650,00');
  await expect(linha).toContainText('reajuste anual');
  // an earlier month did not, and is still paid
  await page.getByLabel('Mês').selectOption('2');
  await expect(linha).toContainText(`${bissexto ? 29 : 28}/02/${ano}`);
  await expect(linha).toContainText('R$ 1.500,00');
  await expect(linha.getByRole('switch')).toHaveAttribute('aria-checked', 'true');

  // December, the last later month, too (editing the last month, with no later one, and what the
  // dialog sends: despesas/editar-dialog.test.tsx)
  await page.getByLabel('Mês').selectOption('12');
  await expect(linha).toContainText(`31/12/${ano}`);
  await expect(linha).toContainText('R$ 1.650,00');

  // ── Relatório: Jan, Feb 1500.00; Mar–Dec 10 × 1650.00 = 16500.00
  //    total = 3000.00 + 16500.00 = 19500.00; paid = Feb 1500.00
  await page.getByRole('tab', { name: 'Relatório' }).click();
  await expect(page.getByTestId('relatorio-total')).toHaveText('R$ 19.500,00');
  const porMes = page.getByRole('table', { name: `Despesas por mês em ${ano}` });
  await expect(porMes.getByRole('row').filter({ hasText: 'Fevereiro' })).toContainText('R$ 1.500,00');
  await expect(porMes.getByRole('row').filter({ hasText: 'Julho' })).toContainText('R$ 1.650,00');
  await expect(page.locator('.recharts-responsive-container')).toBeVisible();

  // ── Delete one month, with confirmation
  await page.getByRole('tab', { name: 'Lista' }).click();
  await linha.getByRole('button', { name: /^Excluir/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Confirmar exclusão');
  await expect(confirm).toContainText('Esta ação não pode ser desfeita.');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Despesa removida com sucesso!')).toBeVisible();
  await expect(linha).toHaveCount(0);
  await expect(page.getByText(`Nenhuma despesa com vencimento em Dezembro de ${ano}.`)).toBeVisible();
});

test('a parcelada creates its installments; 390 px wide the screen still works', async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const descricao = unique('Compressor');
  await page.goto('/despesas');
  await page.getByRole('tab', { name: 'Nova' }).click();
  await page.getByLabel('Descrição').fill(descricao);
  await page.getByLabel('Valor (R$)').fill('250.25');
  await page.getByLabel('Data de Vencimento').fill(`${ano}-11-30`);
  await page.getByLabel('Tipo').selectOption('parcelada');
  // 61 refused before sending: despesas/nova.test.tsx
  await page.getByLabel('Parcelas').fill('3');
  await page.getByRole('button', { name: 'Cadastrar Despesa' }).click();
  await expect(page.getByText('3 despesas cadastradas.')).toBeVisible();
  const linha = page.getByRole('article').filter({ hasText: descricao });
  await expect(linha).toContainText(`30/11/${ano}`);
  await expect(linha).toContainText('1/3');
  await page.getByLabel('Mês').selectOption('12');
  await expect(linha).toContainText('2/3');
  await page.screenshot({ path: 'test-results/despesas-390.png', fullPage: true });
  // no horizontal scroll of the page itself (the table scrolls inside its box)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
