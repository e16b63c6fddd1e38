import { Hono } from 'hono';
import { appliedMigrations, knownMigrations } from '../../db/client';
import { ping } from '../../db/queries/health';
import { z } from '../../schemas/z';
import { backupStatus } from '../backups';
import type { AppEnv } from '../context';
import { route } from '../contract';

const vivo = z.object({ ok: z.literal(true), db: z.enum(['pglite', 'postgres']), pid: z.number().int() });
const pronto = z.object({
  ok: z.boolean(),
  db: z.enum(['pglite', 'postgres']),
  encerrando: z.boolean(),
  banco: z.object({ ok: z.boolean(), erro: z.string().optional() }),
  migracoes: z.object({
    ok: z.boolean(),
    aplicadas: z.number().int().optional(),
    conhecidas: z.number().int(),
  }),
  backup: z.object({
    ok: z.boolean(),
    ultimo: z.string().nullable(),
    idade_horas: z.number().nullable(),
    erro: z.string().nullable(),
  }),
});

/** Set when the process begins to shut down: readiness answers 503 so a balancer stops sending work. */
let draining = false;
export function markDraining() {
  draining = true;
}

const DB_TIMEOUT_MS = 3000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('tempo esgotado')), ms).unref()),
  ]);
}

/**
 * For a process manager or a load balancer, without a session: `/` is liveness (the process answers),
 * `/ready` readiness — the database answers, its migrations are this code's, the process is not
 * shutting down (503 otherwise) — and, as information, the last backup's age and last failure (a
 * failed backup does not take the instance out of service; it is shown on the Backups screen too).
 */
export const healthRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      summary: 'Vivo? (liveness)',
      description: 'Responde enquanto o processo está de pé, sem consultar o banco.',
      access: 'publico',
      response: vivo,
    }),
    (c) => c.json({ ok: true, db: c.get('deps').database.kind, pid: process.pid }),
  )
  .get(
    '/ready',
    route({
      summary: 'Pronto? Banco acessível, migrações em dia, idade do último backup (503 quando não)',
      description:
        'Para o balanceador: 503 (com o mesmo corpo) quando o banco não responde, faltam migrações ou o processo está encerrando.',
      access: 'publico',
      response: pronto,
      sameBodyOn: [503],
    }),
    async (c) => {
      const { db, database, config } = c.get('deps');
      let banco: { ok: boolean; erro?: string };
      let migracoes: { ok: boolean; aplicadas?: number; conhecidas: number };
      const conhecidas = knownMigrations().length;
      try {
        await withTimeout(ping(db), DB_TIMEOUT_MS);
        banco = { ok: true };
        const aplicadas = await withTimeout(appliedMigrations(db), DB_TIMEOUT_MS);
        migracoes = { ok: aplicadas === conhecidas, aplicadas, conhecidas };
      } catch (err) {
        banco = { ok: false, erro: (err as Error).message };
        migracoes = { ok: false, conhecidas };
      }
      const b = await backupStatus(config.backupDir);
      const backup = {
        ok: !b.erro,
        ultimo: b.ultimo?.criado_em ?? null,
        idade_horas: b.idade_horas,
        erro: b.erro?.mensagem ?? null,
      };
      const ok = banco.ok && migracoes.ok && !draining;
      return c.json(
        { ok, db: database.kind, encerrando: draining, banco, migracoes, backup },
        ok ? 200 : 503,
      );
    },
  );
