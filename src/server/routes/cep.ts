import { Hono } from 'hono';
import { type EnderecoCep, enderecoCepSchema } from '../../schemas/documentos';
import type { AppEnv } from '../context';
import { route } from '../contract';
import { badRequest, HttpError, notFound } from '../errors';
import type { Logger } from '../log';

/** The address `GET /api/cep/:cep` answers (the form fills endereço, cidade and UF from it). */
type Endereco = EnderecoCep;

/** ViaCEP's answer: the address, or `{ erro: true }` for a CEP that does not exist. */
interface ViaCep {
  cep?: unknown;
  logradouro?: unknown;
  bairro?: unknown;
  localidade?: unknown;
  uf?: unknown;
  erro?: unknown;
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

/** ViaCEP's answers are a few hundred bytes; anything past this is not an address. */
export const CEP_MAX_BYTES = 64 * 1024;

/** The body as text, reading at most `max` bytes (then cancelling the download): null when longer. */
async function readCapped(res: Response, max: number): Promise<string | null> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => {});
    return null;
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A text field of the service's answer; anything else (number, object, array) is a broken answer. */
function text(v: unknown): string | undefined {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : undefined;
}

async function fetchCep(baseUrl: string, cep: string, log: Logger): Promise<Lookup> {
  // The whole exchange, headers and body, within CEP_TIMEOUT_MS: a service that trickles its body
  // holds the request no longer than one that never answers.
  const signal = AbortSignal.timeout(CEP_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(`${baseUrl.replace(/\/+$/, '')}/${cep}/json/`, {
      signal,
      // A redirect is never followed: it could point the server at itself or the internal network.
      redirect: 'manual',
      headers: { accept: 'application/json' },
    });
  } catch (err) {
    log.warn({ cep, erro: (err as Error).name }, 'serviço de CEP inacessível');
    throw unreachable();
  }
  if (res.status === 404) {
    await res.body?.cancel().catch(() => {});
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    log.warn({ cep, status: res.status }, 'serviço de CEP respondeu com erro');
    throw unreachable();
  }
  let body: unknown;
  try {
    const raw = await readCapped(res, CEP_MAX_BYTES);
    if (raw === null) {
      log.warn({ cep, limite: CEP_MAX_BYTES }, 'resposta do serviço de CEP grande demais');
      throw unreachable();
    }
    body = JSON.parse(raw);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    log.warn({ cep, erro: (err as Error).name }, 'resposta inválida do serviço de CEP');
    throw unreachable();
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw unreachable();
  const b = body as ViaCep;
  if (b.erro === true || b.erro === 'true') return null;
  const logradouro = text(b.logradouro);
  const bairro = text(b.bairro);
  const cidade = text(b.localidade);
  const uf = text(b.uf);
  if (logradouro === undefined || bairro === undefined || cidade === undefined || uf === undefined) {
    log.warn({ cep }, 'resposta do serviço de CEP com campo que não é texto');
    throw unreachable();
  }
  return { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, logradouro, bairro, cidade, uf: uf.toUpperCase() };
}

/** Address lookup for every screen with an address form (api.md `GET /api/cep/:cep`). */
export const cepRoutes = new Hono<AppEnv>().get(
  '/:cep',
  route({
    summary: 'Endereço de um CEP (ViaCEP, com cache)',
    description:
      'Aceita `01310100` ou `01310-100` (400 fora disso) e responde `cep`, `logradouro`, `bairro`, `cidade` e `uf`. 404 quando o serviço diz que o CEP não existe; 502 quando ele não responde em 5 s ou responde algo que não é endereço, e o formulário segue com preenchimento manual. Respostas ficam em cache por 24 h (CEP inexistente, 1 h).',
    access: ['clientes', 'fornecedores', 'funcionarios', 'arquitetos', 'vendedores'],
    response: enderecoCepSchema,
    errors: [404, 502],
  }),
  async (c) => {
    const raw = c.req.param('cep');
    if (!/^\d{5}-?\d{3}$/.test(raw)) throw badRequest('CEP inválido: informe os 8 dígitos.');
    const cep = raw.replace('-', '');
    const { config, logger } = c.get('deps');
    const base = config.cepApiUrl;
    const endereco = await cepCache.once(`${base}|${cep}`, () => fetchCep(base, cep, logger));
    if (!endereco) throw notFound('CEP não encontrado.');
    return c.json(endereco);
  },
);
