import { Hono } from 'hono';
import {
  countChapaFotos,
  deleteChapaFoto,
  getChapaFoto,
  insertChapaFoto,
  listChapaFotos,
  MAX_FOTOS_CHAPA,
} from '../../db/queries/chapa-fotos';
import { lockChapa } from '../../db/queries/chapas';
import { uuid } from '../../schemas/common';
import { FOTO_LIMITES } from '../../schemas/producao';
import { z } from '../../schemas/z';
import { type AppEnv, currentUser, parseBody, parseId } from '../context';
import { route } from '../contract';
import { conflict, notFound } from '../errors';
import { publish } from '../events';
import { fromDataUrl, reencodeImage } from '../images';

/** A slab's photos (Estoque, permission estoque): the phone in the yard sends them, the list shows the first. */
const access = ['estoque'] as const;

const fotoInput = z.object({
  // the phone shrinks the photo before sending (as the work order's photos): a body stays under 1 MB
  imagem: z.string({ message: 'Envie a foto.' }).max(1_400_000, 'A foto deve ter no máximo 1 MB.'),
});
const fotoSchema = z.object({
  id: uuid,
  chapa_id: uuid,
  tamanho: z.number(),
  created_at: z.iso.datetime({ offset: true }),
});

const doc = {
  list: route({
    summary: 'As fotos de uma chapa ou sobra, da mais antiga à mais nova',
    description:
      'Só os metadados (id, tamanho em bytes, data de envio); cada imagem vem de `GET /chapas/{id}/fotos/{fotoId}`.',
    access,
    response: z.object({ items: z.array(fotoSchema.omit({ chapa_id: true })) }),
    errors: [404],
  }),
  post: route({
    summary: `Envia uma foto da chapa (data URL; reduzida e regravada como JPEG), até ${MAX_FOTOS_CHAPA} por chapa`,
    description:
      '`imagem` é uma data URL (`data:image/...;base64,...`); o servidor a reduz para no máximo 1600 px no lado maior e a regrava como JPEG antes de salvar. 409 quando a chapa já tem 8 fotos; envios simultâneos respeitam o limite.',
    access,
    body: fotoInput,
    response: fotoSchema,
    status: 201,
    errors: [404, 409, 413],
  }),
  get: route({
    summary: 'Uma foto da chapa (JPEG)',
    description:
      'Os bytes da imagem regravada; pode ser guardada em cache privado por um dia, pois uma foto nunca muda.',
    access,
    produces: 'image/jpeg',
    errors: [404],
  }),
  delete: route({
    summary: 'Remove uma foto da chapa',
    description: '404 se a foto não é desta chapa. As telas abertas do estoque são avisadas da mudança.',
    access,
    status: 204,
    errors: [404],
  }),
};

const chapaNaoEncontrada = () => notFound('Chapa não encontrada.');
const fotoNaoEncontrada = () => notFound('Foto não encontrada.');

export const chapasFotosRoutes = new Hono<AppEnv>()
  .get('/:id/fotos', doc.list, async (c) => {
    const chapaId = parseId(c, uuid);
    const { db } = c.get('deps');
    const items = await db.transaction(async (tx) => {
      if (!(await lockChapa(tx, { id: chapaId }))) throw chapaNaoEncontrada();
      return listChapaFotos(tx, { chapaId });
    });
    return c.json({ items: items.map((f) => ({ ...f, created_at: f.created_at.toISOString() })) });
  })
  .post('/:id/fotos', doc.post, async (c) => {
    const chapaId = parseId(c, uuid);
    const { imagem } = await parseBody(c, fotoInput);
    // decoded and re-encoded before the transaction: sharp's work holds no row lock
    const img = await reencodeImage(fromDataUrl(imagem), { ...FOTO_LIMITES, field: 'imagem' });
    const me = currentUser(c);
    const r = await c.get('deps').db.transaction(async (tx) => {
      // the slab's lock serialises two uploads at once, so the limit holds
      if (!(await lockChapa(tx, { id: chapaId }))) throw chapaNaoEncontrada();
      if ((await countChapaFotos(tx, { chapaId })) >= MAX_FOTOS_CHAPA)
        throw conflict(
          'Limite de fotos',
          `Uma chapa tem no máximo ${MAX_FOTOS_CHAPA} fotos. Remova uma antes de enviar outra.`,
        );
      const foto = await insertChapaFoto(tx, { chapaId, mime: img.mime, bytes: img.bytes, por: me.id });
      await publish(tx, 'chapas', 'atualizado', chapaId);
      return foto;
    });
    return c.json(
      { id: r.id, chapa_id: chapaId, tamanho: img.bytes.byteLength, created_at: r.created_at.toISOString() },
      201,
    );
  })
  .get('/:id/fotos/:fotoId', doc.get, async (c) => {
    const chapaId = parseId(c, uuid);
    const id = parseId(c, uuid, 'fotoId');
    const foto = await getChapaFoto(c.get('deps').db, { chapaId, id });
    if (!foto) throw fotoNaoEncontrada();
    return c.body(new Uint8Array(foto.bytes), 200, {
      'content-type': foto.mime,
      'content-disposition': 'inline',
      'cache-control': 'private, max-age=86400, immutable',
    });
  })
  .delete('/:id/fotos/:fotoId', doc.delete, async (c) => {
    const chapaId = parseId(c, uuid);
    const id = parseId(c, uuid, 'fotoId');
    await c.get('deps').db.transaction(async (tx) => {
      if (!(await deleteChapaFoto(tx, { chapaId, id }))) throw fotoNaoEncontrada();
      await publish(tx, 'chapas', 'atualizado', chapaId);
    });
    return c.body(null, 204);
  });
