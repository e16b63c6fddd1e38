/**
 * Lighthouse (default settings: mobile emulation, simulated slow 4G and 4× CPU slowdown) on the login
 * page and, signed in through the session cookie, the dashboard — in Debian's Chromium.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LighthousePage {
  pagina: string;
  url: string;
  /** 0–100, median of the runs. */
  performance: number;
  accessibility: number;
  runs: { performance: number; accessibility: number }[];
  metricas: Record<string, string>;
  /** Performance audits that lost points (the reasons a score misses), and failed a11y audits. */
  problemas: string[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

export async function runLighthouse(
  baseUrl: string,
  cookie: string,
  runs: number,
  log: (m: string) => void = () => {},
  /** The customer's page of a quote (/o/<token>, no session), when the run made a link. */
  publico?: string,
): Promise<LighthousePage[]> {
  {
    const pages: { pagina: string; url: string; headers: Record<string, string> }[] = [
      { pagina: 'Login', url: `${baseUrl}/`, headers: {} },
      { pagina: 'Dashboard', url: `${baseUrl}/dashboard`, headers: { Cookie: cookie } },
      ...(publico ? [{ pagina: 'Orçamento do cliente', url: publico, headers: {} }] : []),
    ];
    const out: LighthousePage[] = [];
    for (const p of pages) {
      const results: { performance: number; accessibility: number }[] = [];
      let last: Awaited<ReturnType<typeof lighthouse>>;
      let tentativas = 0;
      for (let i = 0; i < runs; i++) {
        // A fresh browser per run: a second navigation in the same headless Chromium fails with NO_NAVSTART.
        const userDataDir = mkdtempSync(path.join(tmpdir(), 'lavra-lh-'));
        const chrome = await chromeLauncher.launch({
          chromePath: CHROMIUM,
          userDataDir,
          chromeFlags: [
            '--headless=new',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        });
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: p.headers,
        };
        try {
          last = await lighthouse(p.url, flags);
        } finally {
          chrome.kill();
          rmSync(userDataDir, { recursive: true, force: true });
        }
        const lhr = last!.lhr;
        if (lhr.runtimeError) {
          // Headless Chromium now and then loses the trace of a load (NO_NAVSTART): that run is
          // repeated, up to twice, rather than the whole measurement dropped.
          tentativas += 1;
          log(`lighthouse ${p.pagina} #${i + 1}: ${lhr.runtimeError.code}, de novo`);
          if (tentativas <= 2) {
            i -= 1;
            continue;
          }
          throw new Error(`Lighthouse (${p.pagina}): ${lhr.runtimeError.message}`);
        }
        results.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        });
        log(
          `lighthouse ${p.pagina} #${i + 1}: desempenho ${results.at(-1)!.performance}, acessibilidade ${results.at(-1)!.accessibility}`,
        );
      }
      const lhr = last!.lhr;
      const audit = (id: string) => lhr.audits[id]?.displayValue ?? '—';
      const problemas: string[] = [];
      for (const ref of lhr.categories.performance?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (a && ref.weight > 0 && a.score !== null && a.score < 0.9) {
          problemas.push(`desempenho: ${a.title} (${a.displayValue ?? Math.round(a.score * 100)})`);
        }
      }
      for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (a && a.score === 0) problemas.push(`acessibilidade: ${a.title}`);
      }
      out.push({
        pagina: p.pagina,
        url: p.url,
        performance: median(results.map((r) => r.performance)),
        accessibility: median(results.map((r) => r.accessibility)),
        runs: results,
        metricas: {
          FCP: audit('first-contentful-paint'),
          LCP: audit('largest-contentful-paint'),
          TBT: audit('total-blocking-time'),
          CLS: audit('cumulative-layout-shift'),
          SI: audit('speed-index'),
        },
        problemas,
      });
    }
    return out;
  }
}
