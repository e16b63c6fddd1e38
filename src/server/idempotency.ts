import { createHash } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/client';
import {
  type ChaveIdempotencia,
  guardarResposta,
  lerChave,
  liberarChave,
  purgeChaves,
  reservarChave,
} from '../db/queries/idempotencia';
import type { AppEnv } from './context';
import { badRequest, HttpError } from './errors';

/** Keys are answered again for at least this long (issue 12: "kept at least 24 h"). */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** How long a request with the key of one still running waits for its answer before a 409. */
const WAIT_FOR_RUNNING_MS = 15_000;
const POLL_MS = 40;
const PURGE_EVERY_MS = 10 * 60_000;

/** POSTs that create nothing: signing in/out and the quote's live computation. */
export const NOT_CREATING = [/^\/api\/auth(\/|$)/, /\/calcular\/?$/, /^\/api\/planos-corte\/estimativa\/?$/];

const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

const keyMismatch = () =>
  new HttpError(
    422,
    'Chave de idempotência reutilizada',
    'Esta operação já foi registrada com outros dados (mesma chave de idempotência). Recarregue a página e confira antes de salvar de novo.',
  );
const stillRunning = () =>
  new HttpError(
    409,
    'Requisição em andamento',
    'Uma requisição com esta chave ainda está em andamento. Aguarde e confira antes de tentar de novo.',
  );

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let lastPurge = 0;
async function purgeOld(db: Db) {
  const now = Date.now();
  if (now - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = now;
  await purgeChaves(db, { horas: IDEMPOTENCY_TTL_HOURS });
}

/**
 * `Idempotency-Key` on creating requests (every POST under /api except sign-in/out and `/calcular`):
 * the same signed-in user sending the same key to the same method + path gets the first answer
 * (status and body, marked `Idempotent-Replayed: true`) instead of a second execution; the same key
 * with another body is refused (422). Requests without the header behave as before.
 *
 * Race-free on both databases by one statement: the key is reserved with INSERT … ON CONFLICT DO
 * NOTHING on the (usuario, método, caminho, chave) primary key, so of any number of concurrent
 * requests exactly one gets the row; the others wait for its answer (or 409 "requisição em
 * andamento" after 15 s). The handler then runs in its own transaction; a 2xx answer is stored in the
 * reservation, any other answer (or a throw) deletes it, so a failed write leaves no key and may be
 * retried with the same key. The reservation is a separate statement from the handler's transaction
 * (the handlers own their transactions): if the process dies between the handler's commit and
 * storing the answer, the key stays reserved without an answer and retries get 409 — never a
 * second record. Rows older than 24 h are purged on write (at most every 10 min per process).
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== 'POST') return next();
  const chave = c.req.header('idempotency-key');
  if (chave === undefined) return next();
  const caminho = c.req.path;
  const me = c.get('me');
  if (!me || NOT_CREATING.some((r) => r.test(caminho))) return next();
  if (!KEY_FORMAT.test(chave)) {
    throw badRequest(
      'Cabeçalho Idempotency-Key inválido: use de 1 a 255 caracteres visíveis (ex.: um UUID).',
    );
  }
  const db = c.get('deps').db;
  const hash_corpo = createHash('sha256')
    .update(await c.req.text())
    .digest('base64url');
  const key: ChaveIdempotencia = { usuarioId: me.id, caminho, chave };
  await purgeOld(db).catch(() => {});

  const deadline = Date.now() + WAIT_FOR_RUNNING_MS;
  for (;;) {
    if (await reservarChave(db, { ...key, hashCorpo: hash_corpo })) break;

    const row = await lerChave(db, key);
    if (!row) continue; // the holder failed and let the key go: try to reserve it again
    if (row.hash_corpo !== hash_corpo) throw keyMismatch();
    if (row.status !== null) {
      const headers: Record<string, string> = { [IDEMPOTENT_REPLAY_HEADER]: 'true' };
      if (row.content_type) headers['content-type'] = row.content_type;
      if (row.status === 204) return c.body(null, 204, headers);
      return c.body(row.resposta ?? '', row.status as 200, headers);
    }
    if (Date.now() > deadline) throw stillRunning();
    await sleep(POLL_MS);
  }

  // Once the handler succeeded the key is never let go (a retry must not write again), even if
  // storing its answer fails.
  let succeeded = false;
  try {
    await next();
    const res = c.res;
    // 204 has no body to replay; it is still stored, as the answer.
    if (res.status >= 200 && res.status < 300) {
      succeeded = true;
      const resposta = await res.clone().text();
      await guardarResposta(db, {
        ...key,
        status: res.status,
        contentType: res.headers.get('content-type'),
        resposta,
      });
    }
  } finally {
    if (!succeeded) await liberarChave(db, key);
  }
});

/** Lets a test run the purge now instead of waiting for its 10-minute pace. */
export function resetPurgeClockForTests() {
  lastPurge = 0;
}
