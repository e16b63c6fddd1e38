// The staff's side of sending a quote to the customer: its PDF, its link (create/copy/revoke) and what
// the customer did on it (acceptance record, change requests, a locked link).
import { Hono } from 'hono';
import { getLogo } from '../../db/queries/empresa';
import * as lq from '../../db/queries/orcamento-cliente';
import * as q from '../../db/queries/orcamentos';
import { todayIso } from '../../domain/datas';
import { uuid } from '../../schemas/common';
import { ladoClienteSchema, linkClienteSchema } from '../../schemas/orcamentos-cliente';
import { empresaAtual } from '../casos/empresa';
import { lockOrcamentoOu404, orcamentoNaoEncontrado } from '../casos/orcamento-detalhe';
import { visaoDe } from '../casos/visao-cliente';
import { type AppContext, type AppEnv, currentUser, parseId } from '../context';
import { route } from '../contract';
import { deleteHandler } from '../delete-route';
import { conflict, found, notFound } from '../errors';
import { publish } from '../events';
import {
  hashToken,
  novoNonce,
  pdfAceitoResponse,
  pdfCliente,
  pdfResponse,
  tokenDe,
  validadeDe,
} from '../orcamento-cliente';

const access = ['orcamentos'] as const;

async function pdfDoOrcamento(c: AppContext, id: string) {
  const v = await visaoDe(c.get('deps'), id);
  if (!v) return undefined;
  const { db, config } = c.get('deps');
  return { ...(await pdfCliente(config, id, v.visao, await getLogo(db))), numero: v.visao.numero };
}

const linkUrl = (c: AppContext, token: string) => `${c.get('deps').config.publicUrl}/o/${token}`;

const doc = {
  getPdf: route({
    summary: 'PDF do orçamento para o cliente (sem custos, margem, taxas nem comissões)',
    description:
      'O PDF que o cliente baixa pelo link antes de aprovar, gerado com os dados atuais do orçamento e da empresa (logo incluído). 503 quando muitos PDFs estão sendo gerados ao mesmo tempo: tente de novo em alguns segundos.',
    access,
    produces: 'application/pdf',
    errors: [404, 503],
  }),
  getPdfAceito: route({
    summary: 'O PDF aceito pelo cliente: os bytes exatos que ele aprovou (SHA-256 = pdf_sha256 do aceite)',
    description:
      '404 se o cliente ainda não aprovou pelo link. 410 quando o PDF foi apagado ao anonimizar o cliente (LGPD): o registro do aceite e o seu SHA-256 continuam em `GET .../cliente`.',
    access,
    produces: 'application/pdf',
    errors: [404, 410],
  }),
  postLink: route({
    summary: 'Cria (ou devolve o ativo) o link do cliente: { url, expira_em }',
    description:
      'Um link por orçamento: se já há um ativo, devolve o mesmo com a validade atualizada; um vencido é revogado e trocado por outro. Vale até a validade do orçamento (ou a data dele mais os dias padrão da empresa); 409 se essa data já passou. O endereço é `<url pública>/o/<token>`.',
    access,
    response: linkClienteSchema,
    status: 201,
    errors: [404, 409],
  }),
  deleteLink: route({
    summary: 'Revoga o link do cliente',
    description:
      'O link deixa de abrir na hora (a página pública responde 404). 404 se o orçamento não tem link ativo. Um novo `POST .../link` cria outro token.',
    access,
    status: 204,
    errors: [404],
  }),
  getCliente: route({
    summary: 'O lado do cliente: link ativo, registro de aceite e pedidos de alteração',
    description:
      '`link`: o link ativo com validade, se venceu, as tentativas erradas de dígitos do CPF/CNPJ e se foi bloqueado por elas. `aceite`: quem aprovou, quando, IP, navegador, a versão aprovada e o SHA-256 do PDF aceito. `alteracoes`: os pedidos de alteração do cliente.',
    access,
    response: ladoClienteSchema,
    errors: [404],
  }),
};

export const orcamentosClienteRoutes = new Hono<AppEnv>()
  .get('/:id/pdf', doc.getPdf, async (c) => {
    const pdf = found(await pdfDoOrcamento(c, parseId(c, uuid)), orcamentoNaoEncontrado);
    return pdfResponse(c, pdf.bytes, `orcamento-${pdf.numero}.pdf`);
  })
  .get('/:id/pdf-aceito', doc.getPdfAceito, async (c) => {
    const id = parseId(c, uuid);
    const { db } = c.get('deps');
    const o = found(await q.getOrcamento(db, { id }), orcamentoNaoEncontrado);
    const aceite = found(await lq.aceiteDe(db, { orcamentoId: id }), () =>
      notFound('Este orçamento não foi aceito pelo cliente.'),
    );
    return pdfAceitoResponse(c, aceite, o.numero);
  })
  .post('/:id/link', doc.postLink, async (c) => {
    const id = parseId(c, uuid);
    const { db, config } = c.get('deps');
    const empresa = await empresaAtual(c.get('deps'));
    const me = currentUser(c);
    // Made before the transaction: the secret is read through `db`, which PGlite would make wait
    // behind the open transaction.
    const nonce = novoNonce();
    const tokenHash = hashToken(await tokenDe(db, nonce));
    const link = await db.transaction(async (tx) => {
      // One link per quote: the quote's row lock makes two "Enviar" at once return the same one.
      const o = await lockOrcamentoOu404(tx, id);
      // The link lasts while the quote is valid: its own date, else its date plus the default days.
      const expira = validadeDe(o, empresa.validade_dias, config.tzNegocio);
      const hoje = todayIso(config.tzNegocio);
      if (expira < hoje) {
        throw conflict(
          'Orçamento vencido',
          'A validade deste orçamento já passou. Altere a validade antes de enviar ao cliente.',
        );
      }
      const ativo = await lq.activeLink(tx, { orcamentoId: id });
      if (ativo && ativo.expira_em >= hoje) {
        if (ativo.expira_em !== expira) await lq.setLinkExpiry(tx, { id: ativo.id, expiraEm: expira });
        return { ...ativo, expira_em: expira };
      }
      // An expired link is set aside; the customer gets a new one.
      if (ativo) await lq.revokeLink(tx, { id: ativo.id });
      const row = await lq.insertLink(tx, {
        orcamento_id: id,
        nonce,
        token_hash: tokenHash,
        created_by: me.id,
        expira_em: expira,
      });
      await publish(tx, 'orcamentos', 'atualizado', id);
      return row;
    });
    return c.json({ url: linkUrl(c, await tokenDe(db, link.nonce)), expira_em: link.expira_em }, 201);
  })
  .delete(
    '/:id/link',
    doc.deleteLink,
    deleteHandler(async (tx, id) => {
      const ativo = found(await lq.activeLink(tx, { orcamentoId: id }), () =>
        notFound('Este orçamento não tem link ativo.'),
      );
      await lq.revokeLink(tx, { id: ativo.id });
      await publish(tx, 'orcamentos', 'atualizado', id);
    }),
  )
  .get('/:id/cliente', doc.getCliente, async (c) => {
    const id = parseId(c, uuid);
    const { db, config } = c.get('deps');
    const o = found(await q.getOrcamento(db, { id }), orcamentoNaoEncontrado);
    const [ativo, aceite, alteracoes] = await Promise.all([
      lq.activeLink(db, { orcamentoId: id }),
      lq.aceiteDe(db, { orcamentoId: id }),
      lq.alteracoesDe(db, { orcamentoId: id }),
    ]);
    return c.json({
      link: ativo
        ? {
            url: linkUrl(c, await tokenDe(db, ativo.nonce)),
            expira_em: ativo.expira_em,
            expirado: (o.validade ?? ativo.expira_em) < todayIso(config.tzNegocio),
            tentativas: ativo.tentativas,
            bloqueado: !!ativo.bloqueado_em,
          }
        : null,
      aceite: aceite
        ? {
            nome: aceite.nome,
            em: aceite.created_at,
            ip: aceite.ip,
            user_agent: aceite.user_agent,
            versao: aceite.versao,
            pdf_sha256: aceite.pdf_sha256,
          }
        : null,
      alteracoes,
    });
  });
