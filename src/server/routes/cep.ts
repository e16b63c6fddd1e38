import { Hono } from 'hono';
import type { EnderecoCep } from '../../schemas/documentos';
import type { AppEnv } from '../context';
import { route } from '../contract';
import { badRequest, HttpError, notFound } from '../errors';

/** The address `GET /api/cep/:cep` answers (the form fills endereço, cidade and UF from it). */
type Endereco = EnderecoCep;

/** ViaCEP's answer: the address, or `{ erro: true }` for a CEP that does not exist. */
interface ViaCep {
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  erro?: boolean | string;
}

export const CEP_TIMEOUT_MS = 5_000;
const CACHE_MAX = 1_000;
const TTL_FOUND_MS = 24 * 60 * 60 * 1000; // addresses hardly ever change
const TTL_UNKNOWN_MS = 60 * 60 * 1000; // a CEP may be created; ask again after an hour

type Lookup = Endereco | null; // null: the service says the CEP does not exist

/**
 * A small in-memory cache, bounded (oldest entry out first) and with a time to live. Keyed by the
 * service's base URL too, so two configurations in one process never mix answers. Each server
 * instance keeps its own: it is only a shortcut, never the source of truth.
 */
class CepCache {
  private entries = new Map<string, { value: Lookup; expires: number }>();
  private inFlight = new Map<string, Promise<Lookup>>();

  get(key: string): Lookup | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: Lookup) {
    this.entries.delete(key);
    if (this.entries.size >= CACHE_MAX) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: Date.now() + (value ? TTL_FOUND_MS : TTL_UNKNOWN_MS) });
  }

  /** One request to the service per CEP at a time, however many screens ask together. */
  async once(key: string, load: () => Promise<Lookup>): Promise<Lookup> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    let p = this.inFlight.get(key);
    if (!p) {
      p = load()
        .then((v) => {
          this.set(key, v);
          return v;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, p);
    }
    return p;
  }

  get size() {
    return this.entries.size;
  }
}

export const cepCache = new CepCache();

const unreachable = () =>
  new HttpError(
    502,
    'Serviço de CEP indisponível',
    'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.',
  );

async function fetchCep(baseUrl: string, cep: string): Promise<Lookup> {
  let res: Response;
  try {
    res = await fetch(`${baseUrl.replace(/\/+$/, '')}/${cep}/json/`, {
      signal: AbortSignal.timeout(CEP_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
  } catch (err) {
    console.error(`CEP ${cep}: serviço inacessível`, (err as Error).message);
    throw unreachable();
  }
  if (res.status === 404) return null;
  if (!res.ok) {
    console.error(`CEP ${cep}: serviço respondeu ${res.status}`);
    throw unreachable();
  }
  let body: ViaCep;
  try {
    body = (await res.json()) as ViaCep;
  } catch {
    console.error(`CEP ${cep}: resposta inválida do serviço`);
    throw unreachable();
  }
  if (!body || typeof body !== 'object') throw unreachable();
  if (body.erro === true || body.erro === 'true') return null;
  return {
    cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
    logradouro: String(body.logradouro ?? ''),
    bairro: String(body.bairro ?? ''),
    cidade: String(body.localidade ?? ''),
    uf: String(body.uf ?? '').toUpperCase(),
  };
}

/** Address lookup for every screen with an address form (api.md `GET /api/cep/:cep`). */
export const cepRoutes = new Hono<AppEnv>().get(
  '/:cep',
  route({
    summary: 'Endereço de um CEP (ViaCEP, com cache)',
    access: ['clientes', 'fornecedores', 'funcionarios', 'arquitetos', 'vendedores'],
    errors: [404, 502, 504],
  }),
  async (c) => {
    const raw = c.req.param('cep');
    if (!/^\d{5}-?\d{3}$/.test(raw)) throw badRequest('CEP inválido: informe os 8 dígitos.');
    const cep = raw.replace('-', '');
    const base = c.get('deps').config.cepApiUrl;
    const endereco = await cepCache.once(`${base}|${cep}`, () => fetchCep(base, cep));
    if (!endereco) throw notFound('CEP não encontrado.');
    return c.json(endereco);
  },
);
