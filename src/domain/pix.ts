// The Pix "copia e cola" (BR Code, EMV QRCPS) the shop charges with: a key in the DICT's canonical form
// for its kind, and a name and city in the characters the standard allows, their lengths counted in
// bytes. pix-utils writes the TLV fields but trusts its input (it counts UTF-16 units and lets any
// character and any key through), so nothing reaches it that is not already valid.
import { getPixKeyInfo, type PixKeyType } from '@brazilian-utils/brazilian-utils';
import { createStaticPix, hasError } from 'pix-utils';

export const MSG_CHAVE_PIX =
  'Chave Pix inválida: informe um CPF ou CNPJ válido, um celular com DDD, um e-mail ou uma chave aleatória.';

/**
 * A key in the form the DICT registers it: CPF/CNPJ digits (check digits verified), a mobile phone as
 * +55DDDNUMBER, an e-mail in lower case, a random key (EVP) as a lower-case UUID; null when it is none.
 */
export function chavePix(raw: string | null | undefined): { tipo: PixKeyType; chave: string } | null {
  const info = getPixKeyInfo((raw ?? '').trim());
  return info ? { tipo: info.type, chave: info.value } : null;
}

/**
 * A name or city as the BR Code carries them: accents dropped (São → Sao), anything outside printable
 * ASCII removed (º, –, ™, emoji), spaces collapsed, cut to `max` bytes (ASCII: one byte a character).
 */
export function textoPix(s: string | null | undefined, max: number): string {
  return (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** EMV limits: merchant name (59) 25 bytes, city (60) 15 bytes. */
export const PIX_NOME_MAX = 25;
export const PIX_CIDADE_MAX = 15;

/** The "copia e cola" for `valor` (R$, already cents), or null without a valid key or with nothing to pay. */
export function pixCopiaECola(p: {
  chave: string | null | undefined;
  nome: string | null | undefined;
  cidade: string | null | undefined;
  valor: number;
}): string | null {
  const chave = chavePix(p.chave);
  if (!chave || !(p.valor > 0)) return null;
  const pix = createStaticPix({
    merchantName: textoPix(p.nome, PIX_NOME_MAX) || 'Recebedor',
    merchantCity: textoPix(p.cidade, PIX_CIDADE_MAX) || 'Brasil',
    pixKey: chave.chave,
    transactionAmount: p.valor,
  });
  return hasError(pix) ? null : pix.toBRCode();
}
