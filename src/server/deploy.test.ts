import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

/**
 * The deployment examples under deploy/ (README "Em produção") stay usable: the systemd unit and the
 * nginx site parse, say what the README promises, and agree with the code (variables it reads, the
 * start script, the port). nginx itself is not installed here; this is a structural check.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (f: string) => readFileSync(path.join(root, 'deploy', f), 'utf8');

function parseUnit(text: string): Record<string, Record<string, string[]>> {
  const out: Record<string, Record<string, string[]>> = {};
  let section = '';
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const s = /^\[([A-Za-z]+)\]$/.exec(line);
    if (s) {
      section = s[1]!;
      out[section] = {};
      continue;
    }
    const kv = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (!kv || !section) throw new Error(`linha ${i + 1} inválida: ${line}`);
    const bucket = out[section]!;
    bucket[kv[1]!] = [...(bucket[kv[1]!] ?? []), kv[2]!];
  }
  return out;
}

interface Block {
  name: string;
  args: string[];
  children: (Block | Directive)[];
}
interface Directive {
  name: string;
  args: string[];
}
const isBlock = (n: Block | Directive): n is Block => 'children' in n;

/** nginx's syntax: words, quoted strings, `;` ends a directive, `{ … }` a block, `#` a comment. */
function parseNginx(text: string): Block {
  const tokens: string[] = [];
  const re = /#[^\n]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[{};]|[^\s{};"'#]+/g;
  for (const m of text.matchAll(re)) if (!m[0].startsWith('#')) tokens.push(m[0]);
  const root: Block = { name: 'main', args: [], children: [] };
  const stack = [root];
  let words: string[] = [];
  for (const t of tokens) {
    const top = stack[stack.length - 1]!;
    if (t === ';') {
      if (!words.length) throw new Error('";" sem diretiva');
      top.children.push({ name: words[0]!, args: words.slice(1) });
      words = [];
    } else if (t === '{') {
      if (!words.length) throw new Error('"{" sem nome de bloco');
      const b: Block = { name: words[0]!, args: words.slice(1), children: [] };
      top.children.push(b);
      stack.push(b);
      words = [];
    } else if (t === '}') {
      if (words.length) throw new Error(`diretiva sem ";" antes de "}": ${words.join(' ')}`);
      if (stack.length === 1) throw new Error('"}" a mais');
      stack.pop();
    } else words.push(t);
  }
  if (stack.length !== 1) throw new Error('bloco sem "}"');
  if (words.length) throw new Error(`diretiva sem ";" no fim: ${words.join(' ')}`);
  return root;
}

const directives = (b: Block, name: string) =>
  b.children.filter((c): c is Directive => !isBlock(c) && c.name === name);
const blocks = (b: Block, name: string) =>
  b.children.filter((c): c is Block => isBlock(c) && c.name === name);

describe('deploy/lavra.service', () => {
  const unit = parseUnit(read('lavra.service'));
  it('is a complete unit that runs the start script and stops with SIGTERM', () => {
    expect(Object.keys(unit)).toEqual(['Unit', 'Service', 'Install']);
    const s = unit.Service!;
    const [exec] = s.ExecStart!;
    const script = exec!.split(/\s+/)[1]!;
    expect(existsSync(path.join(root, script))).toBe(true);
    expect(s.KillSignal).toEqual(['SIGTERM']);
    expect(s.KillMode).toEqual(['mixed']);
    expect(Number(s.TimeoutStopSec![0])).toBeGreaterThan(10); // more than SHUTDOWN_GRACE_MS
    expect(s.Restart).toEqual(['on-failure']);
    expect(unit.Install!.WantedBy).toEqual(['multi-user.target']);
  });

  it('creates files for its own user only (the data folder, backups and their key)', () => {
    expect(unit.Service!.UMask).toEqual(['0077']);
    expect(readFileSync(path.join(root, 'src/server/main.ts'), 'utf8')).toMatch(/process\.umask\(0o077\)/);
  });

  it('its environment file example sets only variables Lavra reads', () => {
    const env = Object.fromEntries(
      read('lavra.env.example')
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('#'))
        .map((l) => l.split('=') as [string, string]),
    );
    const sources = ['src/server/config.ts', 'src/server/cluster.ts', 'src/server/security.ts']
      .map((f) => readFileSync(path.join(root, f), 'utf8'))
      .join('\n');
    for (const k of Object.keys(env)) expect(sources, k).toMatch(new RegExp(`\\b${k}\\b`));
    const config = loadConfig(env);
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
    expect(config.backupHora).toBe('03:00');
    // Behind nginx on the same machine: the port answers only the loopback, and only it names clients.
    expect(config.host).toBe('127.0.0.1');
    expect(config.trustProxyFrom).toEqual(['127.0.0.1', '::1']);
    expect(config.backupChave!.length).toBeGreaterThanOrEqual(32);
  });
});

describe('deploy/nginx-lavra.conf', () => {
  const conf = parseNginx(read('nginx-lavra.conf'));
  const servers = blocks(conf, 'server');
  const tls = servers.find((s) => directives(s, 'listen').some((d) => d.args.includes('ssl')))!;

  it('parses, redirects http to https and terminates TLS', () => {
    expect(servers).toHaveLength(2);
    expect(directives(servers[0]!, 'return')[0]!.args[0]).toBe('301');
    expect(tls).toBeDefined();
    expect(directives(tls, 'ssl_certificate')).toHaveLength(1);
    expect(directives(tls, 'ssl_certificate_key')).toHaveLength(1);
  });

  it('proxies to the port of the example environment, with the forwarded headers TRUST_PROXY reads', () => {
    const upstream = blocks(conf, 'upstream')[0]!;
    const port = /PORT=(\d+)/.exec(read('lavra.env.example'))![1];
    expect(directives(upstream, 'server')[0]!.args[0]).toBe(`127.0.0.1:${port}`);
    const headers = directives(tls, 'proxy_set_header').map((d) => d.args[0]);
    expect(headers).toEqual(expect.arrayContaining(['Host', 'X-Forwarded-For', 'X-Forwarded-Host']));
    for (const loc of blocks(tls, 'location'))
      expect(directives(loc, 'proxy_pass')[0]!.args[0]).toBe(`http://${upstream.args[0]}`);
  });

  it('does not buffer the live-update stream (SSE)', () => {
    const sse = blocks(tls, 'location').find((l) => l.args[0] === '/api/eventos')!;
    expect(directives(sse, 'proxy_buffering')[0]!.args).toEqual(['off']);
    expect(directives(sse, 'proxy_read_timeout')).toHaveLength(1);
  });

  it('the parser rejects what nginx would (so the checks above mean something)', () => {
    expect(() => parseNginx('server { listen 80 }')).toThrow();
    expect(() => parseNginx('server { listen 80;')).toThrow();
    expect(() => parseNginx('listen 80; }')).toThrow();
  });
});
