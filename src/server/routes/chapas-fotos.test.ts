import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FOTOS_CHAPA } from '../../db/queries/chapa-fotos';
import { apiSuite, fieldMessages, userWith } from '../testing/harness';
import { seedGranito } from './producao.test-helpers';

const { env, admin } = apiSuite();
let produtoId: string;
beforeAll(async () => {
  produtoId = await seedGranito(env);
});

const novaChapa = (lote: string) =>
  admin.create('/api/chapas', {
    produto_id: produtoId,
    lote,
    espessura_mm: 20,
    largura_mm: 3200,
    altura_mm: 1800,
    custo: '1440.00',
  });

/** A phone's photo as the browser sends it: a data URL (here a PNG of 2400 × 1200 px). */
async function foto(width = 2400, height = 1200) {
  const png = await sharp({ create: { width, height, channels: 3, background: '#6b6b6b' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe('a slab’s photos', () => {
  it('stores a re-encoded JPEG (at most 1600 px), lists it, shows it on the slab and in the list, removes it', async () => {
    const c = await novaChapa('FOTO1');
    expect(c).toMatchObject({ foto_id: null, fotos: 0 });

    const f = await admin.create(`/api/chapas/${c.id}/fotos`, { imagem: await foto() });
    expect(f.chapa_id).toBe(c.id);
    const img = await admin.request('GET', `/api/chapas/${c.id}/fotos/${f.id}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(
      await (
        await env.app.request(`http://localhost:3000/api/chapas/${c.id}/fotos/${f.id}`, {
          headers: { cookie: admin.cookie, host: 'localhost:3000' },
        })
      ).arrayBuffer(),
    );
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 800 });
    expect(f.tamanho).toBe(bytes.byteLength);

    const segunda = await admin.create(`/api/chapas/${c.id}/fotos`, { imagem: await foto(800, 600) });
    expect(
      (await admin.get(`/api/chapas/${c.id}/fotos`)).body.items.map((x: { id: string }) => x.id),
    ).toEqual([f.id, segunda.id]);
    // the slab and the list name the first photo and count them
    expect((await admin.get(`/api/chapas/${c.id}`)).body).toMatchObject({ foto_id: f.id, fotos: 2 });
    const lista = await admin.get('/api/chapas?lote=FOTO1');
    expect(lista.body.items).toEqual([expect.objectContaining({ id: c.id, foto_id: f.id, fotos: 2 })]);

    expect((await admin.delete(`/api/chapas/${c.id}/fotos/${f.id}`)).status).toBe(204);
    expect((await admin.get(`/api/chapas/${c.id}`)).body).toMatchObject({ foto_id: segunda.id, fotos: 1 });
    expect((await admin.delete(`/api/chapas/${c.id}/fotos/${f.id}`)).status).toBe(404);
    expect((await admin.get(`/api/chapas/${c.id}/fotos/${f.id}`)).status).toBe(404);
  });

  it('refuses what is not an image (400 naming imagem) and a photo past the limit (409); nothing stored', async () => {
    const c = await novaChapa('FOTO2');
    const texto = `data:image/png;base64,${Buffer.from('não sou uma imagem').toString('base64')}`;
    expect(await admin.invalidPost(`/api/chapas/${c.id}/fotos`, { imagem: texto })).toEqual({
      imagem: 'O arquivo enviado não é uma imagem PNG, JPEG ou WebP válida.',
    });
    const semDataUrl = await admin.post(`/api/chapas/${c.id}/fotos`, { imagem: 'abc' });
    expect(semDataUrl.status).toBe(400);
    expect(fieldMessages(semDataUrl.body)).toEqual({ imagem: 'Imagem inválida.' });
    expect((await admin.get(`/api/chapas/${c.id}`)).body.fotos).toBe(0);

    const pequena = await foto(200, 100);
    // the limit holds when the last photos arrive at once: the slab's lock serialises them
    const envios = await Promise.all(
      Array.from({ length: MAX_FOTOS_CHAPA + 3 }, () =>
        admin.post(`/api/chapas/${c.id}/fotos`, { imagem: pequena }),
      ),
    );
    expect(envios.filter((r) => r.status === 201)).toHaveLength(MAX_FOTOS_CHAPA);
    const recusadas = envios.filter((r) => r.status === 409);
    expect(recusadas).toHaveLength(3);
    expect(recusadas[0]!.body.detail).toBe(
      `Uma chapa tem no máximo ${MAX_FOTOS_CHAPA} fotos. Remova uma antes de enviar outra.`,
    );
    expect((await admin.get(`/api/chapas/${c.id}`)).body.fotos).toBe(MAX_FOTOS_CHAPA);
  });

  it('an unknown slab is 404; without the estoque permission 403', async () => {
    const desconhecida = '00000000-0000-4000-8000-000000000000';
    expect(
      (await admin.post(`/api/chapas/${desconhecida}/fotos`, { imagem: await foto(10, 10) })).status,
    ).toBe(404);
    expect((await admin.get(`/api/chapas/${desconhecida}/fotos`)).status).toBe(404);
    const c = await novaChapa('FOTO3');
    const f = await admin.create(`/api/chapas/${c.id}/fotos`, { imagem: await foto(10, 10) });
    const { client } = await userWith(env, ['orcamentos']);
    expect((await client.post(`/api/chapas/${c.id}/fotos`, { imagem: await foto(10, 10) })).status).toBe(403);
    expect((await client.get(`/api/chapas/${c.id}/fotos/${f.id}`)).status).toBe(403);
    expect((await client.delete(`/api/chapas/${c.id}/fotos/${f.id}`)).status).toBe(403);
  });
});
