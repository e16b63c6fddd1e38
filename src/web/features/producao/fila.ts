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

/**
 * A start/complete queued before stages moved under their OS (`/producao/etapas/:id/...`, removed)
 * goes to the stage's path now; it carries its OS. Photos queued then have no OS and get a 404,
 * listed as refused (never lost silently).
 */
const caminhoAtual = (p: Pendente): Pendente => {
  const m = /^\/producao\/etapas\/([^/]+)\/(iniciar|concluir)$/.exec(p.caminho);
  return m && p.etapa ? { ...p, caminho: `/ordens-servico/${p.etapa.osId}/etapas/${m[1]}/${m[2]}` } : p;
};

function ler(): Pendente[] {
  if (cache) return cache;
  try {
    cache = (JSON.parse(localStorage.getItem(KEY) ?? '[]') as Pendente[]).map(caminhoAtual);
  } catch {
    cache = [];
  }
  return cache;
}

/** The last write to localStorage failed (full: a few photos fill the 5 MB a site gets). */
let semEspaco = false;

/**
 * Stores the queue; when it does not fit, the longest head of it that does (never a stale list: an
 * action already sent must not come back after a reload). The rest stays in memory and on screen until
 * sent, but a reload would lose it: the banner says so (useSemEspaco), never a silent loss.
 */
function gravar(lista: Pendente[]) {
  cache = lista;
  semEspaco = true;
  for (let n = lista.length; n >= 0; n--) {
    try {
      localStorage.setItem(KEY, JSON.stringify(lista.slice(0, n)));
      semEspaco = n < lista.length;
      break;
    } catch {
      // does not fit: try with one item less
    }
  }
  for (const l of listeners) l();
}

/** Whether what waits is only in this page's memory, not stored on the phone (see `gravar`). */
export const semEspacoNoAparelho = () => semEspaco;

/**
 * A failure that says nothing about the save itself, so it is kept and sent again: no connection (0), a
 * timeout or throttle (408, 429), the server busy or down (5xx), or a session that expired (401: the
 * login screen shows, and the queue goes out once the installer is signed in again). Any other answer
 * (400, 403, 404, 409, 422) is the server refusing this save: sending it again would get the same.
 */
export const transitorio = (err: unknown) =>
  err instanceof ApiError &&
  (err.status === 0 || err.status === 401 || err.status === 408 || err.status === 429 || err.status >= 500);

async function tentar(p: Pendente): Promise<unknown> {
  try {
    return await request(p.metodo, p.caminho, p.corpo, undefined, p.chave);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 409 || !p.etapa || err.title !== 'Conflito de edição') {
      throw err;
    }
    const os = await request<{ etapas: { id: string; updated_at: string }[] }>(
      'GET',
      `/ordens-servico/${p.etapa.osId}`,
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
 * by the server (4xx) is thrown to the caller, which shows it. While earlier saves wait in the queue a
 * new one goes behind them, never ahead: the server must see "Iniciar" before "Concluir".
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
  if (!ler().some((x) => !x.erro)) {
    try {
      return { resultado: 'enviado', dados: await tentar(item) };
    } catch (err) {
      if (!transitorio(err)) throw err;
    }
    gravar([...ler(), item]);
    agendarNovaTentativa();
    return { resultado: 'na-fila' };
  }
  gravar([...ler(), item]);
  void processarFila();
  return { resultado: 'na-fila' };
}

type Enviado = (p: Pendente, resultado: 'enviado' | 'recusado') => void;
const enviados = new Set<Enviado>();
/**
 * Told each time a queued save gets the server's answer: sent, or refused (the screen re-reads what
 * it shows either way: a refusal means it was out of date).
 */
export function aoEnviar(fn: Enviado): () => void {
  enviados.add(fn);
  return () => enviados.delete(fn);
}

let rodando = false;
function setRodando(v: boolean) {
  rodando = v;
  for (const l of listeners) l();
}
/** Asked for while a run was under way (the connection came back mid-attempt): one more run at once. */
let deNovo = false;
/**
 * Sends the queue in order, one at a time from its head (a save queued meanwhile is picked up by the
 * same run); stops at the first that still cannot reach the server, and sets aside with the server's
 * reason the one it refuses, which is never sent again. Called during a run, it runs again when that
 * one ends: an "online" event that arrives while a doomed attempt is still out is not lost to the
 * 15-second wait.
 */
export async function processarFila(): Promise<void> {
  if (rodando) {
    deNovo = true;
    return;
  }
  setRodando(true);
  try {
    do {
      deNovo = false;
      await enviarEmOrdem();
    } while (deNovo && proximo());
  } finally {
    setRodando(false);
  }
  if (proximo()) agendarNovaTentativa();
}

async function enviarEmOrdem() {
  for (let p = proximo(); p; p = proximo()) {
    const atual = p;
    try {
      await tentar(atual);
      gravar(ler().filter((x) => x.id !== atual.id));
      for (const fn of enviados) fn(atual, 'enviado');
    } catch (err) {
      if (transitorio(err)) break;
      const msg = err instanceof ApiError ? err.detail : 'Erro inesperado.';
      gravar(ler().map((x) => (x.id === atual.id ? { ...x, erro: msg } : x)));
      for (const fn of enviados) fn({ ...atual, erro: msg }, 'recusado');
    }
  }
}

const proximo = () => ler().find((x) => !x.erro);

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

const useFlag = (get: () => boolean) => useSyncExternalStore(subscribe, get, () => false);
/** Whether the queue is being sent right now (the banner says so and holds "Tentar agora"). */
export const useEnviando = () => useFlag(() => rodando);
/** Whether the queue could not be stored on the phone (the banner asks not to close the page). */
export const useSemEspaco = () => useFlag(semEspacoNoAparelho);

/** The queue as it is now, for a component that shows it (the banner is the one that sends it). */
export const useFilaItens = () => useSyncExternalStore(subscribe, ler, ler);

/** The queue on screen; sends it again when the phone gets a connection back (and at mount). */
export function useFila() {
  const fila = useFilaItens();
  useEffect(() => {
    const online = () => void processarFila();
    window.addEventListener('online', online);
    void processarFila();
    return () => window.removeEventListener('online', online);
  }, []);
  return fila;
}
