import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test, unique } from './fixtures';
import { vendaViaOrcamento } from './vendas-helpers';

test('Auditoria lists who changed an expense, filtered by resource and by record', async ({
  adminPage: page,
  admin,
}) => {
  const descricao = unique('Conserto auditado');
  const res = await admin.post('/api/despesas', {
    data: { descricao, valor: 150, data_vencimento: '2026-05-10', tipo: 'avulso' },
  });
  expect(res.status()).toBe(201);
  const id = (await res.json()).items[0].id as string;

  await page.goto('/auditoria');
  await expect(page.getByRole('heading', { name: 'Auditoria' })).toBeVisible();
  await page.getByLabel('Recurso').selectOption({ label: 'Despesas' });
  const table = page.getByRole('table', { name: 'Auditoria' });
  const row = table.getByRole('row').filter({ hasText: descricao });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Administrador');
  await expect(row).toContainText('Criado');

  // The record's own history: one click on it, named as the expense it is (not its id).
  await row.getByRole('button', { name: `Despesa: ${descricao}` }).click();
  await expect(page.getByLabel('Registro (id)')).toHaveValue(id);
  await expect(table.getByRole('row')).toHaveCount(2); // header + the one record
});

test('Backups: take one now, see it listed with its size, download link', async ({ adminPage: page }) => {
  // The backup runs in a process of its own at a lower CPU priority (it yields to the requests): on a
  // busy machine it takes a minute or more, and the screen waits for it as long as it takes.
  test.slow();
  await page.goto('/backups');
  await expect(page.getByRole('heading', { name: 'Backups' })).toBeVisible();
  const taken = page.waitForResponse(
    (r) => r.url().endsWith('/api/backups') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Fazer backup agora' }).click();
  const body = await (await taken).json();
  await expect(page.getByText('Backup concluído')).toBeVisible();
  const row = page.getByRole('table', { name: 'Backups' }).getByRole('row').filter({ hasText: body.nome });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: `Baixar ${body.nome}` })).toHaveAttribute(
    'href',
    `/api/backups/${body.nome}`,
  );
});

test('LGPD: an admin anonymises a client after a confirmation that says what happens', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Cliente LGPD');
  const res = await admin.post('/api/clientes', {
    data: { nome, tipo: 'Pessoa Física', cpf_cnpj: '529.982.247-25', telefone: '(27) 99999-0000' },
  });
  expect(res.status()).toBe(201);
  const id = (await res.json()).id as string;

  await page.goto('/clientes');
  await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill(nome);
  await page.getByRole('button', { name: `Editar ${nome}` }).click();
  await page.getByRole('button', { name: 'Anonimizar' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Orçamentos e vendas continuam com seus valores');
  await dialog.getByRole('button', { name: 'Anonimizar' }).click();
  await expect(page.getByText('Cliente anonimizado', { exact: true })).toBeVisible();
  const after = await (await admin.get(`/api/clientes/${id}`)).json();
  expect(after.nome).toMatch(/^Cliente anonimizado /);
  expect(after.cpf_cnpj ?? null).toBeNull();
});

test("a sale's details show its own history: the value edited, old → new, by whom", async ({
  adminPage: page,
  admin,
}) => {
  const cliente = unique('Cliente Histórico');
  // materials 10 × R$ 100,00 = R$ 1.000,00, no margin, no commission, cash: gross = net = 1000.00
  const { venda } = await vendaViaOrcamento(admin, { cliente });
  expect(venda.valor_bruto).toBe(1000);

  await page.goto('/vendas');
  await page.getByLabel('Buscar vendas').fill(cliente);
  const row = page.getByRole('row', { name: new RegExp(cliente) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Editar venda #${venda.numero}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar Venda #${venda.numero}` });
  await edit.getByLabel('Valor Bruto').fill('1250');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Venda atualizada com sucesso!')).toBeVisible();
  await expect(row).toContainText('R$ 1.250,00');

  await row.getByRole('button', { name: `Ver venda #${venda.numero}` }).click();
  const det = page.getByRole('dialog', { name: `Detalhes da Venda #${venda.numero}` });
  await det.getByText('Histórico de alterações').click();
  const historico = det.getByRole('list', { name: 'Histórico de alterações' });
  const alterado = historico.getByRole('listitem').filter({ hasText: 'Alterado' });
  await expect(alterado).toHaveCount(1);
  await expect(alterado).toContainText('por Administrador');
  // cash, no fee: the net follows the gross, R$ 1.000,00 → R$ 1.250,00
  await expect(alterado).toContainText('Valor bruto: R$ 1.000,00 → R$ 1.250,00');
  await expect(alterado).toContainText('Valor líquido: R$ 1.000,00 → R$ 1.250,00');
  const criado = historico.getByRole('listitem').filter({ hasText: 'Criado' });
  await expect(criado).toContainText(`Cliente: ${cliente}`);
});

test('LGPD: "Exportar dados" says what it holds and downloads the PDF (or JSON) of the person', async ({
  adminPage: page,
  admin,
}) => {
  const nome = unique('Cliente Exporta');
  const res = await admin.post('/api/clientes', {
    data: {
      nome,
      tipo: 'Pessoa Física',
      cpf_cnpj: '529.982.247-25',
      telefone: '(27) 99999-0000',
      endereco: 'Rua do Mármore, 42',
    },
  });
  expect(res.status()).toBe(201);

  await page.goto('/clientes');
  await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill(nome);
  await page.getByRole('button', { name: `Editar ${nome}` }).click();
  await page.getByRole('button', { name: 'Exportar dados' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exportar dados' });
  await expect(dialog).toContainText(`Tudo o que o Lavra guarda sobre ${nome}`);
  await expect(dialog.getByRole('link', { name: 'Baixar JSON' })).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Baixar PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lavra-cliente-.*\.pdf$/);
  const bytes = new Uint8Array(await readFile((await file.path())!));
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  expect(text).toContain(nome);
  expect(text).toContain('Rua do Mármore, 42');
  await expect(dialog).toBeHidden();
});

test('Backups: a failed backup (disk full) is shown on the screen as the API reports it', async ({
  adminPage: page,
}) => {
  // The API's side of a full disk is proven for real (a full tmpfs) in src/server/backup-disco-cheio.test.ts;
  // here the screen shows what that answer says, without filling this shared server's disk.
  await page.route('**/api/backups', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({
      response: res,
      json: {
        ...body,
        erro: { quando: '2026-11-23T06:00:00.000Z', mensagem: 'Disco cheio: o backup não foi gravado.' },
      },
    });
  });
  await page.goto('/backups');
  await expect(page.getByRole('alert')).toContainText(
    /Último backup falhou em 23\/11\/2026.*: Disco cheio: o backup não foi gravado\./,
  );
});
