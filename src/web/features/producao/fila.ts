import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, newIdempotencyKey, request } from '../../lib/api';

/**
 * Saves made on a phone with one bar of signal: a save that cannot reach the server (no connection,
 * or the server busy: 5xx) is kept in localStorage with its Idempotency-Key and sent again when the
 * connection returns — the server runs it once whatever the number of attempts. A save the server
 * refuses stays listed with the reason until the user dismisses it: nothing is lost silently.
 */
export interface Pendente {
  id: string;
  metodo: 'POST' | 'PATCH';
  caminho: string;
  corpo: Record<string, unknown>;
  chave: string;
  /** What the user did, as the banner lists it ("Concluir Medição — OS #12"). */
  rotulo: string;
  criado_em: string;
  /** A start/complete: on a stale version it is re-read and sent once more (the intent stands). */
  etapa?: { osId: string; etapaId: string };
  erro?: string;
}

const KEY = 'lavra.producao.fila';
const listeners = new Set<() => void>();
let cache: Pendente[] | null = null;

function ler(): Pendente[] {
  if (cache) return cache;
  try {
    cache = JSON.parse(localStorage.getItem(KEY) ?? '[]') as Pendente[];
  } catch {
    cache = [];
  }
  return cache;
}

function gravar(lista: Pendente[]) {
  cache = lista;
  try {
    localStorage.setItem(KEY, JSON.stringify(lista));
  } catch {
    // Storage full (many photos): the items stay in memory and on screen until sent.
  }
  for (const l of listeners) l();
}

const semConexao = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status >= 500);

async function tentar(p: Pendente): Promise<unknown> {
  try {
    return await request(p.metodo, p.caminho, p.corpo, undefined, p.chave);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 409 || !p.etapa || err.title !== 'Conflito de edição') {
      throw err;
    }
    const os = await request<{ etapas: { id: string; updated_at: string }[] }>(
      'GET',
      `/producao/os/${p.etapa.osId}`,
    );
    const atual = os.etapas.find((e) => e.id === p.etapa?.etapaId);
    if (!atual) throw err;
    return request(
      p.metodo,
      p.caminho,
      { ...p.corpo, updated_at: atual.updated_at },
      undefined,
      newIdempotencyKey(),
    );
  }
}

/**
 * Sends a save now; when the connection fails it is queued and retried (answer `'na-fila'`). A refusal
 * by the server (4xx) is thrown to the caller, which shows it.
 */
export async function enviar(
  p: Omit<Pendente, 'id' | 'chave' | 'criado_em' | 'erro'>,
): Promise<{ resultado: 'enviado'; dados: unknown } | { resultado: 'na-fila' }> {
  const item: Pendente = {
    ...p,
    id: newIdempotencyKey(),
    chave: newIdempotencyKey(),
    criado_em: new Date().toISOString(),
  };
  try {
    return { resultado: 'enviado', dados: await tentar(item) };
  } catch (err) {
    if (!semConexao(err)) throw err;
    gravar([...ler(), item]);
    agendarNovaTentativa();
    return { resultado: 'na-fila' };
  }
}

let rodando = false;
/** Sends the queue in order; stops at the first that still cannot reach the server. */
export async function processarFila(): Promise<void> {
  if (rodando) return;
  rodando = true;
  try {
    for (const p of ler().filter((x) => !x.erro)) {
      try {
        await tentar(p);
        gravar(ler().filter((x) => x.id !== p.id));
      } catch (err) {
        if (semConexao(err)) break;
        const msg = err instanceof ApiError ? err.detail : 'Erro inesperado.';
        gravar(ler().map((x) => (x.id === p.id ? { ...x, erro: msg } : x)));
      }
    }
  } finally {
    rodando = false;
  }
  if (ler().some((x) => !x.erro)) agendarNovaTentativa();
}

let timer: ReturnType<typeof setTimeout> | undefined;
function agendarNovaTentativa() {
  if (timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    void processarFila();
  }, 15_000);
}

export function descartar(id: string) {
  gravar(ler().filter((x) => x.id !== id));
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The queue on screen; sends it again when the phone gets a connection back (and at mount). */
export function useFila() {
  const fila = useSyncExternalStore(subscribe, ler, ler);
  useEffect(() => {
    const online = () => void processarFila();
    window.addEventListener('online', online);
    void processarFila();
    return () => window.removeEventListener('online', online);
  }, []);
  return fila;
}
