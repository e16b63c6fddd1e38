import { Hono } from 'hono';
import { paginate } from '../../db/queries/common';
import { orderSql } from '../../db/queries/keyset';
import { countNotas, listNotas, notasOrder, notasWhere } from '../../db/queries/notas-fiscais';
import { uuid } from '../../schemas/common';
import {
  cancelarNotaInput,
  cartaCorrecaoInput,
  cartaCorrecaoSchema,
  notaFiscalSchema,
  notasFiscaisListQuery,
  notasFiscaisPageSchema,
  previaNfseSchema,
  previaNotaSchema,
  STATUS_NOTA_FISCAL_LABEL,
  TIPO_NOTA_FISCAL_LABEL,
} from '../../schemas/notas-fiscais';
import { z } from '../../schemas/z';
import {
  arquivo,
  cancelar,
  cartaCorrecao,
  cartas,
  danfePublica,
  emitir,
  lerNota,
  linkCliente,
  notaOut,
  previa,
  previaNfse,
  RECURSO,
  webhook,
} from '../casos/notas-fiscais';
import { type AppContext, type AppEnv, currentUser, parseBody, parseId, parseQuery } from '../context';
import { route } from '../contract';
import { exportContract, exportResponse } from '../export';
import { DANFE_LINK_DIAS } from '../fiscal/link-danfe';
import { CABECALHO_ASSINATURA } from '../fiscal/webhook';
import { limitarEndereco } from '../publico-limites';

/**
 * Invoices (issue 30; api.md `/api/notas-fiscais`, permission `financeiro`): the sale's NF-e built,
 * reviewed, emitted through the fiscal provider and followed; the list, the files, cancellation and
 * the correction letter. The rules live in casos/notas-fiscais.ts.
 */
const access = ['financeiro'] as const;

const doc = {
  previa: route({
    summary: 'A NF-e que seria enviada para a venda (itens, totais) e os dados fiscais que faltam',
    description:
      'Monta a nota com os dados atuais da venda, do cliente, dos produtos e da empresa, sem enviar nem gravar nada. `pendencias` lista o que falta para emitir (vazia: pronta); `nota_atual` é a NF-e não cancelada que a venda já tem, se houver. Valores em R$.',
    access,
    response: previaNotaSchema,
    errors: [404],
  }),
  emitir: route({
    summary: 'Emite a NF-e da venda pelo provedor fiscal (aceita Idempotency-Key)',
    description:
      'Responde a nota (202: aceita; `status` diz onde ela está). Uma venda tem no máximo uma NF-e não cancelada: com uma processando ou autorizada, responde a existente sem enviar nada. Uma rejeitada é reenviada com o mesmo número. Dados fiscais faltando (ou provedor não configurado): 400 listando cada um em `errors`, nada é enviado. Provedor sem resposta: a nota fica `processando` e é consultada depois, nunca reenviada.',
    access,
    response: notaFiscalSchema,
    status: 202,
    errors: [400, 404, 409, 422, 502, 503],
  }),
  previaNfse: route({
    summary: 'A NFS-e da instalação que seria enviada (valor, ISS, tomador) e os dados que faltam',
    description:
      'Monta a NFS-e da instalação da venda com os dados atuais, sem enviar nem gravar nada: `valor` é a instalação e `iss` o imposto pela alíquota da empresa, em R$. `pendencias` lista o que falta para emitir; `nota_atual` é a NFS-e não cancelada que a venda já tem, se houver.',
    access,
    response: previaNfseSchema,
    errors: [404],
  }),
  emitirNfse: route({
    summary: 'Emite a NFS-e da instalação da venda pelo provedor fiscal',
    description:
      'Como a NF-e: 202 com a nota (`tipo` nfse, valor = a instalação da venda). Uma venda tem no máximo uma NFS-e não cancelada: com uma processando ou autorizada, responde a existente sem enviar nada; uma rejeitada é reenviada. A prefeitura numera a NFS-e (`numero_prefeitura`, `codigo_verificacao`). Sem instalação ou com dados faltando: 400 listando cada um em `errors`, nada é enviado.',
    access,
    response: notaFiscalSchema,
    status: 202,
    errors: [400, 404, 409, 422, 502, 503],
  }),
  list: route({
    summary: 'Notas fiscais (período, tipo, status, cliente, venda, número)',
    description:
      'Mais recentes primeiro. `inicio` e `fim` filtram pelo dia de emissão (no fuso da empresa); `q` com dígitos busca pelo número da nota ou pelo número dado pela prefeitura. Lê só o que está gravado: o status é atualizado pela consulta periódica e pelo aviso do provedor.',
    access,
    query: notasFiscaisListQuery,
    response: notasFiscaisPageSchema,
  }),
  exportar: route({ ...exportContract('notas fiscais', notasFiscaisListQuery), access }),
  get: route({
    summary: 'Uma nota fiscal',
    description:
      'Lê a nota como está gravada, sem consultar o provedor; o status muda pela consulta periódica e pelo aviso do provedor (`/fiscal/webhook`).',
    access,
    response: notaFiscalSchema,
    errors: [404],
  }),
  danfe: route({
    summary: 'PDF da nota autorizada ou cancelada (DANFE da NF-e, ou a NFS-e)',
    description:
      'Para nota autorizada ou já cancelada (409 nas outras). O PDF guardado na autorização é devolvido direto; se ainda não estava pronto, é baixado do provedor e guardado (502 ou 503 quando o provedor falha).',
    access,
    produces: 'application/pdf',
    errors: [404, 409, 502, 503],
  }),
  xml: route({
    summary: 'XML da nota autorizada ou cancelada',
    description:
      'Para nota autorizada ou já cancelada (409 nas outras). O XML guardado na autorização é devolvido direto; se ainda não estava pronto, é baixado do provedor e guardado (502 ou 503 quando o provedor falha).',
    access,
    produces: 'application/xml',
    errors: [404, 409, 502, 503],
  }),
  cancelar: route({
    summary:
      'Cancela a nota (NF-e: até 24 h após a autorização; NFS-e: pelas regras da prefeitura), justificativa de 15 a 255 caracteres',
    description:
      'Só nota autorizada (409 nas outras, e na NF-e passadas 24 h da autorização: aí use a carta de correção ou uma NF-e de devolução). A `justificativa` fica gravada; o pedido vai ao provedor e a nota é consultada em seguida, e enquanto o provedor não confirma o cancelamento a consulta periódica a acompanha. Uma recusa da prefeitura (NFS-e) volta com a mensagem dela e a nota segue autorizada.',
    access,
    body: cancelarNotaInput,
    response: notaFiscalSchema,
    errors: [400, 404, 409, 502, 503],
  }),
  carta: route({
    summary:
      'Envia uma carta de correção (CC-e) da NF-e autorizada e a guarda (sequência, texto, quem, quando)',
    description:
      'Só NF-e autorizada (a NFS-e não tem carta: 409). `correcao` de 15 a 1000 caracteres; no máximo 20 cartas por nota, numeradas em ordem. A carta só é gravada depois que o provedor a aceita: se ele falha, nada é gravado.',
    access,
    body: cartaCorrecaoInput,
    response: cartaCorrecaoSchema,
    status: 201,
    errors: [400, 404, 409, 502, 503],
  }),
  cartas: route({
    summary: 'As cartas de correção da nota, da primeira à última',
    description:
      'Cada carta com seu número de sequência, o texto, quem enviou e quando. 404 se a nota não existe.',
    access,
    response: z.object({ items: z.array(cartaCorrecaoSchema) }),
    errors: [404],
  }),
  link: route({
    summary: `Link público do DANFE para enviar ao cliente (WhatsApp, e-mail): vale ${DANFE_LINK_DIAS} dias`,
    description:
      'Só para NF-e autorizada (409 nos outros casos). O link abre o PDF sem sessão enquanto a nota estiver autorizada; cancelada, ele deixa de abrir.',
    access,
    response: z.object({ url: z.string(), expira_em: z.string() }),
    errors: [404, 409],
  }),
  danfePublica: route({
    summary: 'DANFE (PDF) pelo link do cliente',
    description:
      'Sem sessão: vale o token (assinado, com validade). Token desconhecido, alterado, vencido ou de nota cancelada: 404 igual.',
    access: 'publico',
    produces: 'application/pdf',
    errors: [404, 429, 502, 503],
  }),
  webhook: route({
    summary: 'Aviso do provedor fiscal (NFE.io) sobre uma nota; assinado em X-Hub-Signature (HMAC-SHA1)',
    description:
      'Sem sessão: vale a assinatura, conferida com o segredo de NFEIO_WEBHOOK_SEGREDO (só do ambiente). Assinatura ausente ou errada: 401 e nada muda. Servidor sem o segredo: 503 (as notas seguem pela consulta periódica).',
    access: 'publico',
    response: z.object({ recebido: z.boolean(), nota_id: uuid.nullable() }),
    errors: [401, 503],
  }),
};

const arquivoResposta = (c: AppContext, a: { nome: string; bytes: Buffer }, tipo: string) =>
  c.body(new Uint8Array(a.bytes), 200, {
    'content-type': tipo,
    'content-disposition': `attachment; filename="${a.nome}"`,
  });

/** Under /api/vendas: the sale's invoice. */
export const vendasNotaFiscalRoutes = new Hono<AppEnv>()
  .get('/:id/nota-fiscal/previa', doc.previa, async (c) => {
    const id = parseId(c, uuid);
    return c.json(await previa(c.get('deps'), id));
  })
  .post('/:id/nota-fiscal', doc.emitir, async (c) => {
    const id = parseId(c, uuid);
    // 202 either way (api.md): the body's status says where the invoice stands.
    const r = await emitir(c.get('deps'), id, currentUser(c).id);
    return c.json(r.nota, 202);
  })
  .get('/:id/nfse/previa', doc.previaNfse, async (c) => {
    const id = parseId(c, uuid);
    return c.json(await previaNfse(c.get('deps'), id));
  })
  .post('/:id/nfse', doc.emitirNfse, async (c) => {
    const id = parseId(c, uuid);
    const r = await emitir(c.get('deps'), id, currentUser(c).id, 'nfse');
    return c.json(r.nota, 202);
  });

const filtroDe = (c: AppContext) => {
  const f = parseQuery(c, notasFiscaisListQuery);
  return { f, where: notasWhere(f, c.get('deps').config.tzNegocio) };
};

export const notasFiscaisRoutes = new Hono<AppEnv>()
  .get('/', doc.list, async (c) => {
    const { f, where } = filtroDe(c);
    const db = c.get('deps').db;
    const page = await paginate(
      (limit, offset) => listNotas(db, { where, order: orderSql(notasOrder), limit, offset }),
      () => countNotas(db, { where }),
      f.page,
      f.limit,
    );
    return c.json({ ...page, items: page.items.map(notaOut) });
  })
  .get('/exportar', doc.exportar, (c) =>
    exportResponse(c, {
      recurso: RECURSO,
      titulo: 'notas fiscais',
      columns: [
        { header: 'Emitida em', value: 'created_at', type: 'datetime' },
        { header: 'Tipo', value: (r) => TIPO_NOTA_FISCAL_LABEL[r.tipo as 'nfe'] ?? String(r.tipo) },
        { header: 'Série', value: 'serie', type: 'integer' },
        { header: 'Número', value: 'numero', type: 'integer' },
        { header: 'Número na prefeitura', value: 'numero_prefeitura', type: 'integer' },
        { header: 'Venda', value: 'venda_numero', type: 'integer' },
        { header: 'Cliente', value: 'cliente_nome' },
        { header: 'Valor', value: 'valor_total', type: 'money' },
        {
          header: 'Status',
          value: (r) => STATUS_NOTA_FISCAL_LABEL[r.status as 'autorizada'] ?? String(r.status),
        },
        { header: 'Chave de acesso', value: 'chave_acesso' },
        { header: 'Autorizada em', value: 'autorizada_em', type: 'datetime' },
        { header: 'Código SEFAZ', value: 'codigo_sefaz' },
        { header: 'Motivo', value: 'mensagem_sefaz' },
      ],
      where: filtroDe(c).where,
      order: notasOrder,
      page: (db, p) => listNotas(db, { ...p, offset: 0 }),
    }),
  )
  .get('/:id', doc.get, async (c) => c.json(await lerNota(c.get('deps'), parseId(c, uuid))))
  .get('/:id/danfe', doc.danfe, async (c) =>
    arquivoResposta(c, await arquivo(c.get('deps'), parseId(c, uuid), 'danfe'), 'application/pdf'),
  )
  .get('/:id/xml', doc.xml, async (c) =>
    arquivoResposta(c, await arquivo(c.get('deps'), parseId(c, uuid), 'xml'), 'application/xml'),
  )
  .get('/:id/link', doc.link, async (c) => c.json(await linkCliente(c.get('deps'), parseId(c, uuid))))
  .post('/:id/cancelar', doc.cancelar, async (c) => {
    const id = parseId(c, uuid);
    const { justificativa } = await parseBody(c, cancelarNotaInput);
    return c.json(await cancelar(c.get('deps'), id, justificativa));
  })
  .post('/:id/carta-correcao', doc.carta, async (c) => {
    const id = parseId(c, uuid);
    const { correcao } = await parseBody(c, cartaCorrecaoInput);
    return c.json(await cartaCorrecao(c.get('deps'), id, correcao, currentUser(c).id), 201);
  })
  .get('/:id/cartas-correcao', doc.cartas, async (c) =>
    c.json({ items: await cartas(c.get('deps'), parseId(c, uuid)) }),
  );

/** Under /api/fiscal: the provider's callback (public; its signature is the check). */
export const fiscalRoutes = new Hono<AppEnv>().post('/webhook', doc.webhook, async (c) => {
  const corpo = new Uint8Array(await c.req.arrayBuffer());
  return c.json(await webhook(c.get('deps'), corpo, c.req.header(CABECALHO_ASSINATURA)));
});

/**
 * Under /api/publico/notas-fiscais: the DANFE by the customer's link (no session; the signed token is
 * the credential), throttled per address like the quote's link.
 */
export const publicoNotasFiscaisRoutes = new Hono<AppEnv>().get(
  '/:token/danfe',
  doc.danfePublica,
  async (c) => {
    await limitarEndereco(c, 'pub-nf');
    const a = await danfePublica(c.get('deps'), c.req.param('token'));
    return c.body(new Uint8Array(a.bytes), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${a.nome}"`,
      'x-robots-tag': 'noindex',
    });
  },
);
