// The fiscal provider's credentials (issue 30): its API key and the company's id there, kept as ONE
// AES-256-GCM blob in empresa.fiscal_credenciais. The key is derived (HKDF-SHA256) from FISCAL_CHAVE, or
// from a random secret in DATA_DIR/.chave-fiscal when unset — never from anything in the database, so a
// dump or a backup alone (backups leave the column out anyway) opens nothing. No answer, log, export or
// audit row carries them: the API says only `fiscal_credenciais_definidas`, the audit trigger masks the
// column (migration 0030_fiscal_dados_sql).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import * as q from '../../db/queries/empresa';
import { segredoLocal } from '../backup-key';
import type { Config } from '../config';
import type { AppDeps } from '../context';
import { conflict } from '../errors';

export const FISCAL_KEY_FILE = '.chave-fiscal';
const VERSAO = 'v1';
// Binds the blob to its column: a blob copied into another field does not decrypt there.
const AAD = Buffer.from('lavra:empresa.fiscal_credenciais');

export interface CredenciaisFiscais {
  apiKey: string;
  empresaId: string;
}

function chave(config: Pick<Config, 'fiscalChave' | 'dataDir'>): Buffer {
  return chaveFiscal(config, 'fiscal-credenciais');
}

/** A 32-byte key derived for one use (`uso`) from the fiscal secret: one secret, unrelated keys. */
export function chaveFiscal(config: Pick<Config, 'fiscalChave' | 'dataDir'>, uso: string): Buffer {
  const segredo = segredoLocal({
    valor: config.fiscalChave,
    dataDir: config.dataDir,
    arquivo: FISCAL_KEY_FILE,
    criar: true,
    semPasta:
      'Defina FISCAL_CHAVE: a chave que cifra as credenciais do provedor fiscal (ao menos 32 caracteres).',
    semArquivo: '',
  });
  return Buffer.from(hkdfSync('sha256', segredo, 'lavra', uso, 32));
}

export function cifrarCredenciais(
  config: Pick<Config, 'fiscalChave' | 'dataDir'>,
  c: CredenciaisFiscais,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', chave(config), iv);
  cipher.setAAD(AAD);
  const corpo = Buffer.concat([cipher.update(JSON.stringify(c), 'utf8'), cipher.final()]);
  return `${VERSAO}:${Buffer.concat([iv, cipher.getAuthTag(), corpo]).toString('base64')}`;
}

/** The credentials in a blob, or null when it does not open under this server's key. */
export function decifrarCredenciais(
  config: Pick<Config, 'fiscalChave' | 'dataDir'>,
  blob: string,
): CredenciaisFiscais | null {
  const [versao, b64] = blob.split(':');
  if (versao !== VERSAO || !b64) return null;
  const raw = Buffer.from(b64, 'base64');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', chave(config), raw.subarray(0, 12));
    decipher.setAAD(AAD);
    decipher.setAuthTag(raw.subarray(12, 28));
    const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const v = JSON.parse(json) as Partial<CredenciaisFiscais>;
    return typeof v.apiKey === 'string' && typeof v.empresaId === 'string'
      ? { apiKey: v.apiKey, empresaId: v.empresaId }
      : null;
  } catch {
    return null;
  }
}

/** The message when the stored blob no longer opens (FISCAL_CHAVE changed, or another server's file). */
export const CREDENCIAIS_ILEGIVEIS =
  'As credenciais do provedor fiscal não puderam ser lidas com a FISCAL_CHAVE deste servidor. ' +
  'Informe a chave de API e o ID da empresa de novo na tela Empresa.';

/**
 * The provider's credentials as saved on the Empresa screen, or null when none were saved. A blob that
 * does not open under this server's key is a 409 with what to do, never a provider call with garbage.
 */
export async function credenciaisFiscais(
  deps: Pick<AppDeps, 'db' | 'config'>,
): Promise<CredenciaisFiscais | null> {
  const blob = await q.credenciaisCifradas(deps.db);
  if (!blob) return null;
  const c = decifrarCredenciais(deps.config, blob);
  if (!c) throw conflict('Credenciais do provedor ilegíveis', CREDENCIAIS_ILEGIVEIS);
  return c;
}
