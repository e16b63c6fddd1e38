// The customer's side, without a session: /api/publico/orcamentos/:token. These routes reach only the
// quote of their token, answer 404 alike for an unknown, revoked or expired token, never show an
// internal id, and are throttled per address and per token.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { getLogo } from '../../db/queries/empresa';
import * as lq from '../../db/queries/orcamento-cliente';
import * as q from '../../db/queries/orcamentos';
import { todayIso } from '../../domain/datas';
import { onlyDigits } from '../../schemas/documentos';
import {
  ASSINATURA_MAX_BYTES,
  ASSINATURA_PREFIXO,
  alteracaoInput,
  alteracaoPedidaSchema,
  aprovacaoSchema,
  aprovarInput,
  DIGITOS_DOCUMENTO,
  MAX_TENTATIVAS_DOCUMENTO,
  paginaPublicaSchema,
} from '../../schemas/publico';
import { empresaAtual } from '../casos/empresa';
import { gerarVenda } from '../casos/venda';
import { visaoDe } from '../casos/visao-cliente';
import { clientAddress } from '../client-address';
import { type AppContext, type AppEnv, parseBody } from '../context';
import { route } from '../contract';
import { badRequest, conflict, notFound } from '../errors';
import { publish } from '../events';
import {
  type DocumentoPdf,
  documentoPdf,
  hashToken,
  pdfAceitoRemovido,
  pdfAceitoResponse,
  pdfCliente,
  pdfDe,
  pdfResponse,
  TOKEN_RE,
} from '../orcamento-cliente';
import { documentoAssinado } from '../pdf/assinatura';
import { limitarEndereco, muitasRequisicoes, PUBLICO_LIMITES } from '../publico-limites';

const MSG_LINK = 'Link inválido, revogado ou vencido. Peça um novo link à empresa.';
const MSG_BLOQUEADO =
  'Este link foi bloqueado após tentativas com dígitos do CPF/CNPJ incorretos. A empresa foi avisada; peça um novo link.';
const MSG_DECIDIDO = 'Este orçamento já foi respondido.';

const linkNotFound = () => notFound(MSG_LINK);

/** Throttles, then reads the token's hash; a malformed token is a 404 like any other. */
const guard = createMiddleware<AppEnv>(async (c, next) => {
  const { db } = c.get('deps');
  await limitarEndereco(c, 'pub-e');
  const token = c.req.param('token') ?? '';
  if (!TOKEN_RE.test(token)) throw linkNotFound();
  const hash = hashToken(token);
  // Counted only when some link has this token: an unknown one is a 404 that leaves no counter.
  const t = await lq.contarRequisicao(db, {
    chave: `pub-t:${hash}`,
    janelaS: PUBLICO_LIMITES.janelaS,
    tokenHash: hash,
  });
  if (t === null) throw linkNotFound();
  if (t > PUBLICO_LIMITES.porToken) throw muitasRequisicoes();
  await next();
});

/** The token's hash (the guard has already refused a malformed token). */
const hashOf = (c: AppContext) => hashToken(c.req.param('token') ?? '');

async function linkDe(c: AppContext) {
  const { db, config } = c.get('deps');
  const link = await lq.linkByHash(db, { hash: hashOf(c), hoje: todayIso(config.tzNegocio) });
  if (!link) throw linkNotFound();
  return link;
}

type Estado = 'aberto' | 'aprovado' | 'bloqueado' | 'encerrado';

function estadoDe(status: string, link: lq.LinkRow, aceite: lq.AceiteRow | undefined): Estado {
  if (aceite) return 'aprovado';
  if (status !== 'pendente') return 'encerrado';
  return link.bloqueado_em ? 'bloqueado' : 'aberto';
}

/** A drawn signature: a real PNG of at most 200 KB (decoded by sharp, not trusted by its prefix). */
async function assinaturaPng(dataUrl: string): Promise<string> {
  const refuse = (message: string) => badRequest(message, [{ path: 'assinatura', message }]);
  const b64 = dataUrl.slice(ASSINATURA_PREFIXO.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw refuse('A assinatura deve ser uma imagem PNG.');
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.byteLength > ASSINATURA_MAX_BYTES) throw refuse('A assinatura deve ter no máximo 200 KB.');
  try {
    const meta = await sharp(bytes, { limitInputPixels: 4_000_000 }).metadata();
    if (meta.format !== 'png') throw new Error('not png');
    // A blank or absurd canvas is no signature.
    if (!meta.width || !meta.height || meta.width > 2000 || meta.height > 2000) throw new Error('size');
    const stats = await sharp(bytes).stats();
    if (stats.isOpaque && stats.channels.every((ch) => ch.min === ch.max)) throw new Error('blank');
  } catch {
    throw refuse('A assinatura deve ser uma imagem PNG com o seu traço.');
  }
  return bytes.toString('base64');
}

const acesso = 'publico' as const;
const doc = {
  get: route({
    summary: 'O orçamento como o cliente o vê (link público)',
    description:
      'Sem sessão: o token do link é a credencial. Token desconhecido, revogado ou vencido: o mesmo 404. Mostra só textos e valores para o cliente (sem ids internos, custos ou comissões); `estado` diz se ainda pode aprovar (`aberto`) ou já foi aprovado, respondido ou bloqueado, e `pede_documento` se a aprovação exige os 4 primeiros dígitos do CPF/CNPJ. Limite de requisições por endereço e por token (429).',
    access: acesso,
    errors: [404, 429],
    response: paginaPublicaSchema,
  }),
  getPdf: route({
    summary: 'PDF do orçamento (depois de aprovado: o PDF aceito seguido da página de aceite e assinatura)',
    description:
      'Antes da aprovação, o PDF atual do orçamento; depois, o PDF que o cliente aceitou seguido da página de aceite com nome, data e assinatura. 410 quando o PDF aceito foi apagado ao anonimizar o cliente (LGPD); 503 quando muitos PDFs estão sendo gerados ao mesmo tempo.',
    access: acesso,
    produces: 'application/pdf',
    errors: [404, 410, 429, 503],
  }),
  getPdfAceito: route({
    summary: 'O PDF aceito: os bytes exatos que o cliente aprovou (SHA-256 = o do aceite)',
    description:
      '404 enquanto o orçamento não foi aprovado pelo link; 410 quando o PDF foi apagado ao anonimizar o cliente (LGPD).',
    access: acesso,
    produces: 'application/pdf',
    errors: [404, 410, 429],
  }),
  postAprovar: route({
    summary: 'O cliente aprova: nome, primeiros dígitos do CPF/CNPJ, assinatura (PNG) e aceite dos termos',
    description:
      'Envie `versao` (a que a página mostrou): 409 se a empresa alterou o orçamento depois, se ele já foi respondido ou se o link está bloqueado. Dígitos do CPF/CNPJ errados: 400 dizendo quantas tentativas restam; a 5ª errada bloqueia o link e avisa a equipe. Aprovado, grava o aceite (nome, IP, navegador, assinatura e o PDF exato com seu SHA-256) e marca o orçamento como aprovado; se a empresa usa venda automática, a venda é gerada na mesma transação (`venda`: true).',
    access: acesso,
    body: aprovarInput,
    errors: [400, 404, 409, 429],
    response: aprovacaoSchema,
  }),
  postAlteracao: route({
    summary: 'O cliente pede alteração (mensagem mostrada à equipe)',
    description:
      'Grava a mensagem (até 2000 caracteres) com a versão do orçamento e o IP, e avisa a equipe ao vivo; o orçamento continua pendente. 409 se ele já foi respondido.',
    access: acesso,
    body: alteracaoInput,
    status: 201,
    errors: [400, 404, 409, 429],
    response: alteracaoPedidaSchema,
  }),
};

export const publicoRoutes = new Hono<AppEnv>()
  // One registration: `/:token/*` matches `/:token` itself too, so a second `use` for the page counted
  // every GET of it twice.
  .use('/orcamentos/:token/*', guard)
  .get('/orcamentos/:token', doc.get, async (c) => {
    const link = await linkDe(c);
    const { db } = c.get('deps');
    const [v, aceite, logo, documento] = await Promise.all([
      visaoDe(c.get('deps'), link.orcamento_id),
      lq.aceiteDe(db, { orcamentoId: link.orcamento_id }),
      getLogo(db),
      lq.documentoCliente(db, { orcamentoId: link.orcamento_id }),
    ]);
    if (!v) throw linkNotFound();
    return c.json({
      estado: estadoDe(v.visao.status, link, aceite),
      // Without a CPF/CNPJ on the client's record there is nothing to check: the link is the credential.
      pede_documento: onlyDigits(documento).length >= DIGITOS_DOCUMENTO,
      digitos: DIGITOS_DOCUMENTO,
      logo: logo ? `data:${logo.mime};base64,${logo.dados}` : null,
      orcamento: v.visao,
      aceite: aceite ? { nome: aceite.nome, em: aceite.created_at, pdf_sha256: aceite.pdf_sha256 } : null,
    });
  })
  .get('/orcamentos/:token/pdf', doc.getPdf, async (c) => {
    const link = await linkDe(c);
    const { db, config } = c.get('deps');
    const aceite = await lq.aceiteDe(db, { orcamentoId: link.orcamento_id });
    const v = await visaoDe(c.get('deps'), link.orcamento_id);
    if (!v) throw linkNotFound();
    const logo = await getLogo(db);
    if (aceite) {
      if (!aceite.pdf) throw pdfAceitoRemovido();
      // Acceptances before the definition was kept are laid out again from the quote as it is now.
      const aceito =
        (aceite.documento as DocumentoPdf | null) ??
        documentoPdf(v.visao, logo ? `data:${logo.mime};base64,${logo.dados}` : null);
      const paginas = (await PDFDocument.load(Buffer.from(aceite.pdf, 'base64'))).getPageCount();
      const signed = await pdfDe(
        config,
        `aceite:${aceite.id}`,
        documentoAssinado(aceito, aceite, v.visao.numero, config.tzNegocio, paginas),
      );
      return pdfResponse(c, signed.bytes, `orcamento-${v.visao.numero}-assinado.pdf`);
    }
    const pdf = await pdfCliente(config, link.orcamento_id, v.visao, logo);
    return pdfResponse(c, pdf.bytes, `orcamento-${v.visao.numero}.pdf`);
  })
  .get('/orcamentos/:token/pdf-aceito', doc.getPdfAceito, async (c) => {
    const link = await linkDe(c);
    const { db } = c.get('deps');
    const [aceite, o] = await Promise.all([
      lq.aceiteDe(db, { orcamentoId: link.orcamento_id }),
      q.getOrcamento(db, { id: link.orcamento_id }),
    ]);
    if (!aceite || !o) throw notFound('Este orçamento ainda não foi aceito.');
    return pdfAceitoResponse(c, aceite, o.numero);
  })
  .post('/orcamentos/:token/aprovar', doc.postAprovar, async (c) => {
    const found = await linkDe(c);
    const input = await parseBody(c, aprovarInput);
    const assinatura = await assinaturaPng(input.assinatura);
    const { db, config } = c.get('deps');
    const [empresa, logo] = await Promise.all([empresaAtual(c.get('deps')), getLogo(db)]);
    const hoje = todayIso(config.tzNegocio);
    const ip = clientAddress(c, config);
    const userAgent = (c.req.header('user-agent') ?? '').slice(0, 500) || null;

    const r = await db.transaction(async (tx) => {
      // The quote first, then its link: the same order as creating a link, so the two never deadlock.
      // Concurrent approvals wait here; the first decides, the others then find it decided.
      const o = await q.lockOrcamento(tx, { id: found.orcamento_id });
      const link = await lq.linkByHash(tx, { hash: hashOf(c), hoje, lock: true });
      if (!o || !link) throw linkNotFound();
      if (link.bloqueado_em) throw conflict('Link bloqueado', MSG_BLOQUEADO);
      if (o.status !== 'pendente' || (await lq.aceiteDe(tx, { orcamentoId: o.id })))
        throw conflict('Orçamento respondido', MSG_DECIDIDO);
      if (new Date(input.versao).getTime() !== o.updated_at.getTime()) {
        throw conflict(
          'Orçamento atualizado',
          'A empresa atualizou este orçamento depois que você abriu a página. Recarregue para ver a versão atual antes de aprovar.',
        );
      }
      const documento = onlyDigits(await lq.documentoCliente(tx, { orcamentoId: o.id }));
      if (documento.length >= DIGITOS_DOCUMENTO && !documento.startsWith(input.documento ?? '-')) {
        // Counted and committed even though the approval is refused.
        const t = await lq.countWrongDigits(tx, { id: link.id, max: MAX_TENTATIVAS_DOCUMENTO });
        if (t.bloqueado_em) await publish(tx, 'orcamentos', 'bloqueado', o.id, o.numero);
        return { erro: MAX_TENTATIVAS_DOCUMENTO - t.tentativas };
      }
      const v = await visaoDe(c.get('deps'), o.id, tx, empresa);
      const pdf = await pdfCliente(config, o.id, v!.visao, logo);
      await lq.insertAceite(tx, {
        orcamento_id: o.id,
        link_id: link.id,
        versao: o.updated_at,
        nome: input.nome,
        ip,
        user_agent: userAgent,
        assinatura_png: assinatura,
        pdf_sha256: pdf.sha256,
        pdf: pdf.bytes.toString('base64'),
        documento: pdf.documento,
      });
      await q.setStatusOrcamento(tx, { id: o.id, status: 'aprovado' });
      let venda = false;
      if (empresa.venda_automatica) {
        // The same rules and the same transaction as POST /api/orcamentos/:id/venda.
        await gerarVenda(tx, { ...o, status: 'aprovado' }, config.tzNegocio);
        venda = true;
      }
      await publish(tx, 'orcamentos', 'aprovado', o.id, o.numero);
      return { erro: undefined, numero: o.numero, venda, pdf_sha256: pdf.sha256 };
    });
    if (r.erro !== undefined) {
      if (r.erro <= 0) throw conflict('Link bloqueado', MSG_BLOQUEADO);
      const message = `Os dígitos não conferem com o CPF/CNPJ do cadastro. ${
        r.erro === 1 ? 'Resta 1 tentativa' : `Restam ${r.erro} tentativas`
      } antes de o link ser bloqueado.`;
      throw badRequest(message, [{ path: 'documento', message }]);
    }
    return c.json({
      estado: 'aprovado' as const,
      numero: r.numero,
      venda: r.venda,
      pdf_sha256: r.pdf_sha256,
    });
  })
  .post('/orcamentos/:token/alteracao', doc.postAlteracao, async (c) => {
    const found = await linkDe(c);
    const { mensagem } = await parseBody(c, alteracaoInput);
    const { db, config } = c.get('deps');
    await db.transaction(async (tx) => {
      const o = await q.lockOrcamento(tx, { id: found.orcamento_id });
      if (!o) throw linkNotFound();
      if (o.status !== 'pendente') throw conflict('Orçamento respondido', MSG_DECIDIDO);
      await lq.insertAlteracao(tx, {
        orcamento_id: o.id,
        versao: o.updated_at,
        mensagem,
        ip: clientAddress(c, config),
      });
      await publish(tx, 'orcamentos', 'alteracao', o.id, o.numero);
    });
    return c.json({ ok: true }, 201);
  });
