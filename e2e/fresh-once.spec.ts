import type { Page } from '@playwright/test';
import { expect, test, unique } from './fixtures';
import { vendaViaOrcamento } from './vendas-helpers';

// Issue 12 §1 and §2: what a dialog shows is the record as the server has it now, and one click
// (or a double-click) is one action.

/** Counts the requests of one method to paths matching `path` made by the page. */
function countRequests(page: Page, method: string, path: RegExp) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === method && path.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

const errorToasts = (page: Page) => page.locator('[data-sonner-toast][data-type="error"]');

test('Vendas → Editar twice: the second opening shows the saved values and saves without 409', async ({
  adminPage: page,
  admin,
}) => {
  const cliente = unique('Cliente Reedição');
  const { venda } = await vendaViaOrcamento(admin, { cliente });
  const cartao = await (
    await admin.post('/api/cartoes', {
      data: { bandeira: 'Cartão', tipo: 'Crédito', taxa_1x: 3, taxa_3x: 5.5 },
    })
  ).json();

  await page.goto('/vendas');
  await page.getByLabel('Buscar vendas').fill(cliente);
  const row = page.getByRole('row', { name: new RegExp(cliente) });
  await expect(row).toHaveCount(1);
  const edit = page.getByRole('dialog', { name: `Editar Venda #${venda.numero}` });

  // first edit: date, type, installments and card
  await row.getByRole('button', { name: `Editar venda #${venda.numero}` }).click();
  await edit.getByLabel('Data da Venda').fill('2026-01-15');
  await edit.getByLabel('Tipo de Venda').selectOption('parcelado');
  await edit.getByLabel('Número de Parcelas').selectOption('3');
  await edit.getByLabel('Tipo de Pagamento').selectOption(cartao.id);
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Venda atualizada com sucesso!')).toBeVisible();
  await expect(edit).toBeHidden();

  // second opening, without reloading the page: the values just saved, not the ones before
  await row.getByRole('button', { name: `Editar venda #${venda.numero}` }).click();
  await expect(edit.getByLabel('Data da Venda')).toHaveValue('2026-01-15');
  await expect(edit.getByLabel('Tipo de Venda')).toHaveValue('parcelado');
  await expect(edit.getByLabel('Número de Parcelas')).toHaveValue('3');
  await expect(edit.getByLabel('Tipo de Pagamento')).toHaveValue(cartao.id);
  await edit.getByLabel('Número de Parcelas').selectOption('2');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Venda atualizada com sucesso!').last()).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(errorToasts(page)).toHaveCount(0);
  const saved = await (await admin.get(`/api/vendas/${venda.id}`)).json();
  expect(saved).toMatchObject({
    data_venda: '2026-01-15',
    tipo_venda: 'parcelado',
    numero_parcelas: 2,
    cartao_id: cartao.id,
  });

  // a change by someone else between two openings: the next opening shows it, not the copy the
  // page read before (the old dialog showed that cached copy and its save then failed with 409)
  const between = await admin.patch(`/api/vendas/${venda.id}`, {
    data: { numero_parcelas: 4, updated_at: saved.updated_at },
  });
  expect(between.status()).toBe(200);
  await row.getByRole('button', { name: `Editar venda #${venda.numero}` }).click();
  await expect(edit.getByLabel('Número de Parcelas')).toHaveValue('4');

  // a change by someone else while the dialog is open: 409, then "Recarregar" shows their version
  const other = await admin.patch(`/api/vendas/${venda.id}`, {
    data: { numero_parcelas: 3, updated_at: (await between.json()).updated_at },
  });
  expect(other.status()).toBe(200);
  await edit.getByLabel('Data da Venda').fill('2026-01-20');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(edit.getByRole('alert').filter({ hasText: 'alterado por outra pessoa' })).toBeVisible();
  await edit.getByRole('button', { name: 'Recarregar' }).click();
  await expect(edit.getByLabel('Número de Parcelas')).toHaveValue('3');
  await expect(edit.getByLabel('Data da Venda')).toHaveValue('2026-01-15');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(edit).toBeHidden();
});

test('a double-click on a sale\'s "Excluir" confirmation deletes once, with no error toast', async ({
  adminPage: page,
  admin,
}) => {
  const cliente = unique('Cliente Duplo Clique');
  const { venda } = await vendaViaOrcamento(admin, { cliente });
  const deletes = countRequests(page, 'DELETE', new RegExp(`/api/vendas/${venda.id}$`));

  await page.goto('/vendas');
  await page.getByLabel('Buscar vendas').fill(cliente);
  const row = page.getByRole('row', { name: new RegExp(cliente) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Excluir venda #${venda.numero}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirmar exclusão' });
  await confirm.getByRole('button', { name: 'Excluir' }).dblclick();
  await expect(page.getByText('Venda removida com sucesso!')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Nenhuma venda encontrada.')).toBeVisible();
  expect(deletes).toHaveLength(1);
  await expect(errorToasts(page)).toHaveCount(0);
  expect((await admin.get(`/api/vendas/${venda.id}`)).status()).toBe(404);
});

test('a double-click on "Salvar Cliente" creates one client', async ({ adminPage: page, admin }) => {
  const nome = unique('Cliente Um Clique');
  const posts = countRequests(page, 'POST', /^\/api\/clientes$/);
  await page.goto('/clientes');
  await page.getByRole('tab', { name: 'Novo Cliente' }).click();
  await page.getByLabel('Nome').fill(nome);
  await page.getByLabel('CPF').pressSequentially('52998224725');
  await page.getByLabel('Telefone').pressSequentially('11987654321');
  await page.getByRole('button', { name: 'Salvar Cliente' }).dblclick();
  await expect(page.getByText('Cliente salvo com sucesso!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: nome })).toHaveCount(1);
  await expect(errorToasts(page)).toHaveCount(0);
  expect(posts).toHaveLength(1);
  const found = await (await admin.get(`/api/clientes?q=${encodeURIComponent(nome)}`)).json();
  expect(found.total).toBe(1);
});

test('two submits faster than the screen can disable "Salvar" still create one client (same key)', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Cliente Mesma Chave');
  const keys: (string | null)[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/clientes') {
      keys.push(r.headers()['idempotency-key'] ?? null);
    }
  });
  await page.goto('/clientes');
  await page.getByRole('tab', { name: 'Novo Cliente' }).click();
  await page.getByLabel('Nome').fill(nome);
  await page.getByLabel('CPF').pressSequentially('52998224725');
  await page.getByLabel('Telefone').pressSequentially('11987654321');
  // Two clicks in one task: no re-render between them, so the button is not disabled yet for the
  // second. The form's one Idempotency-Key makes the server create the client once.
  await page.getByRole('button', { name: 'Salvar Cliente' }).evaluate((b: HTMLButtonElement) => {
    b.click();
    b.click();
  });
  await expect(page.getByText('Cliente salvo com sucesso!').first()).toBeVisible();
  // other specs add clients meanwhile: find this one as a user would, by its name
  await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill(nome);
  await expect(page.getByRole('row').filter({ hasText: nome })).toHaveCount(1);
  expect(keys.length).toBeGreaterThanOrEqual(1);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toBeTruthy();
  const found = await (await admin.get(`/api/clientes?q=${encodeURIComponent(nome)}`)).json();
  expect(found.total).toBe(1);
});

test('Clientes → Editar: a change saved by someone else meanwhile answers 409 and "Recarregar" shows it', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Cliente Conflito');
  const criado = await admin.post('/api/clientes', {
    data: { nome, tipo: 'Pessoa Física', cpf_cnpj: '529.982.247-25', telefone: '(11) 98765-4321' },
  });
  expect(criado.status()).toBe(201);
  const cliente = await criado.json();

  await page.goto('/clientes');
  await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill(nome);
  const row = page.getByRole('row').filter({ hasText: nome });
  await row.getByRole('button', { name: `Editar ${nome}` }).click();
  const form = page.getByRole('form', { name: 'Editar Cliente' });
  await expect(form.getByLabel('Nome')).toHaveValue(nome);

  // someone else renames the client while this form is open
  const outroNome = `${nome} (outro)`;
  const outro = await admin.patch(`/api/clientes/${cliente.id}`, {
    data: { nome: outroNome, updated_at: cliente.updated_at },
  });
  expect(outro.status()).toBe(200);

  await form.getByLabel('Telefone').fill('');
  await form.getByLabel('Telefone').pressSequentially('11912345678');
  await page.getByRole('button', { name: 'Atualizar Cliente' }).click();
  const aviso = page
    .getByRole('tabpanel')
    .getByRole('alert')
    .filter({ hasText: 'alterado por outra pessoa' });
  await expect(aviso).toBeVisible();
  await aviso.getByRole('button', { name: 'Recarregar' }).click();
  await expect(aviso).toBeHidden();
  await expect(page.getByRole('form', { name: 'Editar Cliente' }).getByLabel('Nome')).toHaveValue(outroNome);
  await page.getByRole('button', { name: 'Atualizar Cliente' }).click();
  await expect(page.getByText('Cliente atualizado com sucesso!')).toBeVisible();
});
