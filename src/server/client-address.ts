import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** An address as written in X-Forwarded-For: "1.2.3.4", "1.2.3.4:5678", "[::1]:5678" or "::1". */
function bareAddress(entry: string): string {
  const s = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed) return bracketed[1]!;
  const v4port = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(s);
  if (v4port) return v4port[1]!;
  return s;
}

/** How far X-Forwarded-For is believed (config: TRUST_PROXY, TRUST_PROXY_FROM). */
export interface ProxyTrust {
  trustProxy: number;
  /** Addresses or CIDR blocks of the proxies; only a connection from one of them may say who the client is. */
  trustProxyFrom: readonly string[];
}

const lists = new WeakMap<readonly string[], BlockList>();

/** TRUST_PROXY_FROM's entries ("127.0.0.1", "10.0.0.0/8", "::1") as a BlockList; throws on a bad one. */
export function proxyList(entries: readonly string[]): BlockList {
  let list = lists.get(entries);
  if (list) return list;
  list = new BlockList();
  for (const e of entries) {
    const [addr = '', bits] = e.split('/');
    const type = isIP(addr) === 6 ? 'ipv6' : isIP(addr) === 4 ? 'ipv4' : null;
    if (!type || (bits !== undefined && !/^\d{1,3}$/.test(bits)))
      throw new Error(
        `TRUST_PROXY_FROM inválido ("${e}"): informe endereços IP ou blocos CIDR separados por vírgula.`,
      );
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  lists.set(entries, list);
  return list;
}

function peerAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // in-process requests (tests) have no socket
  }
}

function fromTrustedProxy(peer: string, entries: readonly string[]): boolean {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(peer);
  const addr = mapped ? mapped[1]! : peer;
  const type = isIP(addr) === 6 ? 'ipv6' : isIP(addr) === 4 ? 'ipv4' : null;
  return !!type && proxyList(entries).check(addr, type);
}

/**
 * The client's address: the socket's peer, or — behind `trustProxy` reverse proxies — the address the
 * outermost trusted proxy saw, i.e. the `trustProxy`-th X-Forwarded-For entry counted from the right.
 * Entries to its left were written by the client and prove nothing (issue 12 §5: taking the left-most
 * one let 20 rotating values escape the sign-in limit). A chain shorter than `trustProxy` gives its
 * left-most entry, as far as the proxies reach. The header is believed only on a connection from one
 * of `trustProxyFrom` (issue 26: a direct connection to the port chose its own address); a request
 * with no socket at all is the in-process test client's. Every reader of the client address goes
 * through here.
 */
export function clientAddress(c: Context, trust: ProxyTrust): string {
  const peer = peerAddress(c);
  const { trustProxy } = trust;
  if (trustProxy > 0 && (peer === null || fromTrustedProxy(peer, trust.trustProxyFrom))) {
    // Several X-Forwarded-For headers are one list, in order (RFC 9110 §5.3); Headers joins them.
    const chain = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    if (chain.length) {
      const entry = chain[Math.max(0, chain.length - trustProxy)]!;
      // A trusted proxy writes an address; anything else is cut short so it cannot bloat a key.
      const addr = bareAddress(entry);
      return isIP(addr) ? addr.toLowerCase() : addr.slice(0, 64);
    }
  }
  return peer ?? 'local';
}

/**
 * The key an address is throttled by: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 — one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would give an attacker a
 * fresh burst per address.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  // an embedded IPv4 tail (…:1.2.3.4) is two groups; they are never within the first four
  const groups = address.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
