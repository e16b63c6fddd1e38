// Demo data of issue 30's NFS-e: one authorised NFS-e for the installation of a sale that has one, as
// the provider would have left it (the city's number and verification code, its PDF kept), so the
// sale's "Nota fiscal" section, the Notas fiscais list (filter NFS-e) and the dashboard show one. The
// demo has no provider credentials: nothing here talks to the network.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { queryRows } from '../src/db/queries/common';
import { empresa, notasFiscais } from '../src/db/schema';

/** A one-page PDF that says what it is (the real one comes from the city through the provider). */
function pdfDemonstracao(linhas: string[]): Buffer {
  const texto = linhas
    .map((l, i) => `BT /F1 12 Tf 56 ${780 - i * 18} Td (${l.replace(/[()\\]/g, '')}) Tj ET`)
    .join('\n');
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(texto, 'latin1')} >>\nstream\n${texto}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let corpo = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(Buffer.byteLength(corpo, 'latin1'));
    corpo += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(corpo, 'latin1');
  corpo += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  corpo += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  corpo += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(corpo, 'latin1');
}

export async function demoNfse(db: Db, log: (m: string) => void) {
  await db.update(empresa).set({
    nfse_codigo_servico: '07498',
    nfse_item_lista: '07.02',
    nfse_aliquota_iss: '5.00',
  });
  // the most recent sale with an installation (its quote's value) and no NFS-e yet
  const [v] = await queryRows<{ id: string; numero: number; instalacao: string; cliente: string }>(
    db,
    sql`select v.id, v.numero, o.valor_instalacao as instalacao, c.nome as cliente
          from vendas v join orcamentos o on o.id = v.orcamento_id join clientes c on c.id = v.cliente_id
         where v.status <> 'cancelada' and o.valor_instalacao > 0
           and not exists (select 1 from notas_fiscais n where n.venda_id = v.id and n.tipo = 'nfse')
         order by v.data_venda desc, v.numero desc limit 1`,
  );
  if (!v) return;
  const numeroPrefeitura = 202600000001;
  const autorizada = new Date();
  await db.insert(notasFiscais).values({
    venda_id: v.id,
    tipo: 'nfse',
    serie: 0,
    numero: 1,
    status: 'autorizada',
    provedor_id: 'demonstracao-nfse-1',
    payload: { demonstracao: true, valor: v.instalacao },
    idempotency_key: 'demonstracao-nfse-1',
    tentativas: 1,
    valor_total: v.instalacao,
    autorizada_em: autorizada,
    numero_prefeitura: numeroPrefeitura,
    codigo_verificacao: 'DEMO1A2B',
    xml: `<?xml version="1.0"?><CompNfse><Numero>${numeroPrefeitura}</Numero><CodigoVerificacao>DEMO1A2B</CodigoVerificacao></CompNfse>`,
    danfe: pdfDemonstracao([
      'NFS-e de demonstracao (sem valor fiscal)',
      `Numero ${numeroPrefeitura} - codigo de verificacao DEMO1A2B`,
      `Instalacao da venda ${v.numero}: R$ ${v.instalacao}`,
    ]),
  });
  log(`NFS-e de demonstração autorizada: instalação da venda #${v.numero} (R$ ${v.instalacao}).`);
}
