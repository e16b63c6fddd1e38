// The DANFE's link for the customer (issue 30: "send them to the customer"): a public address that opens
// one invoice's PDF, unguessable and expiring. Unlike the quote's link it is stateless: the token carries
// the invoice's id and its expiry, signed with HMAC-SHA256 under a key derived from the fiscal secret
// (FISCAL_CHAVE or DATA_DIR/.chave-fiscal), so nothing is stored and any server of the cluster reads it.
// Why no table: there is nothing to record (the customer only reads a document the shop may hand anyone
// it names) and nothing to revoke one by one: a cancelled invoice stops answering through every link.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import { chaveFiscal } from './credenciais';

/** How long a link opens the DANFE. */
export const DANFE_LINK_DIAS = 30;
/** 20 bytes of id and expiry and 16 of signature, base64url. */
export const DANFE_TOKEN_RE = /^[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{22}$/;

type ConfigChave = Pick<Config, 'fiscalChave' | 'dataDir'>;

const assinatura = (config: ConfigChave, corpo: Buffer) =>
  createHmac('sha256', chaveFiscal(config, 'danfe-link')).update(corpo).digest().subarray(0, 16);

/** The token for invoice `id` (a uuid), valid until `expiraEm` (to the second). */
export function tokenDanfe(config: ConfigChave, id: string, expiraEm: Date): string {
  const corpo = Buffer.alloc(20);
  Buffer.from(id.replace(/-/g, ''), 'hex').copy(corpo, 0);
  corpo.writeUInt32BE(Math.floor(expiraEm.getTime() / 1000), 16);
  return `${corpo.toString('base64url')}.${assinatura(config, corpo).toString('base64url')}`;
}

/** The invoice id of a token signed here and not expired at `agora`; null for anything else. */
export function notaDoToken(config: ConfigChave, token: string, agora = new Date()): string | null {
  if (!DANFE_TOKEN_RE.test(token)) return null;
  const [a, b] = token.split('.') as [string, string];
  const corpo = Buffer.from(a, 'base64url');
  const dada = Buffer.from(b, 'base64url');
  if (corpo.length !== 20 || dada.length !== 16 || !timingSafeEqual(dada, assinatura(config, corpo)))
    return null;
  if (corpo.readUInt32BE(16) * 1000 <= agora.getTime()) return null;
  const h = corpo.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
