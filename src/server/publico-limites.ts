// The throttle of the routes without a session (the quote's link, the DANFE link): one place, so both
// count the same way and answer the same 429.
import type { Context } from 'hono';
import { contarRequisicao } from '../db/queries/orcamento-cliente';
import { addressKey, clientAddress } from './client-address';
import type { AppEnv } from './context';
import { HttpError } from './errors';

/** Requests per minute per token (per address: `config.publicoPorEndereco`). */
export const PUBLICO_LIMITES = Object.freeze({ porToken: 60, janelaS: 60 });

export const muitasRequisicoes = () =>
  new HttpError(429, 'Muitas requisições', 'Muitas requisições seguidas. Aguarde um minuto e tente de novo.');

/** Counts this request under `prefixo` for the caller's address; 429 past the limit. */
export async function limitarEndereco(c: Context<AppEnv>, prefixo: string): Promise<void> {
  const { db, config } = c.get('deps');
  const n = await contarRequisicao(db, {
    chave: `${prefixo}:${addressKey(clientAddress(c, config))}`,
    janelaS: PUBLICO_LIMITES.janelaS,
  });
  if ((n ?? 0) > config.publicoPorEndereco) throw muitasRequisicoes();
}
