import { Hono } from 'hono';
import { uuid } from '../../schemas/common';
import { planoOsInput, planoOsSalvar, planoOsSchema } from '../../schemas/planos-corte';
import { planejarOs, planoSalvoDaOs, salvarPlanoOs } from '../casos/planos-corte';
import { type AppEnv, parseBody, parseId } from '../context';
import { route } from '../contract';
import { notFound } from '../errors';
import { turnOf } from '../export';
import { PDF_OCUPADO } from '../orcamento-cliente';
import { documentoPlanoCorte } from '../pdf/plano-corte';
import { renderPdf } from '../pdf/render';

/**
 * A work order's cutting plan (issue 29): its quote's m² pieces laid out on the stone's slabs. GET reads
 * the saved plan (404 while there is none: a proposal costs a plan's seconds, so it is asked for with
 * POST …/calcular, never computed by a read); POST saves one and reserves its slabs.
 */
const access = ['producao'] as const;
const semPlano = () => notFound('Esta OS ainda não tem plano de corte salvo.');

const doc = {
  get: route({
    summary: 'O plano de corte salvo da OS (404 enquanto não há)',
    description:
      'Lê o plano gravado por `POST .../plano-corte`, com `salvo_em`; nunca calcula um plano (para uma proposta use `.../plano-corte/calcular`). 404 também quando a OS não existe.',
    access,
    response: planoOsSchema,
    errors: [404],
  }),
  calcular: route({
    summary: 'Calcula um plano de corte para a OS, sem salvar',
    description:
      'Peças m² do orçamento da OS (saias e frontões incluídos, quantidades expandidas), uma pedra por vez, sobre as chapas escolhidas (`chapa_ids`) ou, na pedra sem escolha, sobre as chapas e sobras disponíveis dela (sobras primeiro) e as já reservadas para esta OS. `sem_girar`: peças (pela referência) que não giram.',
    access,
    body: planoOsInput,
    response: planoOsSchema,
    errors: [400, 404, 409, 503],
  }),
  salvar: route({
    summary: 'Salva o plano de corte da OS (o enviado, conferido, ou um calculado) e reserva as chapas dele',
    description:
      'Com `pedras` (o plano mostrado, como `/calcular` o devolveu) o servidor confere o plano (uma por pedra da OS; chapas do estoque daquela pedra, entre as escolhidas; cada peça uma vez ou em `nao_couberam`; dentro da chapa e do refilo, serra entre peças, giros travados, cortes de ponta a ponta) e o salva como veio: 400 nomeando o problema. Sem `pedras`, calcula e salva. Substitui o plano anterior; as chapas do plano ficam reservadas para a OS (as do plano anterior que saíram voltam ao estoque). Uma chapa reservada por outra OS enquanto isso → 409 e nada é salvo.',
    access,
    body: planoOsSalvar,
    response: planoOsSchema,
    status: 201,
    errors: [400, 404, 409, 503],
  }),
  pdf: route({
    summary: 'PDF do plano de corte salvo: uma página por chapa (desenho, peças numeradas, cortes na ordem)',
    description:
      'Gera o PDF do plano salvo (404 enquanto não há plano). 503 quando muitos PDFs estão sendo gerados ao mesmo tempo: tente de novo em alguns segundos.',
    access,
    produces: 'application/pdf',
    errors: [404, 503],
  }),
};

export const planosCorteOsRoutes = new Hono<AppEnv>()
  .get('/:id/plano-corte', doc.get, async (c) => {
    const plano = await planoSalvoDaOs(c.get('deps').db, parseId(c, uuid));
    if (!plano) throw semPlano();
    return c.json(plano);
  })
  .post('/:id/plano-corte/calcular', doc.calcular, async (c) => {
    const id = parseId(c, uuid);
    const input = await parseBody(c, planoOsInput);
    return c.json(await planejarOs(c.get('deps'), id, input));
  })
  .post('/:id/plano-corte', doc.salvar, async (c) => {
    const id = parseId(c, uuid);
    const input = await parseBody(c, planoOsSalvar);
    return c.json(await salvarPlanoOs(c.get('deps'), id, input, c.get('me')?.id ?? null), 201);
  })
  .get('/:id/plano-corte/pdf', doc.pdf, async (c) => {
    const { db, config } = c.get('deps');
    const plano = await planoSalvoDaOs(db, parseId(c, uuid));
    if (!plano) throw semPlano();
    const release = await turnOf(config, 'pdf', PDF_OCUPADO);
    let bytes: Buffer;
    try {
      bytes = await renderPdf(documentoPlanoCorte(plano));
    } finally {
      release();
    }
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="plano-corte-os-${plano.numero}.pdf"`,
    });
  });
