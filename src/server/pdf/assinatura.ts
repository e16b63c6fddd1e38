// The signed copy of an accepted quote: the exact PDF the customer accepted, untouched, plus a last
// page with the signature and the acceptance record (pdf-lib; its standard fonts cover Latin-1).
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export interface AceiteRegistro {
  nome: string;
  created_at: Date;
  ip: string | null;
  user_agent: string | null;
  versao: Date;
  pdf_sha256: string;
  assinatura_png: string;
  pdf: string;
}

// WinAnsi (the standard fonts' encoding) has no glyph outside Latin-1: an emoji in a user agent must
// not break the page.
const latin1 = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

export async function paginaAssinada(a: AceiteRegistro, numero: number, tz: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(Buffer.from(a.pdf, 'base64'));
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const quando = (d: Date) =>
    d.toLocaleString('pt-BR', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' });
  let y = 790;
  const line = (text: string, size = 10, f = font) => {
    // long values (the user agent, the digest) wrap at ~95 characters
    for (let i = 0; i < text.length; i += 95) {
      page.drawText(latin1(text.slice(i, i + 95)), { x: 48, y, size, font: f, color: rgb(0.06, 0.09, 0.16) });
      y -= size + 6;
    }
  };
  line(`Aceite do orçamento Nº ${numero}`, 16, bold);
  y -= 8;
  line(`Aprovado por: ${a.nome}`);
  line(`Data e hora: ${quando(a.created_at)}`);
  line(`Endereço IP: ${a.ip ?? '—'}`);
  line(`Navegador: ${a.user_agent ?? '—'}`);
  line(`Versão aceita: orçamento salvo em ${quando(a.versao)}`);
  line('SHA-256 do documento aceito (as páginas anteriores):');
  line(a.pdf_sha256);
  y -= 12;
  line('Assinatura:', 10, bold);
  const png = await pdf.embedPng(Buffer.from(a.assinatura_png, 'base64'));
  const scale = Math.min(400 / png.width, 160 / png.height, 1);
  const h = png.height * scale;
  page.drawImage(png, { x: 48, y: y - h, width: png.width * scale, height: h });
  page.drawLine({ start: { x: 48, y: y - h - 4 }, end: { x: 448, y: y - h - 4 }, thickness: 0.5 });
  return pdf.save({ useObjectStreams: false });
}
