// WhatsApp links of the quote screens: no library, wa.me with the number and an encoded text.
import { onlyDigits } from '../../../schemas/documentos';

/** A Brazilian mobile: DDD + 9 digits starting with 9 (a landline cannot receive WhatsApp). */
export function celularWhatsapp(telefone: string | null | undefined): string | null {
  let d = onlyDigits(telefone);
  if (d.length === 13 && d.startsWith('55')) d = d.slice(2);
  return d.length === 11 && d[2] === '9' ? d : null;
}

export function whatsappUrl(celular: string, texto: string) {
  return `https://wa.me/55${celular}?text=${encodeURIComponent(texto)}`;
}
