/**
 * HTTP load with autocannon, with our own latency percentiles: autocannon's histogram has p97.5 but
 * no p95, so every response time is recorded and the percentiles are read from the sorted sample.
 */
import autocannon, { type Request } from 'autocannon';

export interface LoadStats {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Socket errors + timeouts + non-2xx answers. */
  errors: number;
  statuses: Record<string, number>;
}

export interface LoadOptions {
  baseUrl: string;
  headers: Record<string, string>;
  connections: number;
  /** Seconds. */
  duration: number;
  method?: string;
  path?: string;
  body?: unknown;
  /** Several requests, each connection cycling through them (mixed traffic). */
  requests?: Request[];
  /** Called on every response with its latency (ms), e.g. for time-sliced soak statistics. */
  onResponse?: (status: number, ms: number) => void;
}

export function percentile(sorted: Float64Array | number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export async function runLoad(o: LoadOptions): Promise<LoadStats> {
  let times = new Float64Array(1 << 14);
  let n = 0;
  const statuses: Record<string, number> = {};
  const instance = autocannon({
    url: o.baseUrl,
    connections: o.connections,
    duration: o.duration,
    timeout: 30,
    headers: o.headers,
    ...(o.requests
      ? { requests: o.requests }
      : {
          method: o.method ?? 'GET',
          requests: [
            {
              method: o.method ?? 'GET',
              path: o.path,
              ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
            },
          ],
        }),
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (n === times.length) {
      const bigger = new Float64Array(times.length * 2);
      bigger.set(times);
      times = bigger;
    }
    times[n++] = ms;
    statuses[status] = (statuses[status] ?? 0) + 1;
    o.onResponse?.(status, ms);
  });
  const r = await instance;
  const sorted = times.slice(0, n).sort();
  return {
    requests: n,
    rps: n / (r.duration || o.duration),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: n ? sorted[n - 1]! : Number.NaN,
    errors: r.errors + r.timeouts + r.non2xx,
    statuses,
  };
}

/**
 * Runs `fn` from `concurrency` loops for `seconds` (or until `done()` says so: for as long as something
 * else runs), timing each call: the same statistics as runLoad. A call that throws counts as an error.
 */
export async function runLoop(
  concurrency: number,
  seconds: number | (() => boolean),
  fn: () => Promise<unknown>,
): Promise<LoadStats> {
  const times: number[] = [];
  let errors = 0;
  const end = typeof seconds === 'number' ? performance.now() + seconds * 1000 : 0;
  const done = typeof seconds === 'number' ? () => performance.now() >= end : seconds;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!done()) {
        const t = performance.now();
        try {
          await fn();
        } catch {
          errors++;
        }
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const sorted = Float64Array.from(times).sort();
  return {
    requests: times.length,
    rps: times.length / elapsed,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    errors,
    statuses: {},
  };
}
