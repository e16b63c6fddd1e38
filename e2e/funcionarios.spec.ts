import { expect, test, unique } from './fixtures';

test('funcionarios: create, hourly cost on the list, edit status, filter, search and delete', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Funcionário Teste');
  await page.goto('/funcionarios');
  await expect(page.getByRole('heading', { name: 'Funcionários', exact: true })).toBeVisible();
  // the KPI cards and the Cálculo de Custo tab: funcionarios/resumo.test.tsx (their figures:
  // routes/funcionarios.test.ts); the form's cargos, 220 h default, required fields, masks and what an
  // edit sends: funcionarios/funcionario-form.test.tsx
  await expect(page.getByTestId('kpi-ativos')).toContainText(/\d+/);

  await page.getByRole('tab', { name: 'Novo Funcionário' }).click();
  await page.getByLabel('Nome').fill(nome);
  await page.getByLabel('CPF').pressSequentially('52998224725');
  await page.getByLabel('Cargo').selectOption('Ajudante');
  await page.getByLabel('Telefone').pressSequentially('11912345678');
  await page.getByLabel('Salário (R$)').fill('2200');
  await page.getByLabel('Data de admissão').fill('2024-02-01');
  await page.getByRole('button', { name: 'Salvar Funcionário' }).click();
  await expect(page.getByText('Funcionário salvo com sucesso!')).toBeVisible();

  // back on the list: 2200.00 / 220 h = R$ 10,00 an hour, status Ativo
  await expect(page.getByRole('tab', { name: 'Lista' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row').filter({ hasText: nome });
  await expect(row).toContainText('Ajudante');
  await expect(row).toContainText('R$ 2.200,00');
  await expect(row).toContainText('R$ 10,00');
  await expect(row).toContainText('01/02/2024');
  await expect(row).toContainText('Ativo');

  // ── Edit: salary and status; the hours stay
  await page.getByRole('searchbox', { name: 'Buscar funcionários' }).fill(nome);
  await page.getByRole('button', { name: `Editar ${nome}` }).click();
  await expect(page.getByRole('tab', { name: 'Editar Funcionário' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByLabel('Salário (R$)').fill('3300');
  await page.getByLabel('Status').selectOption('inativo');
  await page.getByRole('button', { name: 'Atualizar Funcionário' }).click();
  await expect(page.getByText('Funcionário atualizado com sucesso!')).toBeVisible();
  // 3300.00 / 220 = 15.00
  const edited = page.getByRole('row').filter({ hasText: nome });
  await expect(edited).toContainText('R$ 15,00');
  await expect(edited).toContainText('Inativo');

  // the status filter, on the server (saving showed a fresh list: search again)
  await page.getByRole('searchbox', { name: 'Buscar funcionários' }).fill(nome);
  await page.getByLabel('Filtrar por status').selectOption('ativo');
  await expect(page.getByText('Nenhum funcionário encontrado para esta busca.')).toBeVisible();
  await page.getByLabel('Filtrar por status').selectOption('inativo');
  await expect(page.getByRole('row').filter({ hasText: nome })).toBeVisible();

  // an inactive employee is out of the quote selector (opcoes)
  const opcoes = await (await admin.get(`/api/funcionarios/opcoes?q=${encodeURIComponent(nome)}`)).json();
  expect(opcoes).toEqual([]);

  // ── Delete with confirmation
  await page.getByRole('button', { name: `Excluir ${nome}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    `Tem certeza que deseja excluir o funcionário ${nome}? Esta ação não pode ser desfeita.`,
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Funcionário removido com sucesso!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: nome })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('funcionarios: KPIs, list and form fit a 390 px screen', async ({ adminPage: page }) => {
    await page.goto('/funcionarios');
    await expect(page.getByTestId('kpi-folha')).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('tab', { name: 'Novo Funcionário' }).click();
    await expect(page.getByLabel('Nome')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
