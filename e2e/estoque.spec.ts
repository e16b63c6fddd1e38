import type { APIRequestContext } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { loteUnico, novaPedra, ok, vendaDaPedra } from './estoque-helpers';
import { expect, test, unique } from './fixtures';
import { choose } from './orcamentos-helpers';
import { fotoDaCamera } from './producao-helpers';

/** A stone sold by the m² and a sale of one 2.50 × 1.20 m piece of it (its OS is created with the sale). */
async function vendaComPedra(admin: APIRequestContext) {
  const pedra = await novaPedra(admin, 'Preto São Gabriel');
  const { cliente, os } = await vendaDaPedra(admin, pedra, [{ quantidade: 1, medida1: 2.5, medida2: 1.2 }]);
  return { pedra, cliente, os };
}

test('entrada → etiqueta em PDF → reserva pela OS → corte concluído com uma sobra', async ({
  admin,
  adminPage: page,
}) => {
  test.setTimeout(180_000);
  const { pedra, os, cliente } = await vendaComPedra(admin);
  const lote = loteUnico('L');

  // 1. Entrada of 2 slabs of the lot through the screen.
  await page.goto('/estoque?tab=entrada');
  await page.getByLabel('Pedra').selectOption(pedra.id);
  await page.getByLabel('Lote').fill(lote);
  await page.getByLabel('Quantidade de chapas').fill('2');
  await page.getByLabel('Largura (mm)').fill('3200');
  await page.getByLabel('Altura (mm)').fill('1800');
  await page.getByLabel('Custo por chapa (R$)').fill('1440,00');
  await page.getByLabel('Localização').fill('Rack B3');
  await page.getByRole('button', { name: 'Registrar entrada' }).click();
  await expect(page.getByRole('link', { name: 'Etiquetas da entrada (PDF)' })).toBeVisible();

  // 2. The label of the first slab: its code, stone, lot and measures as text.
  const { items } = (await (await admin.get(`/api/chapas?lote=${lote}&sort=codigo`)).json()) as {
    items: { id: string; codigo: string }[];
  };
  expect(items.map((c) => c.codigo)).toEqual([`${lote}-01`, `${lote}-02`]);
  const pdf = await admin.get(`/api/chapas/${items[0]!.id}/etiqueta`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), {
    mergePages: true,
  });
  expect(text).toContain(`${lote}-01`);
  expect(text).toContain(pedra.nome);
  expect(text).toContain(`Lote ${lote}`);
  expect(text).toContain('3,20 × 1,80 m');

  // 3. From the work order, "Reservar chapas" lists the slabs that hold its 2.50 × 1.20 m piece.
  await page.goto(`/producao/os/${os.id}`);
  await page.getByRole('button', { name: 'Reservar chapas' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Reservar chapas' });
  await dialogo.getByLabel(new RegExp(`^${lote}-01 `)).check();
  await dialogo.getByRole('button', { name: /Reservar 1/ }).click();
  await expect(page.getByRole('list', { name: 'Chapas da OS' }).getByText(`${lote}-01`)).toBeVisible();

  // 4. Medição done through the API; concluding the corte asks for the remnants.
  const detalhe = await (await admin.get(`/api/ordens-servico/${os.id}`)).json();
  const medicao = detalhe.etapas.find((e: { etapa: string }) => e.etapa === 'medicao');
  await ok(
    await admin.post(`/api/ordens-servico/${os.id}/etapas/${medicao.id}/concluir`, {
      data: { updated_at: medicao.updated_at },
    }),
    'medição',
  );
  await page.reload();
  await page.getByRole('button', { name: `Concluir Corte — OS #${os.numero}` }).click();
  const corte = page.getByRole('dialog', { name: 'Concluir corte' });
  await corte.getByRole('button', { name: 'Adicionar sobra' }).click();
  await corte.getByLabel('Largura (mm)').fill('1200');
  await corte.getByLabel('Altura (mm)').fill('400');
  await corte.getByLabel('Localização').fill('Rack C1');
  // the remnant's photo, taken in the dialog, reaches the remnant once it exists
  await corte.getByLabel(`Foto da sobra 1 de ${lote}-01`).setInputFiles(await fotoDaCamera('sobra.png'));
  await expect(corte.getByRole('img', { name: `Foto da sobra 1 de ${lote}-01` })).toBeVisible();
  await corte.getByRole('button', { name: 'Concluir corte' }).click();
  await expect(corte).toBeHidden();
  // 1200 × 400 = 480,000 of 5,760,000 mm² → R$ 1.440,00 × 1/12 × 50 % = R$ 60,00; the job's stone R$ 1.380,00
  await expect(page.getByText('Custo real da pedra: R$ 1.380,00')).toBeVisible();
  const sobras = (await (await admin.get(`/api/chapas?lote=${lote}&tipo=sobra`)).json()).items;
  expect(sobras).toEqual([
    expect.objectContaining({
      codigo: `${lote}-01-S1`,
      custo: 60,
      localizacao: 'Rack C1',
      status: 'disponivel',
      fotos: 1,
    }),
  ]);

  // 5. A new quote's piece of that stone that the remnant can hold says so.
  const bancada = unique('Bancada');
  await ok(
    await admin.post('/api/itens-venda', {
      data: { nome: bancada, formato_medida: 'Largura x Profundidade' },
    }),
    'item de venda',
  );
  await page.goto('/orcamentos');
  await choose(page, page.getByRole('combobox', { name: 'Cliente' }), cliente.nome);
  await page.getByRole('button', { name: 'Adicionar Item' }).click();
  const item1 = page.getByRole('group', { name: 'Item 1' });
  await choose(page, item1.getByRole('combobox', { name: 'Item de Venda' }), bancada);
  await item1.getByLabel('Largura (m)').fill('1.00');
  await item1.getByLabel('Profundidade (m)').fill('0.35');
  await choose(page, item1.getByRole('combobox', { name: 'Produto' }), pedra.nome);
  await expect(item1.getByTestId('sugestao-sobra')).toHaveText(
    `Cabe na sobra ${lote}-01-S1, 1,20 × 0,40 m, Rack C1`,
  );
});

test.describe('no celular', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a tela Estoque abre a chapa pelo código digitado', async ({ admin, adminPage: page }) => {
    const { pedra } = await vendaComPedra(admin);
    const lote = loteUnico('C');
    await ok(
      await admin.post('/api/chapas', {
        data: {
          produto_id: pedra.id,
          lote,
          largura_mm: 1200,
          altura_mm: 400,
          espessura_mm: 20,
          custo: 60,
          tipo: 'sobra',
          localizacao: 'Rack C1',
        },
      }),
      'sobra',
    );
    await page.goto('/estoque');
    await page.getByLabel('Código da etiqueta').fill(`${lote.toLowerCase()}-01`);
    await page.getByRole('button', { name: 'Abrir chapa' }).click();
    const dialogo = page.getByRole('dialog', { name: `Chapa ${lote}-01` });
    await expect(dialogo).toBeVisible();
    await expect(dialogo.getByText('1,20 × 0,40 m · 20 mm')).toBeVisible();
    await expect(dialogo.getByText('Rack C1')).toBeVisible();
    await expect(page).toHaveURL(/chapa=/);
    // nothing wider than the phone
    const largura = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(largura).toBeLessThanOrEqual(390);
  });
});
