import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { entradaDeChapas, loteUnico, novaPedra, ok, vendaDaPedra } from './estoque-helpers';
import { expect, test } from './fixtures';

type Plano = {
  pedras: {
    pecas: { ref: string }[];
    plano: {
      chapas: {
        ref: string;
        chapa_id: string;
        pecas: { ref: string }[];
        sobras: { largura_mm: number; altura_mm: number }[];
      }[];
    };
  }[];
};

/**
 * A stone with two 3000 × 1900 mm slabs in stock and a sale of a 2,50 × 1,20 m top and two 1,20 × 0,60 m
 * peitoris of it (its OS is created with the sale).
 */
async function osComPecas(admin: APIRequestContext) {
  const pedra = await novaPedra(admin, 'Branco Dallas');
  const lote = loteUnico('PC');
  await entradaDeChapas(admin, {
    pedra,
    lote,
    quantidade: 2,
    largura_mm: 3000,
    altura_mm: 1900,
    custo_chapa: '1500,00',
  });
  const { os } = await vendaDaPedra(admin, pedra, [
    { quantidade: 1, medida1: 2.5, medida2: 1.2 },
    { quantidade: 2, medida1: 1.2, medida2: 0.6 },
  ]);
  return { pedra, lote, os };
}

test('plano de corte da OS: calculado, desenhado, salvo (reserva), PDF, corte concluído com as sobras do plano', async ({
  admin,
  adminPage: page,
}) => {
  test.setTimeout(180_000);
  const { pedra, lote, os } = await osComPecas(admin);
  const topo = `Peça 1 · ${pedra.nome}`;

  // 1. Calculated on the stone's available slabs: a proposal, drawn, nothing reserved yet.
  await page.goto(`/producao/os/${os.id}`);
  const card = page.getByTestId('plano-corte');
  // a loaded machine: the page's first reads and each plan (up to its 1,5 s budget) may take a while
  await expect(card.getByText('Nenhum plano de corte salvo.')).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Calcular plano' }).click();
  await expect(card.getByText('Proposta (não salva)')).toBeVisible({ timeout: 30_000 });
  const secao = card.getByRole('region', { name: `Plano de ${pedra.nome}` });
  await expect(
    secao.getByRole('img', { name: new RegExp(`^Chapa ${lote}-0[12]: 3 peças, aproveitamento`) }),
  ).toBeVisible();

  // 2. The top's rotation locked and planned again, then saved: its slab is reserved for the OS.
  await secao.getByRole('checkbox', { name: `Não girar ${topo}` }).check();
  const alterado = card.getByText('Escolhas alteradas: calcule de novo para ver o plano com elas.');
  await expect(alterado).toBeVisible();
  const calculado = page.waitForResponse(
    (r) => r.url().endsWith(`/api/ordens-servico/${os.id}/plano-corte/calcular`) && r.ok(),
  );
  await card.getByRole('button', { name: 'Calcular plano' }).click();
  const mostrado = (await (await calculado).json()) as Plano;
  await expect(alterado).toBeHidden({ timeout: 30_000 });
  await expect(card.getByText('Proposta (não salva)')).toBeVisible();
  await card.getByRole('button', { name: 'Salvar plano' }).click();
  await expect(card.getByText('Plano salvo')).toBeVisible({ timeout: 30_000 });
  const plano = await ok<Plano & { parametros: { sem_girar: string[] } }>(
    await admin.get(`/api/ordens-servico/${os.id}/plano-corte`),
    'plano salvo',
  );
  expect(plano.parametros.sem_girar).toEqual([topo]);
  // what was saved is the proposal the page showed, not another run of the planner
  expect(plano.pedras).toEqual(mostrado.pedras);
  const [chapa] = plano.pedras[0]!.plano.chapas;
  expect(plano.pedras[0]!.plano.chapas).toHaveLength(1);
  const lida = await ok<{ status: string; ordem_servico_id: string }>(
    await admin.get(`/api/chapas/${chapa!.chapa_id}`),
    'chapa',
  );
  expect(lida).toMatchObject({ status: 'reservada', ordem_servico_id: os.id });
  await expect(page.getByRole('list', { name: 'Chapas da OS' }).getByText(chapa!.ref)).toBeVisible();

  // 3. The saw's PDF: the slab and each piece by name.
  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Baixar PDF do plano' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`plano-corte-os-${os.numero}.pdf`);
  const { text } = await extractText(
    await getDocumentProxy(new Uint8Array(await readFile((await file.path())!))),
    {
      mergePages: true,
    },
  );
  const texto = text.replace(/\s+/g, ' ');
  expect(texto).toContain(`Chapa ${chapa!.ref} — ${pedra.nome}`);
  for (const p of chapa!.pecas) expect(texto).toContain(p.ref);
  expect(texto).toContain('Cortes, na ordem');

  // 4. Concluding the corte offers the plan's leftovers as the remnants; registered as they are.
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
  const esperadas = chapa!.sobras;
  expect(esperadas.length).toBeGreaterThan(0);
  for (const [i, s] of esperadas.entries()) {
    const linha = corte.getByRole('group', { name: `Sobra ${i + 1} de ${chapa!.ref}` });
    await expect(linha.getByLabel('Largura (mm)')).toHaveValue(String(s.largura_mm));
    await expect(linha.getByLabel('Altura (mm)')).toHaveValue(String(s.altura_mm));
  }
  await corte.getByRole('button', { name: 'Concluir corte' }).click();
  await expect(corte).toBeHidden();
  const criadas = (await (await admin.get(`/api/chapas?lote=${lote}&tipo=sobra`)).json()).items as {
    codigo: string;
    largura_mm: number;
    altura_mm: number;
  }[];
  expect(criadas.map((c) => [c.largura_mm, c.altura_mm]).sort()).toEqual(
    esperadas.map((s) => [s.largura_mm, s.altura_mm]).sort(),
  );
});
