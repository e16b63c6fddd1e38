import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FOTOS_CHAPA } from '../../db/queries/chapa-fotos';
import { answer, apiSuite, type Client, fieldErrors, ok, refused, userWith } from '../testing/harness';
import { seedGranito } from './producao.test-helpers';

const { env, admin } = apiSuite();
let produtoId: string;
beforeAll(async () => {
  produtoId = await seedGranito(env);
});

const novaChapa = (lote: string) =>
  ok(
    admin.api.chapas.$post({
      json: {
        produto_id: produtoId,
        lote,
        espessura_mm: 20,
        largura_mm: 3200,
        altura_mm: 1800,
        custo: '1440.00',
      },
    }),
    201,
  );
const chapa = async (id: string) => ok(admin.api.chapas[':id'].$get({ param: { id } }));
/** A slab's photos endpoints, as `c` calls them. */
const fotos = (c: Client = admin) => c.api.chapas[':id'].fotos;
const enviar = (id: string, imagem: string, c: Client = admin) =>
  fotos(c).$post({ param: { id }, json: { imagem } });

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

    const f = await ok(enviar(c.id, await foto()), 201);
    expect(f.chapa_id).toBe(c.id);
    const umaFoto = { id: c.id, fotoId: f.id };
    // the typed call's own Response: the photo is bytes
    const img = await fotos()[':fotoId'].$get({ param: umaFoto });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await img.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 800 });
    expect(f.tamanho).toBe(bytes.byteLength);

    const segunda = await ok(enviar(c.id, await foto(800, 600)), 201);
    expect((await ok(fotos().$get({ param: { id: c.id } }))).items.map((x) => x.id)).toEqual([
      f.id,
      segunda.id,
    ]);
    // the slab and the list name the first photo and count them
    expect(await chapa(c.id)).toMatchObject({ foto_id: f.id, fotos: 2 });
    const lista = await ok(admin.api.chapas.$get({ query: { lote: 'FOTO1' } }));
    expect(lista.items).toEqual([expect.objectContaining({ id: c.id, foto_id: f.id, fotos: 2 })]);

    await ok(fotos()[':fotoId'].$delete({ param: umaFoto }), 204);
    expect(await chapa(c.id)).toMatchObject({ foto_id: segunda.id, fotos: 1 });
    await refused(fotos()[':fotoId'].$delete({ param: umaFoto }), 404);
    await refused(fotos()[':fotoId'].$get({ param: umaFoto }), 404);
  });

  it('refuses what is not an image (400 naming imagem) and a photo past the limit (409); nothing stored', async () => {
    const c = await novaChapa('FOTO2');
    const texto = `data:image/png;base64,${Buffer.from('não sou uma imagem').toString('base64')}`;
    expect(await fieldErrors(enviar(c.id, texto))).toEqual({
      imagem: 'O arquivo enviado não é uma imagem PNG, JPEG ou WebP válida.',
    });
    expect(await fieldErrors(enviar(c.id, 'abc'))).toEqual({ imagem: 'Imagem inválida.' });
    expect((await chapa(c.id)).fotos).toBe(0);

    const pequena = await foto(200, 100);
    // the limit holds when the last photos arrive at once: the slab's lock serialises them
    const envios = await Promise.all(
      Array.from({ length: MAX_FOTOS_CHAPA + 3 }, () => answer(enviar(c.id, pequena))),
    );
    expect(envios.filter((r) => r.status === 201)).toHaveLength(MAX_FOTOS_CHAPA);
    const recusadas = envios.filter((r) => r.status === 409);
    expect(recusadas).toHaveLength(3);
    expect(recusadas[0]!.body).toHaveProperty(
      'detail',
      `Uma chapa tem no máximo ${MAX_FOTOS_CHAPA} fotos. Remova uma antes de enviar outra.`,
    );
    expect((await chapa(c.id)).fotos).toBe(MAX_FOTOS_CHAPA);
  });

  it('an unknown slab is 404; without the estoque permission 403', async () => {
    const desconhecida = '00000000-0000-4000-8000-000000000000';
    await refused(enviar(desconhecida, await foto(10, 10)), 404);
    await refused(fotos().$get({ param: { id: desconhecida } }), 404);
    const c = await novaChapa('FOTO3');
    const f = await ok(enviar(c.id, await foto(10, 10)), 201);
    const { client } = await userWith(env, ['orcamentos']);
    await refused(enviar(c.id, await foto(10, 10), client), 403);
    const umaFoto = { id: c.id, fotoId: f.id };
    await refused(fotos(client)[':fotoId'].$get({ param: umaFoto }), 403);
    await refused(fotos(client)[':fotoId'].$delete({ param: umaFoto }), 403);
  });
});
