// Demo data of the customer's side (issue 15), after the generated shop: the company filled in with a
// logo, one quote shared by link (pending) and one approved by the customer with a drawn signature.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../src/db/client';
import { queryRows } from '../src/db/queries/common';
import { getEmpresa, getLogo, putLogo } from '../src/db/queries/empresa';
import { insertAceite, insertLink, linkSecret } from '../src/db/queries/orcamento-cliente';
import { empresa, orcamentos } from '../src/db/schema';
import { addDaysIso, todayIso } from '../src/domain/datas';
import { detalhe } from '../src/server/casos/orcamento-detalhe';
import { documentoPdf, renderDocumento, visaoCliente } from '../src/server/orcamento-cliente';

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120">
  <rect width="360" height="120" rx="16" fill="#1e293b"/>
  <path d="M24 92 L60 28 L96 92 Z" fill="#e2e8f0"/><path d="M60 92 L84 50 L108 92 Z" fill="#94a3b8"/>
  <text x="124" y="72" font-family="Arial, sans-serif" font-size="34" font-weight="700" fill="#f8fafc">Pedra Bela</text>
</svg>`;

const ASSINATURA_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120">
  <path d="M12 90 C 50 10, 80 120, 120 60 S 190 20, 210 80 S 280 100, 308 40" stroke="#0f172a" stroke-width="3" fill="none"/>
</svg>`;

export async function demoCliente(db: Db, tz: string, log: (m: string) => void) {
  await getEmpresa(db, { nome: 'Marmoraria Pedra Bela' });
  await db
    .update(empresa)
    .set({
      nome: 'Marmoraria Pedra Bela',
      cnpj: '11.222.333/0001-81',
      endereco: 'Av. dos Mármores, 1200',
      cidade: 'São Paulo',
      uf: 'SP',
      cep: '04001-000',
      telefone: '(11) 3456-7890',
      whatsapp: '(11) 98888-7777',
      email: 'contato@pedrabela.com.br',
      validade_dias: 15,
      termos:
        'Prazo de entrega: 15 dias úteis após a medição final.\nA medição final pode ajustar as medidas e o valor em até 5%.\nGarantia de 1 ano contra defeitos de instalação.',
      instrucoes_pagamento: 'Entrada por Pix na aprovação; saldo na instalação.',
      chave_pix: 'contato@pedrabela.com.br',
      // Issue 30: a Simples Nacional shop in São Paulo, testing invoices in homologação (no provider
      // credentials in the demo: the Empresa screen says what is missing).
      regime_tributario: 'simples_nacional',
      inscricao_estadual: '110042490114',
      inscricao_municipal: '12345678',
      municipio_ibge: '3550308',
      nfe_serie: 1,
      nfe_proximo_numero: 1,
      fiscal_provedor: 'nfeio',
      fiscal_ambiente: 'homologacao',
    })
    .where(eq(empresa.id, 1));
  if (!(await getLogo(db))) {
    const png = await sharp(Buffer.from(LOGO_SVG)).png().toBuffer();
    await putLogo(db, { mime: 'image/png', dados: png.toString('base64') });
  }

  const hoje = todayIso(tz);
  const pendentes = await queryRows<{ id: string }>(
    db,
    sql`select id from orcamentos where status = 'pendente' order by created_at desc limit 2`,
  );
  if (pendentes.length < 2) return;
  const secret = await linkSecret(db, { novo: randomBytes(32).toString('hex') });
  const validade = addDaysIso(hoje, 15);
  const links: string[] = [];
  for (const { id } of pendentes) {
    await db.update(orcamentos).set({ validade }).where(eq(orcamentos.id, id));
    const nonce = randomBytes(16).toString('base64url');
    const token = createHmac('sha256', secret).update(nonce).digest('base64url');
    const link = await insertLink(db, {
      orcamento_id: id,
      nonce,
      token_hash: createHash('sha256').update(token).digest('hex'),
      created_by: null,
      expira_em: validade,
    });
    links.push(`/o/${token}`);
    if (links.length === 2) {
      // the second one approved by its customer, as the public page records it (no automatic sale:
      // the "Aprovado" badge and filter show it)
      const o = (await detalhe(db, id))!;
      const e = await getEmpresa(db, { nome: '' });
      const logo = await getLogo(db);
      // The same document and bytes the public page's approval keeps: its SHA-256 is the served
      // "PDF aceito"'s, and GET /api/orcamentos/:id/pdf gives those bytes again.
      const pdf = await renderDocumento(
        documentoPdf(visaoCliente(o, e, tz), logo ? `data:${logo.mime};base64,${logo.dados}` : null),
      );
      const assinatura = await sharp(Buffer.from(ASSINATURA_SVG)).png().toBuffer();
      await db.transaction(async (tx) => {
        await insertAceite(tx, {
          orcamento_id: id,
          link_id: link.id,
          versao: new Date(o.updated_at),
          nome: o.cliente_nome ?? 'Cliente',
          ip: '200.100.50.25',
          user_agent: 'Mozilla/5.0 (Linux; Android 14) Demonstração',
          assinatura_png: assinatura.toString('base64'),
          pdf_sha256: pdf.sha256,
          pdf: pdf.bytes.toString('base64'),
          documento: pdf.documento,
        });
        await tx.update(orcamentos).set({ status: 'aprovado' }).where(eq(orcamentos.id, id));
      });
    }
  }
  log(
    `Empresa e logotipo de demonstração; link de um orçamento pendente: ${links[0]}; aprovado: ${links[1]}`,
  );
}
