import { expect, test, unique } from './fixtures';
import { vendaViaOrcamento } from './vendas-helpers';

test('creates, edits, searches and deletes an architect', async ({ adminPage: page }) => {
  const nome = unique('Arquiteta E2E');
  await page.goto('/arquitetos');
  await expect(page.getByRole('heading', { name: 'Arquitetos', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Novo Arquiteto' }).click();
  const form = page.getByRole('tabpanel', { name: 'Novo Arquiteto' });
  // the shared form's defaults, masks and messages: vendedores/comissionado-form.test.tsx (and the CEP
  // autofill: clientes/cliente-form.test.tsx); the CEP through the server here
  await form.getByLabel('Nome').fill(nome);
  await form.getByLabel('CPF').fill('52998224725');
  await form.getByLabel('Telefone').fill('21998765432');
  await form.getByLabel('E-mail').fill('arq.e2e@exemplo.com.br');
  await form.getByLabel('CEP').fill('01310100');
  await expect(form.getByLabel('Endereço')).toHaveValue('Avenida Paulista');
  await form.getByLabel('Cidade').fill('Niterói');
  await form.getByLabel('UF').fill('rj');
  await form.getByRole('button', { name: 'Cadastrar Arquiteto' }).click();
  await expect(page.getByText('Arquiteto salvo com sucesso!')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Lista' })).toHaveAttribute('aria-selected', 'true');

  const row = page.getByRole('row', { name: new RegExp(nome) });
  await expect(row).toContainText('Niterói/RJ');
  await expect(row).toContainText('10%');
  await expect(row).toContainText('(21) 99876-5432');

  await row.getByRole('button', { name: `Editar ${nome}` }).click();
  const edit = page.getByRole('tabpanel', { name: 'Editar Arquiteto' });
  await expect(edit.getByLabel('Nome')).toHaveValue(nome);
  await edit.getByLabel('Comissão (%)').fill('7.5');
  await edit.getByLabel('UF').fill('es');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Arquiteto atualizado com sucesso!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(nome) })).toContainText('7,5%');
  await expect(page.getByRole('row', { name: new RegExp(nome) })).toContainText('Niterói/ES');
  await expect(page.getByRole('tab', { name: 'Novo Arquiteto' })).toBeVisible();

  // the search runs on the server: another architect disappears, this one stays
  const outro = unique('Outro Arquiteto');
  await page.request.post('/api/arquitetos', {
    data: { nome: outro },
    headers: { origin: new URL(page.url()).origin },
  });
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(outro) })).toBeVisible();
  await page.getByLabel('Buscar arquitetos').fill(nome.split(' ').pop()!);
  await expect(page.getByRole('row', { name: new RegExp(outro) })).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(nome) })).toBeVisible();

  await page
    .getByRole('row', { name: new RegExp(nome) })
    .getByRole('button', { name: `Excluir ${nome}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirmar exclusão' });
  await expect(confirm).toContainText(
    `Tem certeza que deseja excluir o arquiteto ${nome}? Esta ação não pode ser desfeita.`,
  );
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Arquiteto removido com sucesso!')).toBeVisible();
  await expect(page.getByText('Nenhum arquiteto encontrado.')).toBeVisible();
});

test('the RT report shows the architect’s commission on a sale, and the architect cannot be deleted', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Arquiteto RT');
  const arq = await (await admin.post('/api/arquitetos', { data: { nome, percentual_comissao: 5 } })).json();
  const { venda } = await vendaViaOrcamento(admin, { arquiteto_id: arq.id });
  // Quote: materials 1000.00, no margin, no card; the architect's 5 % of 1000.00 = 50.00 is added →
  // gross 1050.00. RT = (1050.00 − 0) × 5 / 100 = 52.50.
  expect(venda.valor_bruto).toBe(1050);

  await page.goto('/arquitetos');
  await page.getByRole('tab', { name: 'Relatório Comissão RT' }).click();
  await page.getByLabel('Arquiteto', { exact: true }).selectOption({ label: nome });
  await expect(page.getByRole('definition')).toHaveText(['1', '1', 'R$ 52,50']);
  const linha = page
    .getByRole('table', { name: 'Detalhamento das Vendas' })
    .getByRole('row', { name: new RegExp(`#${venda.numero}`) });
  await expect(linha).toContainText('R$ 1.050,00');
  await expect(linha).toContainText('5%');
  await expect(linha).toContainText('R$ 52,50');

  await page.getByLabel('Data Fim').fill('2000-01-31');
  await expect(
    page.getByText('Nenhum arquiteto com comissão encontrado no período selecionado'),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Lista' }).click();
  await page.getByLabel('Buscar arquitetos').fill(nome);
  await page
    .getByRole('row', { name: new RegExp(nome) })
    .getByRole('button', { name: `Excluir ${nome}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Erro ao remover arquiteto')).toBeVisible();
  await expect(
    page.getByText('Este arquiteto está vinculado a 1 orçamento e 1 venda e não pode ser removido.'),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(nome) })).toBeVisible();
});
