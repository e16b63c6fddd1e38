import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withFakeClock } from '../../lib/fake-clock.test-helpers';

/** The phone's storage: a Map behind the Storage methods fila.ts uses; it outlives a module reload. */
class FakeStorage {
  readonly data = new Map<string, string>();
  /** The site's quota, in characters (a phone's is about 5 MB). */
  limite = Number.POSITIVE_INFINITY;
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (v.length > this.limite) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

interface Call {
  method: string;
  path: string;
  key: string | null;
  body: Record<string, unknown>;
}
type Outcome = 'drop' | { status: number; body?: unknown };

let storage: FakeStorage;
let calls: Call[];
/** What the server does next; each call takes the first outcome, an empty list answers 200. */
let outcomes: Outcome[];

function stubFetch() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      calls.push({
        method: String(init.method),
        path: input,
        key: headers.get('idempotency-key'),
        body: init.body ? JSON.parse(String(init.body)) : {},
      });
      const next = outcomes.shift() ?? { status: 200, body: {} };
      if (next === 'drop') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(next.body ?? {}), {
        status: next.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

/** fila.ts as a page loads it: module state fresh, localStorage as the last page left it. */
async function carregarPagina() {
  vi.resetModules();
  return import('./fila');
}

/** Lets the retry back-off of lib/api (0.3 s, 1 s) and pending promises run on the fake clock. */
const esperar = (ms = 2_000) => vi.advanceTimersByTimeAsync(ms);

const problem = (status: number, title: string, detail: string) => ({
  status,
  body: { type: 'about:blank', title, status, detail },
});

const acao = (n: number, etapa?: { osId: string; etapaId: string }) => ({
  metodo: 'POST' as const,
  caminho: `/ordens-servico/os1/etapas/e${n}/iniciar`,
  corpo: { updated_at: `2026-01-0${n}T10:00:00.000Z` },
  rotulo: `Ação ${n}`,
  etapa,
});

withFakeClock();
beforeEach(() => {
  storage = new FakeStorage();
  vi.stubGlobal('localStorage', storage);
  calls = [];
  outcomes = [];
  stubFetch();
});

/** Queues `n` actions while the connection is down (each attempt and its two retries dropped). */
async function enfileirar(fila: Awaited<ReturnType<typeof carregarPagina>>, ns: number[]) {
  for (const n of ns) {
    outcomes.push('drop', 'drop', 'drop');
    const r = fila.enviar(acao(n));
    await esperar();
    expect(await r).toEqual({ resultado: 'na-fila' });
  }
  calls = [];
}

/** One action queued offline, then a run of the queue that gets `resposta` from the server. */
async function umaNaFilaERecebe(resposta: Outcome) {
  const fila = await carregarPagina();
  await enfileirar(fila, [1]);
  outcomes.push(resposta);
  await fila.processarFila();
  return fila;
}

const salvos = () =>
  JSON.parse(storage.getItem('lavra.producao.fila') ?? '[]') as {
    id: string;
    rotulo: string;
    chave: string;
    erro?: string;
  }[];

describe('the retry queue of the installer phone (fila.ts)', () => {
  it('keeps the actions in the order they were made, each with its own key, and sends them in that order', async () => {
    const fila = await carregarPagina();
    await enfileirar(fila, [1, 2]);
    // A third action while two still wait goes behind them, not ahead (server down still: 503).
    outcomes.push(problem(503, 'Indisponível', 'Servidor ocupado.'));
    expect(await fila.enviar(acao(3))).toEqual({ resultado: 'na-fila' });
    await esperar();
    // The run the third action started tried the head of the queue (action 1), not action 3.
    expect(calls.map((c) => c.path)).toEqual(['/api/ordens-servico/os1/etapas/e1/iniciar']);
    expect(salvos().map((p) => p.rotulo)).toEqual(['Ação 1', 'Ação 2', 'Ação 3']);
    const chaves = salvos().map((p) => p.chave);
    expect(new Set(chaves).size).toBe(3);

    calls = [];
    await fila.processarFila();
    expect(calls.map((c) => c.path)).toEqual([
      '/api/ordens-servico/os1/etapas/e1/iniciar',
      '/api/ordens-servico/os1/etapas/e2/iniciar',
      '/api/ordens-servico/os1/etapas/e3/iniciar',
    ]);
    // Each sent with the key it was queued with, and the body as made.
    expect(calls.map((c) => c.key)).toEqual(chaves);
    expect(calls[1]!.body).toEqual({ updated_at: '2026-01-02T10:00:00.000Z' });
    expect(salvos()).toEqual([]);
  });

  it('a 5xx keeps the action (same key) and stops there; it survives a reload and is sent later', async () => {
    let fila = await carregarPagina();
    await enfileirar(fila, [1, 2]);
    const chave = salvos()[0]!.chave;

    outcomes.push(problem(502, 'Bad Gateway', 'Proxy sem resposta.'));
    await fila.processarFila();
    // Only the head was tried: action 2 never overtakes a kept action 1.
    expect(calls.map((c) => c.path)).toEqual(['/api/ordens-servico/os1/etapas/e1/iniciar']);
    expect(salvos().map((p) => [p.rotulo, p.erro])).toEqual([
      ['Ação 1', undefined],
      ['Ação 2', undefined],
    ]);

    // The page is closed and opened again: the queue is read back from localStorage.
    fila = await carregarPagina();
    calls = [];
    await fila.processarFila();
    expect(calls.map((c) => c.key)[0]).toBe(chave);
    expect(calls).toHaveLength(2);
    expect(salvos()).toEqual([]);
  });

  it('sends the queue again by itself 15 s after a failed attempt', async () => {
    await umaNaFilaERecebe(problem(503, 'Indisponível', 'Servidor ocupado.'));
    expect(calls).toHaveLength(1);
    await esperar(14_000);
    expect(calls).toHaveLength(1);
    await esperar(2_000);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(salvos()).toEqual([]);
  });

  it('a call while an attempt is still out (the phone just came online) runs the queue again at once', async () => {
    const fila = await carregarPagina();
    await enfileirar(fila, [1]);
    // The attempt under way when the connection returns: its answer (a 503) comes after the event.
    let responder: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        calls.push({ method: 'POST', path: input, key: null, body: {} });
        if (calls.length > 1) return Promise.resolve(new Response('{}', { status: 200 }));
        return new Promise<Response>((r) => {
          responder = r;
        });
      }),
    );
    const emCurso = fila.processarFila();
    await esperar(0);
    void fila.processarFila(); // the "online" event
    responder(new Response(JSON.stringify({ title: 'Indisponível', detail: 'Ocupado.' }), { status: 503 }));
    await emCurso;
    // Sent again right away, not 15 s later.
    expect(calls).toHaveLength(2);
    expect(salvos()).toEqual([]);
  });

  it('a 4xx sets the action aside with the server’s reason, never sends it again, and goes on with the rest', async () => {
    const fila = await carregarPagina();
    await enfileirar(fila, [1, 2]);
    const avisos: string[] = [];
    fila.aoEnviar((p, resultado) => avisos.push(`${resultado}: ${p.rotulo}${p.erro ? ` (${p.erro})` : ''}`));

    outcomes.push(problem(409, 'Etapa concluída', 'Esta etapa já foi concluída.'), { status: 200 });
    await fila.processarFila();
    expect(calls.map((c) => c.path)).toEqual([
      '/api/ordens-servico/os1/etapas/e1/iniciar',
      '/api/ordens-servico/os1/etapas/e2/iniciar',
    ]);
    // What the banner shows: "Não salvo — Ação 1: Esta etapa já foi concluída."
    expect(salvos()).toEqual([
      expect.objectContaining({ rotulo: 'Ação 1', erro: 'Esta etapa já foi concluída.' }),
    ]);
    expect(avisos).toEqual(['recusado: Ação 1 (Esta etapa já foi concluída.)', 'enviado: Ação 2']);

    // Never again: not by another run, not by the timer, not when the connection comes back.
    calls = [];
    await fila.processarFila();
    await esperar(60_000);
    expect(calls).toEqual([]);
    // It stays listed until the installer dismisses the notice.
    fila.descartar(salvos()[0]!.id);
    expect(salvos()).toEqual([]);
  });

  it('a stale version of a start/complete is read again and sent once more; a second refusal is shown', async () => {
    const fila = await carregarPagina();
    outcomes.push('drop', 'drop', 'drop');
    const r = fila.enviar(acao(1, { osId: 'os1', etapaId: 'e1' }));
    await esperar();
    expect(await r).toEqual({ resultado: 'na-fila' });
    calls = [];

    const conflito = problem(
      409,
      'Conflito de edição',
      'Este registro foi alterado por outra pessoa. Recarregue.',
    );
    outcomes.push(
      conflito,
      { status: 200, body: { etapas: [{ id: 'e1', updated_at: '2026-02-01T08:00:00.000Z' }] } },
      conflito,
    );
    await fila.processarFila();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/ordens-servico/os1/etapas/e1/iniciar',
      'GET /api/ordens-servico/os1',
      'POST /api/ordens-servico/os1/etapas/e1/iniciar',
    ]);
    expect(calls[2]!.body).toEqual({ updated_at: '2026-02-01T08:00:00.000Z' });
    expect(salvos()).toEqual([
      expect.objectContaining({ erro: 'Este registro foi alterado por outra pessoa. Recarregue.' }),
    ]);
    calls = [];
    await esperar(60_000);
    expect(calls).toEqual([]);
  });

  it('a refusal of a new action is the caller’s to show: thrown, nothing queued', async () => {
    const fila = await carregarPagina();
    outcomes.push(problem(400, 'Dados inválidos', 'A foto deve ter no máximo 1 MB.'));
    await expect(fila.enviar(acao(1))).rejects.toMatchObject({
      status: 400,
      detail: 'A foto deve ter no máximo 1 MB.',
    });
    expect(salvos()).toEqual([]);
  });

  it('an expired session (401) keeps the action for after the sign-in', async () => {
    await umaNaFilaERecebe(problem(401, 'Não autenticado', 'Sessão expirada.'));
    expect(salvos()).toEqual([expect.objectContaining({ rotulo: 'Ação 1' })]);
    expect(salvos()[0]!.erro).toBeUndefined();
  });

  it('a queue the phone has no room to store stays in memory, says so, and is still sent', async () => {
    const fila = await carregarPagina();
    await enfileirar(fila, [1]);
    expect(fila.semEspacoNoAparelho()).toBe(false);
    // A photo does not fit in what is left of the quota.
    storage.limite = 2_000;
    outcomes.push('drop', 'drop', 'drop');
    const foto = { ...acao(2), corpo: { imagem: `data:image/jpeg;base64,${'A'.repeat(5_000)}` } };
    const r = fila.enviar(foto);
    await esperar();
    expect(await r).toEqual({ resultado: 'na-fila' });
    expect(fila.semEspacoNoAparelho()).toBe(true);
    // Stored: the head that fits (action 1); in memory: both, in order.
    expect(salvos().map((p) => p.rotulo)).toEqual(['Ação 1']);
    calls = [];
    outcomes.push({ status: 200 }, problem(503, 'Indisponível', 'Servidor ocupado.'));
    await fila.processarFila();
    // Action 1 sent: it leaves the stored list too (a reload must not send it again); action 2 waits
    // in memory only, and the banner still warns.
    expect(salvos()).toEqual([]);
    expect(fila.semEspacoNoAparelho()).toBe(true);
    calls = [];
    await fila.processarFila();
    expect(calls.map((c) => c.path)).toEqual(['/api/ordens-servico/os1/etapas/e2/iniciar']);
    expect(calls[0]!.body).toEqual(foto.corpo);
    expect(salvos()).toEqual([]);
    expect(fila.semEspacoNoAparelho()).toBe(false);
  });

  it('a start queued under the removed /producao/etapas path is sent to its OS stage path', async () => {
    const antigo = {
      ...acao(1, { osId: 'os9', etapaId: 'e1' }),
      caminho: '/producao/etapas/e1/iniciar',
      id: 'p1',
      chave: 'k1',
      criado_em: '2026-01-01T10:00:00.000Z',
    };
    storage.setItem('lavra.producao.fila', JSON.stringify([antigo]));
    const fila = await carregarPagina();
    await fila.processarFila();
    expect(calls.map((c) => `${c.method} ${c.path} ${c.key}`)).toEqual([
      'POST /api/ordens-servico/os9/etapas/e1/iniciar k1',
    ]);
    expect(salvos()).toEqual([]);
  });
});
