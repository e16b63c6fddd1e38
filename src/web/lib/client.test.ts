import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { client, json } from './client';
import { settle, withFakeClock } from './fake-clock.test-helpers';

// The typed client sends through lib/api.ts's `request`: what the hand-written calls guaranteed
// (problem+json → ApiError, Idempotency-Key and retry on POST) holds for it too.

interface Call {
  url: string;
  method: string;
  key: string | null;
  body: unknown;
}
let calls: Call[];
function mockFetch(outcomes: ('drop' | [number, unknown])[]) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      calls.push({
        url: input,
        method: String(init.method),
        key: headers.get('idempotency-key'),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const next = outcomes.shift() ?? 'drop';
      if (next === 'drop') throw new TypeError('Failed to fetch');
      return Response.json(next[1], { status: next[0] });
    }),
  );
}

withFakeClock();

describe('typed client', () => {
  it("a POST carries the form's Idempotency-Key and retries a dropped connection with it", async () => {
    mockFetch(['drop', [201, { id: 'c1', nome: 'Ana' }]]);
    const r = await settle(
      json(
        client.clientes.$post(
          { json: { nome: 'Ana', tipo: 'Pessoa Física', telefone: '(27) 99999-0000' } },
          { headers: { 'idempotency-key': 'chave-do-form' } },
        ),
      ),
    );
    expect(r).toEqual({ ok: true, v: { id: 'c1', nome: 'Ana' } });
    expect(calls.map((c) => [c.method, c.url, c.key])).toEqual([
      ['POST', '/api/clientes', 'chave-do-form'],
      ['POST', '/api/clientes', 'chave-do-form'],
    ]);
    expect(calls[0]!.body).toEqual({ nome: 'Ana', tipo: 'Pessoa Física', telefone: '(27) 99999-0000' });
  });

  it('a POST without a key gets a new one; a PATCH gets none and is not retried', async () => {
    mockFetch([[201, {}], 'drop']);
    await settle(json(client.backups.$post({})));
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{32,36}$/);
    const r = await settle(
      json(client.vendas[':id'].comissao.$patch({ param: { id: 'v1' }, json: { comissao_paga: true } })),
    );
    expect(r.ok).toBe(false);
    expect(calls.slice(1).map((c) => [c.method, c.url, c.key])).toEqual([
      ['PATCH', '/api/vendas/v1/comissao', null],
    ]);
  });

  it('a problem+json answer is thrown as ApiError with the fields it names; empty query values are left out', async () => {
    mockFetch([
      [
        400,
        { title: 'Dados inválidos', detail: 'Confira os campos.', errors: [{ path: 'q', message: 'x' }] },
      ],
    ]);
    const r = await settle(json(client.clientes.$get({ query: { q: '', page: 2, limit: 20 } })));
    expect(calls[0]!.url).toBe('/api/clientes?page=2&limit=20');
    const e = (r as { e: ApiError }).e;
    expect(e).toBeInstanceOf(ApiError);
    expect([e.status, e.detail, e.errors]).toEqual([
      400,
      'Confira os campos.',
      [{ path: 'q', message: 'x' }],
    ]);
  });
});
