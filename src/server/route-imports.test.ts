import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A route file parses, calls a use case (`server/casos/`, `server/parcelas-receber.ts`…) and shapes the
 * answer; it never imports another route file. `index.ts` mounts them all and `crud.ts` is the kit
 * that builds CRUD routers, so those two are not routes here. What is still imported is listed below
 * with its way out; the list may only shrink (an entry no longer true fails too, so it is removed).
 */
const ROUTES = join(import.meta.dirname, 'routes');
const NOT_ROUTES = new Set(['index.ts', 'crud.ts']);

const STILL_IMPORTED: string[] = [];

function routeImports(): string[] {
  const files = readdirSync(ROUTES).filter((f) => f.endsWith('.ts') && !f.includes('.test'));
  const found: string[] = [];
  for (const f of files) {
    if (NOT_ROUTES.has(f)) continue;
    const text = readFileSync(join(ROUTES, f), 'utf8');
    for (const m of text.matchAll(/from\s+'\.\/([^']+)'/g)) {
      const target = `${m[1]}.ts`;
      if (NOT_ROUTES.has(target) || target.includes('.test')) continue;
      found.push(`${f} -> ${target}`);
    }
  }
  return [...new Set(found)].sort();
}

describe('route files', () => {
  it('import no other route file (only the kit and the use cases)', () => {
    expect(routeImports()).toEqual([...STILL_IMPORTED].sort());
  });

  it('the check finds an import of a route file when there is one', () => {
    const text = "import { x } from './orcamentos';\nimport { y } from './crud';";
    const hits = [...text.matchAll(/from\s+'\.\/([^']+)'/g)].map((m) => `${m[1]}.ts`);
    expect(hits.filter((t) => !NOT_ROUTES.has(t))).toEqual(['orcamentos.ts']);
  });
});
