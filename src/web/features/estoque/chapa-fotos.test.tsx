import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { fakeApi, type Pedido, renderTela } from '../../testing/render';
import { ChapaFotos } from './chapa-fotos';

// The slab's photos in the details dialog: a phone photo is shrunk in the browser (longest side
// 1600 px, JPEG) before it is sent; the list shows what the server holds; removing asks first.
// What the server stores (re-encoded, at most 8) is routes/chapas-fotos.test.ts's.

/** A 3000 × 1500 px PNG, as a camera's file would arrive in the file input. */
async function fotoGrande(): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 3000;
  canvas.height = 1500;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#6b6b6b';
  ctx.fillRect(0, 0, 3000, 1500);
  const blob = await new Promise<Blob>((ok) => canvas.toBlob((b) => ok(b!), 'image/png'));
  return new File([blob], 'IMG_0001.png', { type: 'image/png' });
}

/** The width × height of an image given as a data URL. */
async function medidas(dataUrl: string) {
  const img = new Image();
  img.src = dataUrl;
  await img.decode();
  return `${img.naturalWidth}x${img.naturalHeight}`;
}

describe('ChapaFotos', () => {
  test('sends the photo shrunk to 1600 px as JPEG, shows it, and removes it after confirming', async () => {
    let fotos: { id: string; tamanho: number; created_at: string }[] = [];
    const pedidos = fakeApi({
      'GET /chapas/c1/fotos': () => ({ items: fotos }),
      'POST /chapas/c1/fotos': () => {
        fotos = [{ id: 'f1', tamanho: 1000, created_at: '2026-11-27T12:00:00.000Z' }];
        return { status: 201, body: { ...fotos[0], chapa_id: 'c1' } };
      },
      'DELETE /chapas/c1/fotos/f1': () => {
        fotos = [];
        return { status: 204, body: null };
      },
    });
    renderTela(<ChapaFotos chapaId="c1" codigo="L339-07" />);
    await expect.element(page.getByText('Nenhuma foto.', { exact: false })).toBeVisible();

    await userEvent.upload(page.getByLabelText('Foto da chapa L339-07'), await fotoGrande());
    await expect.element(page.getByText('Foto enviada.')).toBeVisible();
    const envio = pedidos.find((p: Pedido) => p.method === 'POST')!;
    const imagem = (envio.body as { imagem: string }).imagem;
    expect(imagem.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(await medidas(imagem)).toBe('1600x800');
    const img = page.getByRole('img', { name: 'Foto 1 da chapa L339-07' });
    await expect.element(img).toBeVisible();
    expect(img.element().getAttribute('src')).toBe('/api/chapas/c1/fotos/f1');

    await page.getByRole('button', { name: 'Remover foto 1' }).click();
    const confirmar = page.getByRole('alertdialog', { name: 'Remover foto' });
    await expect.element(confirmar).toBeVisible();
    expect(pedidos.some((p) => p.method === 'DELETE')).toBe(false);
    await confirmar.getByRole('button', { name: 'Remover' }).click();
    await expect.element(page.getByText('Foto removida.')).toBeVisible();
    await expect.element(page.getByText('Nenhuma foto.', { exact: false })).toBeVisible();
    expect(pedidos.filter((p) => p.method === 'DELETE').map((p) => p.path)).toEqual(['/chapas/c1/fotos/f1']);
  });
});
