import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * NFE.io signs each webhook delivery with HMAC-SHA1 of the raw body bytes and the webhook's secret,
 * hex (upper case on the wire) prefixed `sha1=`, in the X-Hub-Signature header. The check runs on the
 * bytes received (a re-serialised JSON would differ) and compares in constant time.
 */
export const CABECALHO_ASSINATURA = 'x-hub-signature';

export function assinar(corpo: Uint8Array | string, segredo: string): string {
  return `sha1=${createHmac('sha1', segredo).update(corpo).digest('hex').toUpperCase()}`;
}

export function assinaturaValida(
  corpo: Uint8Array,
  assinatura: string | undefined,
  segredo: string,
): boolean {
  if (!assinatura || !segredo) return false;
  const m = /^sha1=([0-9a-fA-F]{40})$/.exec(assinatura.trim());
  if (!m) return false;
  const recebida = Buffer.from(m[1]!.toLowerCase(), 'hex');
  const esperada = createHmac('sha1', segredo).update(corpo).digest();
  return recebida.length === esperada.length && timingSafeEqual(recebida, esperada);
}
