// The signed copy of an accepted quote: the very document the customer accepted (its stored definition,
// laid out again: the same pages), then the acceptance page, as one file numbered "Página N de M" over
// all its pages, in the embedded Roboto (names in any Latin, Greek or Cyrillic script are kept). The
// exact bytes accepted are served apart, as "PDF aceito"; their SHA-256 is the one printed here.
import type { Content } from 'pdfmake/interfaces';
import type { DocumentoPdf } from '../orcamento-cliente';

export interface AceiteRegistro {
  nome: string;
  created_at: Date;
  ip: string | null;
  user_agent: string | null;
  versao: Date;
  pdf_sha256: string;
  assinatura_png: string;
}

export function documentoAssinado(
  aceito: DocumentoPdf,
  a: AceiteRegistro,
  numero: number,
  tz: string,
  paginasAceitas: number,
): DocumentoPdf {
  const quando = (d: Date) =>
    d.toLocaleString('pt-BR', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' });
  const campo = (k: string, v: string): Content => ({
    text: [{ text: `${k}: `, bold: true }, v],
    margin: [0, 0, 0, 4],
  });
  const pagina: Content[] = [
    {
      text: `Aceite do orçamento Nº ${numero}`,
      fontSize: 16,
      bold: true,
      pageBreak: 'before',
      margin: [0, 0, 0, 12],
    },
    campo('Aprovado por', a.nome),
    campo('Data e hora', quando(a.created_at)),
    campo('Endereço IP', a.ip ?? '—'),
    campo('Navegador', a.user_agent ?? '—'),
    campo('Versão aceita', `orçamento salvo em ${quando(a.versao)}`),
    {
      text: `SHA-256 do PDF aceito (o arquivo "PDF aceito", ${paginasAceitas} ${
        paginasAceitas === 1 ? 'página' : 'páginas'
      }, as páginas anteriores deste documento):`,
      margin: [0, 8, 0, 2],
    },
    { text: a.pdf_sha256, fontSize: 9, margin: [0, 0, 0, 12] },
    { text: 'Assinatura:', bold: true, margin: [0, 0, 0, 4] },
    { image: `data:image/png;base64,${a.assinatura_png}`, fit: [400, 160] },
    { canvas: [{ type: 'line', x1: 0, y1: 4, x2: 400, y2: 4, lineWidth: 0.5 }] },
  ];
  const content = aceito.doc.content;
  return {
    footer: aceito.footer,
    doc: {
      ...aceito.doc,
      info: {
        ...(aceito.doc.info ?? {}),
        title: `Orçamento Nº ${numero} (aceito)`,
        creationDate: a.created_at,
        modDate: a.created_at,
      } as never,
      content: [...(Array.isArray(content) ? content : [content]), ...pagina],
    },
  };
}
