import { isIP } from 'node:net';
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

/**
 * The client's address: the socket's peer, or — behind `trustProxy` reverse proxies — the address the
 * outermost trusted proxy saw, i.e. the `trustProxy`-th X-Forwarded-For entry counted from the right.
 * Entries to its left were written by the client and prove nothing (issue 12 §5: taking the left-most
 * one let 20 rotating values escape the sign-in limit). A chain shorter than `trustProxy` gives its
 * left-most entry, as far as the proxies reach. Every reader of the client address goes through here.
 */
export function clientAddress(c: Context, trustProxy: number): string {
  if (trustProxy > 0) {
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
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local'; // in-process requests (tests) have no socket
  }
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
