import { expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { fakeApi, renderTela } from '../../testing/render';
import { ConsumoDialog } from './os-chapas';

// Completing the cut with a photo of a remnant: the photo is taken in the dialog, and sent (shrunk, as
// JPEG) to the remnant the consumption created — after it exists, with the existing photo upload.
// What the server does with the consumption and the photo is routes/chapas*.test.ts's.

/** A 2000 × 1000 px PNG, as a camera's file would arrive in the file input. */
async function foto(): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 2000;
  canvas.height = 1000;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#3b3b3b';
  ctx.fillRect(0, 0, 2000, 1000);
  const blob = await new Promise<Blob>((ok) => canvas.toBlob((b) => ok(b!), 'image/png'));
  return new File([blob], 'IMG_0002.png', { type: 'image/png' });
}

const chapa = {
  id: 'c1',
  codigo: 'L339-07',
  tipo: 'chapa',
  status: 'reservada',
  largura_mm: 3000,
  altura_mm: 1900,
  formato: 'retangulo',
  recorte_largura_mm: null,
  recorte_altura_mm: null,
  ordem_servico_id: 'os1',
};

test('a remnant’s photo taken in the dialog is sent to the remnant once the consumption created it', async () => {
  const ordem: string[] = [];
  const pedidos = fakeApi({
    'GET /ordens-servico/os1/chapas': {
      ordem_servico_id: 'os1',
      numero: 12,
      items: [chapa],
      custo_consumido: '0.00',
      custo_sobras: '0.00',
      custo_pedra: '0.00',
      candidatas: [],
    },
    'GET /ordens-servico/os1/plano-corte': { status: 404, body: { title: 'Não encontrado' } },
    'POST /ordens-servico/os1/consumo': () => {
      ordem.push('consumo');
      return {
        status: 201,
        body: {
          consumidas: [],
          sobras: [
            { ...chapa, id: 's1', codigo: 'L339-07-S1', tipo: 'sobra', status: 'disponivel' },
            { ...chapa, id: 's2', codigo: 'L339-07-S2', tipo: 'sobra', status: 'disponivel' },
          ],
          custo: '1500.00',
          custo_sobras: '100.00',
          custo_pedra: '1400.00',
        },
      };
    },
    'POST /chapas/s2/fotos': () => {
      ordem.push('foto s2');
      return {
        status: 201,
        body: { id: 'f1', chapa_id: 's2', tamanho: 1000, created_at: '2026-11-28T01:00:00Z' },
      };
    },
  });
  const concluir = vi.fn(async () => {
    ordem.push('concluir');
  });
  const onClose = vi.fn();
  renderTela(<ConsumoDialog osId="os1" onClose={onClose} concluir={concluir} />);
  const dialogo = page.getByRole('dialog', { name: 'Concluir corte' });
  await expect.element(dialogo.getByText('L339-07 · 3,00 × 1,90 m')).toBeVisible();

  // two remnants; only the second one photographed
  for (const [i, [l, a]] of [
    ['1200', '400'],
    ['900', '600'],
  ].entries()) {
    await dialogo.getByRole('button', { name: 'Adicionar sobra' }).click();
    const linha = dialogo.getByRole('group', { name: `Sobra ${i + 1} de L339-07` });
    await linha.getByLabelText('Largura (mm)').fill(l!);
    await linha.getByLabelText('Altura (mm)').fill(a!);
  }
  const segunda = dialogo.getByRole('group', { name: 'Sobra 2 de L339-07' });
  await userEvent.upload(segunda.getByLabelText('Foto da sobra 2 de L339-07'), await foto());
  await expect.element(segunda.getByRole('img', { name: 'Foto da sobra 2 de L339-07' })).toBeVisible();
  await expect.element(segunda.getByRole('button', { name: 'Trocar foto' })).toBeVisible();

  await dialogo.getByRole('button', { name: 'Concluir corte' }).click();
  await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(ordem).toEqual(['consumo', 'foto s2', 'concluir']);
  const consumo = pedidos.find((p) => p.path === '/ordens-servico/os1/consumo')!;
  expect(consumo.body).toEqual({
    chapas: [
      {
        chapa_id: 'c1',
        sobras: [
          expect.objectContaining({ largura_mm: '1200', altura_mm: '400', formato: 'retangulo' }),
          expect.objectContaining({ largura_mm: '900', altura_mm: '600', formato: 'retangulo' }),
        ],
      },
    ],
  });
  // no photo of the first remnant; the second's shrunk to 1600 px, JPEG
  expect(pedidos.some((p) => p.path === '/chapas/s1/fotos')).toBe(false);
  const envio = pedidos.find((p) => p.path === '/chapas/s2/fotos')!;
  const imagem = (envio.body as { imagem: string }).imagem;
  expect(imagem.startsWith('data:image/jpeg;base64,')).toBe(true);
  const img = new Image();
  img.src = imagem;
  await img.decode();
  expect(`${img.naturalWidth}x${img.naturalHeight}`).toBe('1600x800');
});
