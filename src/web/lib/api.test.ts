import { describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api';
import { settle, withFakeClock } from './fake-clock.test-helpers';

interface Call {
  path: string;
  method: string;
  key: string | null;
}

let calls: Call[];
function mockFetch(outcomes: ('drop' | number)[]) {
  calls = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    calls.push({ path: input, method: String(init.method), key: headers.get('idempotency-key') });
    const next = outcomes.shift() ?? 'drop';
    if (next === 'drop') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ id: 'v1' }), {
      status: next,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
}

withFakeClock();

describe('api.post', () => {
  it('retries a dropped connection with the same Idempotency-Key and returns the answer', async () => {
    mockFetch(['drop', 'drop', 201]);
    const r = await settle(api.post<{ id: string }>('/clientes', { nome: 'A' }));
    expect(r).toEqual({ ok: true, v: { id: 'v1' } });
    expect(calls).toHaveLength(3);
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
    expect(calls.every((c) => c.method === 'POST' && c.path === '/api/clientes')).toBe(true);
  });

  it('gives up after two retries with "Sem conexão" (status 0)', async () => {
    mockFetch(['drop', 'drop', 'drop', 201]);
    const r = await settle(api.post('/clientes', {}));
    expect(r.ok).toBe(false);
    expect((r as { e: ApiError }).e).toBeInstanceOf(ApiError);
    expect((r as { e: ApiError }).e.status).toBe(0);
    expect(calls).toHaveLength(3);
  });

  it("uses the caller's key, and a new key per call otherwise", async () => {
    mockFetch([201, 201, 201]);
    await settle(api.post('/clientes', {}, { idempotencyKey: 'chave-do-form' }));
    await settle(api.post('/clientes', {}));
    await settle(api.post('/clientes', {}));
    expect(calls[0]!.key).toBe('chave-do-form');
    expect(calls[1]!.key).not.toBe(calls[2]!.key);
  });

  it('does not retry an answer from the server (only a dropped connection)', async () => {
    mockFetch([409, 201]);
    const r = await settle(api.post('/clientes', {}));
    expect(r.ok).toBe(false);
    expect((r as { e: ApiError }).e.status).toBe(409);
    expect(calls).toHaveLength(1);
  });

  it('never retries or keys a PUT/DELETE', async () => {
    mockFetch(['drop', 200]);
    const r = await settle(api.put('/clientes/1', {}));
    expect(r.ok).toBe(false);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.key).toBeNull();
  });
});
