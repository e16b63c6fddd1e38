import { describe, expect, it } from 'vitest';
import type { z } from './z';

// Every partial update body (`PATCH`): a field the client did not send must not reach the database.
// A zod `.default()` (or a transform that turns "absent" into null) survives `.partial()`/`.optional()`
// and would write its value over the stored one — `PATCH /api/recortes/:id { nome }` re-activated an
// inactive cutout (issue 26 §2). Each module's `*Update` export is parsed with only the version.
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });

// Bodies that are whole records (PUT), not partial: every field is sent, so a default is harmless.
const INTEIROS = new Set([
  'recebiveisConfigUpdate',
  'producaoConfigUpdate',
  'empresaUpdate',
  'orcamentoUpdate',
]);

const updates = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(
      ([name, v]) =>
        /Update$/.test(name) && !INTEIROS.has(name) && typeof v === 'object' && v && 'safeParse' in v,
    )
    .map(([name, schema]) => [`${file.slice(2)} ${name}`, schema as z.ZodType] as const),
);

describe('partial update schemas add nothing the client did not send', () => {
  it('finds the update schemas', () => {
    expect(updates.map(([n]) => n)).toEqual(
      expect.arrayContaining([
        'catalogos-pecas.ts acabamentoUpdate',
        'catalogos-pecas.ts recorteUpdate',
        'produtos.ts produtoUpdate',
        'vendedores.ts comissionadoUpdate',
      ]),
    );
  });

  it.each(updates)('%s: a body with only updated_at parses to only updated_at', (_name, schema) => {
    const updated_at = '2026-11-27T12:00:00.000Z';
    const r = schema.safeParse({ updated_at });
    // Some bodies require a field of their own (a status, a value): they add nothing either way.
    if (!r.success) return;
    const out = r.data as Record<string, unknown>;
    const extra = Object.keys(out).filter((k) => k !== 'updated_at' && out[k] !== undefined);
    expect(extra).toEqual([]);
  });
});
