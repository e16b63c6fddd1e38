import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress } from './client-address';
import { loadConfig, parseProxyFrom, parseTrustProxy } from './config';

const seen = async (trustProxy: number, xff?: string | string[]) => {
  const app = new Hono().get('/', (c) =>
    c.text(clientAddress(c, { trustProxy, trustProxyFrom: ['127.0.0.1'] })),
  );
  const headers = new Headers();
  for (const v of xff === undefined ? [] : Array.isArray(xff) ? xff : [xff])
    headers.append('x-forwarded-for', v);
  return (await app.request('http://localhost/', { headers })).text();
};

describe('clientAddress', () => {
  it('ignores X-Forwarded-For without a trusted proxy', async () => {
    expect(await seen(0, '203.0.113.9')).toBe('local');
  });

  it('takes the entry the trusted proxy appended, never the client-written left-most one', async () => {
    expect(await seen(1, '1.1.1.1, 10.9.8.7, 203.0.113.9')).toBe('203.0.113.9');
    expect(await seen(1, ['1.1.1.1', '203.0.113.9'])).toBe('203.0.113.9');
  });

  it('with TRUST_PROXY=n takes the n-th entry from the right (hop count)', async () => {
    // client → proxy A (appends the client) → proxy B (appends A) → server
    expect(await seen(2, 'forjado, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    // a chain shorter than the hop count: as far as the proxies reach
    expect(await seen(3, '203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
  });

  it('strips ports and brackets, and cuts junk short', async () => {
    expect(await seen(1, '203.0.113.9:4711')).toBe('203.0.113.9');
    expect(await seen(1, '[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect((await seen(1, 'x'.repeat(500))).length).toBe(64);
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    // IPv4-mapped: the IPv4 address
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:a:b:1:2:3:4', '2001:db8:a:b::/64'],
    ['2001:db8:a:b::ffff', '2001:db8:a:b::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['local', 'local'],
  ])('IPv4 as is, IPv6 by its /64: %s → %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});

describe('TRUST_PROXY', () => {
  it('is a hop count; anything else refuses to start with a clear message', () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(() => parseTrustProxy('yes')).toThrow(/TRUST_PROXY inválido/);
  });
});

describe('TRUST_PROXY_FROM and HOST (issue 26: a direct connection chose its own address)', () => {
  /** A real socket from 127.0.0.1, saying it is someone else. */
  const overSocket = async (trustProxyFrom: string[]) => {
    const app = new Hono().get('/', (c) => c.text(clientAddress(c, { trustProxy: 1, trustProxyFrom })));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as { port: number };
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
      });
      return await res.text();
    } finally {
      await new Promise((r) => server.close(r));
    }
  };

  it('believes X-Forwarded-For only on a connection from a listed proxy', async () => {
    expect(await overSocket(['10.0.0.1'])).toBe('127.0.0.1');
    expect(await overSocket(['10.0.0.0/8', '::1'])).toBe('127.0.0.1');
    expect(await overSocket(['127.0.0.1'])).toBe('203.0.113.9');
    expect(await overSocket(['127.0.0.0/8'])).toBe('203.0.113.9');
  });

  it('defaults to the loopback, refuses a bad entry, and reads HOST', () => {
    expect(parseProxyFrom(undefined)).toEqual(['127.0.0.1', '::1']);
    expect(parseProxyFrom(' 10.0.0.2 , 192.168.0.0/16')).toEqual(['10.0.0.2', '192.168.0.0/16']);
    expect(() => parseProxyFrom('nginx')).toThrow(/TRUST_PROXY_FROM inválido/);
    expect(loadConfig({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(loadConfig({}).host).toBeUndefined();
  });
});
