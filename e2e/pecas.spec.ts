import { generateCPF } from '@brazilian-utils/brazilian-utils';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN_SENHA, apiAs, expect, test, unique } from './fixtures';
import { choose, escapeRe, expectFiguras, figura, post, toasts } from './orcamentos-helpers';

// Issue 14 in the browser: a bancada priced with finished edges, cutouts, the stone's loss and a saia.

interface Dados {
  cliente: string;
  granito: string;
  bancada: string;
  faixa: string;
  boleado: string;
  reto: string;
  cuba: string;
  cooktop: string;
  ids: { boleado: string; reto: string; cuba: string; cooktop: string };
}

/** Master data through the API, with unique names so parallel specs never collide. */
async function seed(admin: APIRequestContext): Promise<Dados> {
  const categoria = unique('pedras').toLowerCase();
  await post(admin, '/api/categorias-produtos', { nome: categoria });
  const d = {
    cliente: unique('Cliente Peças'),
    granito: unique('Granito Preto'),
    bancada: unique('Bancada'),
    faixa: unique('Faixa lateral'),
    boleado: unique('Boleado'),
    reto: unique('Reto polido'),
    cuba: unique('Cuba de embutir'),
    cooktop: unique('Cooktop'),
  };
  await post(admin, '/api/clientes', {
    nome: d.cliente,
    tipo: 'Pessoa Física',
    cpf_cnpj: generateCPF(),
    telefone: '(11) 98765-4321',
  });
  // 10 % of the stone is lost in cutting: every m² line of this product charges it.
  await post(admin, '/api/produtos', {
    nome: d.granito,
    categoria,
    valor_m2: '450.00',
    tipo_unidade: 'm²',
    perda_percentual: 10,
  });
  await post(admin, '/api/itens-venda', { nome: d.bancada, formato_medida: 'Largura x Profundidade' });
  await post(admin, '/api/itens-venda', { nome: d.faixa, formato_medida: 'Largura x Altura' });
  const ids = {
    boleado: (await post(admin, '/api/acabamentos', { nome: d.boleado, valor_ml: '62.50' })).id,
    reto: (await post(admin, '/api/acabamentos', { nome: d.reto, valor_ml: '35.00' })).id,
    cuba: (await post(admin, '/api/recortes', { nome: d.cuba, valor: '120.00' })).id,
    cooktop: (await post(admin, '/api/recortes', { nome: d.cooktop, valor: '95.00' })).id,
  };
  return { ...d, ids };
}

/** A side of the piece's drawing (an SVG button named "Lado frente: …"). */
const lado = (item: Locator, nome: string) =>
  item.getByRole('button', { name: new RegExp(`^Lado ${nome}:`) });

/** Client, then a Bancada 2.40 × 0.60 of the granite. */
async function bancada(page: Page, d: Dados) {
  await page.goto('/orcamentos');
  await choose(page, page.getByRole('combobox', { name: 'Cliente' }), d.cliente);
  await page.getByRole('button', { name: 'Adicionar Item' }).click();
  const item1 = page.getByRole('group', { name: 'Item 1' });
  await choose(page, item1.getByRole('combobox', { name: 'Item de Venda' }), d.bancada);
  await item1.getByLabel('Largura (m)').fill('2.40');
  await item1.getByLabel('Profundidade (m)').fill('0.60');
  await choose(page, item1.getByRole('combobox', { name: 'Produto' }), d.granito);
  await item1.getByLabel('Qtd (Unidades)').fill('1');
  return { item1, peca: item1.getByRole('region', { name: 'Peça do item 1' }) };
}

test('a bancada with edges, cutouts and a saia: priced, saved, reopened and printed', async ({
  adminPage: page,
  admin,
}) => {
  const d = await seed(admin);
  const { item1, peca } = await bancada(page, d);

  // Front edge by clicking the drawing's side, left edge by keyboard on the drawing.
  await lado(peca, 'frente').click();
  await peca.getByLabel('Acabamento do lado frente').selectOption({ label: `${d.boleado} — R$ 62,50/m` });
  await expect(lado(peca, 'frente')).toHaveAccessibleName(`Lado frente: ${d.boleado}`);
  await lado(peca, 'esquerda').focus();
  await page.keyboard.press('Enter');
  await peca.getByLabel('Acabamento do lado esquerda').selectOption({ label: `${d.reto} — R$ 35,00/m` });
  await expect(lado(peca, 'esquerda')).toHaveAccessibleName(`Lado esquerda: ${d.reto}`);

  // A cuba and a cooktop.
  const escolha = peca.getByLabel('Recorte a adicionar no item 1');
  await escolha.selectOption({ label: `${d.cuba} — R$ 120,00` });
  await peca.getByRole('button', { name: 'Adicionar recorte' }).click();
  await escolha.selectOption({ label: `${d.cooktop} — R$ 95,00` });
  await peca.getByRole('button', { name: 'Adicionar recorte' }).click();
  await expect(peca.getByLabel(`Quantidade de ${d.cuba} no item 1`)).toHaveValue('1');
  await expect(peca.getByLabel(`Quantidade de ${d.cooktop} no item 1`)).toHaveValue('1');

  // A saia 0.10 m high along the front: one action adds the linked strip line.
  await peca.getByLabel('Ao longo do lado').selectOption('frente');
  await peca.getByLabel('Altura da faixa (m)').fill('0.10');
  await peca.getByRole('button', { name: 'Adicionar saia' }).click();
  const item2 = page.getByRole('group', { name: 'Item 2' });
  await expect(item2.getByTestId('faixa-2')).toHaveText('Saia ao longo do lado frente do item 1');
  await expect(item2.getByLabel('Comprimento (m)')).toHaveValue('2.4');
  await expect(item2.getByLabel('Altura (m)')).toHaveValue('0.1');
  // Issue 26 §2: the strip arrives with an Item de Venda (the catalogue has no "Saia": its piece's),
  // and naming another item keeps its height and quantity (they were reset to 0, saving 0 m² pieces).
  await expect(item2.getByRole('combobox', { name: 'Item de Venda' })).toContainText(d.bancada);
  await choose(page, item2.getByRole('combobox', { name: 'Item de Venda' }), d.faixa);
  await expect(item2.getByRole('combobox', { name: 'Item de Venda' })).toContainText(d.faixa);
  await expect(item2.getByLabel('Altura (m)')).toHaveValue('0.1');
  await expect(item2.getByLabel('Comprimento (m)')).toHaveValue('2.4');
  await expect(item2.getByLabel('Qtd (Unidades)')).toHaveValue('1');

  // Worked out by hand:
  // bancada 2.40 × 0.60 = 1.44 m² × 450.00 × 1.10 (10 % loss) = 712.80
  //   edges front 2.40 m × 62.50 = 150.00 + left 0.60 m × 35.00 = 21.00 → 171.00; cutouts 120.00 + 95.00 = 215.00
  //   line total 712.80 + 171.00 + 215.00 = 1098.80
  // saia 2.40 × 0.10 = 0.24 m² × 450.00 × 1.10 = 118.80
  // pedra 712.80 + 118.80 = 831.60; bordas 171.00; recortes 215.00; materiais 1217.60
  // no freight, installation or hours; margin 30 %: 365.28; total 1217.60 + 365.28 = 1582.88
  await expect(item1.getByRole('status', { name: 'Total do item 1' })).toHaveText('R$ 1.098,80');
  await expect(item2.getByRole('status', { name: 'Total do item 2' })).toHaveText('R$ 118,80');
  await expectFiguras(page, {
    Pedra: 'R$ 831,60',
    Bordas: 'R$ 171,00',
    Recortes: 'R$ 215,00',
    Materiais: 'R$ 1.217,60',
    'Margem de Lucro': 'R$ 365,28',
    Total: 'R$ 1.582,88',
  });
  await page.screenshot({ path: 'test-results/pecas-editor.png', fullPage: true });

  // Save, find it, see the pieces in the details.
  await page.getByRole('button', { name: 'Gerar Orçamento' }).click();
  await expect(page.getByText('Orçamento salvo com sucesso!')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar orçamentos' }).fill(d.cliente);
  const row = page.getByRole('table', { name: 'Histórico de orçamentos' }).getByRole('row').filter({
    hasText: d.cliente,
  });
  await expect(row).toContainText('R$ 1.582,88');
  // The row sums up its pieces (issue 14 §5). By hand: the bancada's front 2.40 m + left 0.60 m =
  // 3 m of finished edge (the saia has none); a cuba and a cooktop = 2 cutouts; two lines.
  await expect(row.getByRole('cell').nth(1)).toContainText('2 itens · 3 m de acabamento · 2 recortes');
  const numero = (await row.getByRole('cell').first().textContent())!.replace('#', '').trim();

  await row.getByRole('button', { name: `Ver detalhes do orçamento #${numero}` }).click();
  const dialog = page.getByRole('dialog', { name: `Detalhes do Orçamento #${numero}` });
  const pecas = dialog.getByRole('list', { name: 'Peças do orçamento' });
  await expect(pecas.getByRole('img', { name: new RegExp(`Item 1: ${escapeRe(d.bancada)}`) })).toBeVisible();
  await expect(pecas.getByText(`Borda frente (2,4 m): ${d.boleado} — R$ 62,50/m`)).toBeVisible();
  await expect(pecas.getByText(`Borda esquerda (0,6 m): ${d.reto} — R$ 35,00/m`)).toBeVisible();
  await expect(pecas.getByText(`Recorte: ${d.cuba} × 1 — R$ 120,00 cada`)).toBeVisible();
  await expect(pecas.getByText(`Recorte: ${d.cooktop} × 1 — R$ 95,00 cada`)).toBeVisible();
  await expect(pecas.getByText('Saia ao longo do lado frente do item 1')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).first().click();

  // Reopen in the editor: the same pieces, the same figures.
  await row.getByRole('button', { name: `Editar orçamento #${numero}` }).click();
  await expect(page.getByRole('tab', { name: 'Editar Orçamento' })).toHaveAttribute('aria-selected', 'true');
  const reaberto = page.getByRole('region', { name: 'Peça do item 1' });
  await expect(lado(reaberto, 'frente')).toHaveAccessibleName(`Lado frente: ${d.boleado}`);
  await expect(lado(reaberto, 'esquerda')).toHaveAccessibleName(`Lado esquerda: ${d.reto}`);
  await expect(reaberto.getByLabel(`Quantidade de ${d.cuba} no item 1`)).toHaveValue('1');
  await expect(page.getByTestId('faixa-2')).toHaveText('Saia ao longo do lado frente do item 1');
  await expectFiguras(page, { Pedra: 'R$ 831,60', Total: 'R$ 1.582,88' });

  // Print from the history: the drawing and a line per finish and cutout.
  await page.evaluate(() => {
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      const w = open(...args);
      if (w) w.print = () => {};
      return w;
    };
  });
  await page.getByRole('tab', { name: 'Histórico' }).click();
  await page.getByRole('searchbox', { name: 'Buscar orçamentos' }).fill(numero);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Imprimir orçamento #${numero}` }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Peças' })).toBeVisible();
  await expect(popup.locator('.peca svg')).toHaveCount(2);
  await expect(popup.getByText(`Borda frente (2,4 m): ${d.boleado} — R$ 62,50/m`)).toBeVisible();
  await expect(popup.getByText(`Recorte: ${d.cooktop} × 1 — R$ 95,00 cada`)).toBeVisible();
  await expect(popup.getByText('Total: R$ 1.582,88')).toBeVisible();
  await popup.close();
});

test('a finish removed while the editor is open: a clear message on save, nothing saved', async ({
  adminPage: page,
  admin,
}) => {
  const d = await seed(admin);
  const { peca } = await bancada(page, d);
  await lado(peca, 'fundo').click();
  await peca.getByLabel('Acabamento do lado fundo').selectOption({ label: `${d.reto} — R$ 35,00/m` });
  await expect(figura(page, 'Bordas')).toHaveText('R$ 84,00'); // 2.40 m × 35.00

  // Someone else removes the finish (no saved quote uses it yet). Their own session and connection:
  // the seeding context's idle keep-alive socket may be closing by now.
  const outro = await apiAs('admin', ADMIN_SENHA);
  expect((await outro.delete(`/api/acabamentos/${d.ids.reto}`)).status()).toBe(204);
  await outro.dispose();
  const salvar = page.waitForResponse(
    (r) => r.url().endsWith('/api/orcamentos') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Gerar Orçamento' }).click();
  expect((await salvar).status()).toBe(400);
  await expect(
    toasts(page).getByText('Acabamento não encontrado: ele foi removido. Escolha outro.'),
  ).toBeVisible();
  await expect(peca.getByRole('alert')).toContainText('Acabamento não encontrado');
  // Choosing "Sem acabamento" clears it, and the quote saves.
  await peca.getByLabel('Acabamento do lado fundo').selectOption('');
  await expect(figura(page, 'Bordas')).toHaveText('R$ 0,00');
  await page.getByRole('button', { name: 'Gerar Orçamento' }).click();
  await expect(page.getByText('Orçamento salvo com sucesso!')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the sides of the drawing are tapped to choose a finish; nothing scrolls sideways', async ({
    adminPage: page,
    admin,
  }) => {
    const d = await seed(admin);
    const { peca } = await bancada(page, d);
    await lado(peca, 'direita').tap();
    await expect(peca.getByLabel('Acabamento do lado direita')).toBeVisible();
    await peca.getByLabel('Acabamento do lado direita').selectOption({ label: `${d.boleado} — R$ 62,50/m` });
    await expect(lado(peca, 'direita')).toHaveAccessibleName(`Lado direita: ${d.boleado}`);
    // 0.60 m × 62.50 = 37.50
    await expect(figura(page, 'Bordas')).toHaveText('R$ 37,50');
    const largura = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(largura).toBeLessThanOrEqual(390);

    // Saved, its history card tells its pieces on the phone too.
    await page.getByRole('button', { name: 'Gerar Orçamento' }).click();
    await expect(page.getByText('Orçamento salvo com sucesso!')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar orçamentos' }).fill(d.cliente);
    const card = page
      .getByRole('list', { name: 'Histórico de orçamentos' })
      .getByRole('article')
      .filter({ hasText: d.cliente });
    // By hand: the right side measures medida2 = 0.60 m, × 1 piece; no cutouts.
    await expect(card.getByText('1 item · 0,6 m de acabamento', { exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/pecas-historico-390.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('Produtos → Acabamentos and Recortes: create, edit, search, and a used entry cannot be deleted', async ({
  adminPage: page,
  admin,
}) => {
  const d = await seed(admin);
  // A saved quote uses the boleado finish.
  const [cliente] = (await (
    await admin.get(`/api/clientes/opcoes?q=${encodeURIComponent(d.cliente)}`)
  ).json()) as {
    id: string;
  }[];
  const [produto] = (await (
    await admin.get(`/api/produtos/opcoes?q=${encodeURIComponent(d.granito)}`)
  ).json()) as {
    id: string;
  }[];
  await post(admin, '/api/orcamentos', {
    cliente_id: cliente!.id,
    itens: [
      {
        produto_id: produto!.id,
        quantidade: 1,
        medida1: 1,
        medida2: 0.5,
        bordas: [{ lado: 'frente', acabamento_id: d.ids.boleado }],
      },
    ],
  });

  await page.goto('/produtos');
  await page.getByRole('tab', { name: 'Acabamentos' }).click();
  const nome = unique('Meia-esquadria');
  await page.getByLabel('Nome').fill(nome);
  await page.getByLabel('Valor por metro linear (R$)').fill('89,90');
  await page.getByRole('button', { name: 'Adicionar Acabamento' }).click();
  await expect(toasts(page).getByText('Acabamento salvo com sucesso!')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar acabamentos' }).fill(nome);
  const tabela = page.getByRole('table', { name: 'Acabamentos' });
  await expect(tabela.getByRole('row')).toHaveCount(2);
  await expect(tabela.getByRole('row').nth(1)).toContainText('R$ 89,90/m');
  await expect(tabela.getByRole('row').nth(1)).toContainText('Ativo');

  // Edit: inactive, another price.
  await tabela.getByRole('button', { name: `Editar ${nome}` }).click();
  await expect(page.getByLabel('Valor por metro linear (R$)')).toHaveValue('89,9');
  await page.getByLabel('Valor por metro linear (R$)').fill('95');
  await page.getByLabel('Status').selectOption('inativo');
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(toasts(page).getByText('Acabamento atualizado com sucesso!')).toBeVisible();
  await expect(tabela.getByRole('row').nth(1)).toContainText('R$ 95,00/m');
  await expect(tabela.getByRole('row').nth(1)).toContainText('Inativo');

  // The finish a saved quote uses: 409, and it stays.
  await page.getByRole('searchbox', { name: 'Buscar acabamentos' }).fill(d.boleado);
  await tabela.getByRole('button', { name: `Excluir ${d.boleado}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(
    toasts(page).getByText(/Este acabamento é usado em 1 orçamento e não pode ser removido/),
  ).toBeVisible();
  await expect(tabela.getByRole('row')).toHaveCount(2);

  // Recortes: a new one, then deleted (nothing uses it).
  await page.getByRole('tab', { name: 'Recortes' }).click();
  const furo = unique('Furo de torneira');
  await page.getByLabel('Nome').fill(furo);
  await page.getByLabel('Valor por recorte (R$)').fill('15');
  await page.getByRole('button', { name: 'Adicionar Recorte' }).click();
  await expect(toasts(page).getByText('Recorte salvo com sucesso!')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar recortes' }).fill(furo);
  const recortes = page.getByRole('table', { name: 'Recortes' });
  await expect(recortes.getByRole('row').nth(1)).toContainText('R$ 15,00/un');
  await recortes.getByRole('button', { name: `Excluir ${furo}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(toasts(page).getByText('Recorte removido com sucesso!')).toBeVisible();
  await expect(page.getByText('Nenhum recorte encontrado.')).toBeVisible();
});
