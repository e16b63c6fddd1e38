import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { backupFileSchema, backupsListSchema } from '../../schemas/backups';
import { backupStatus, isBackupName, listBackups, takeBackup } from '../backups';
import type { AppEnv } from '../context';
import { route } from '../contract';
import { HttpError, notFound } from '../errors';

/** Admin-only: the backups in BACKUP_DIR, one taken now, and a download. */
/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  get: route({
    summary: 'Lista os backups (nome, tamanho, data) e a última falha',
    description:
      'Os backups completos da pasta `BACKUP_DIR`, do mais novo ao mais antigo. `erro` é a última falha, só enquanto nenhum backup depois dela deu certo; `diario` é o horário do backup diário (`HH:MM`), ou null quando ele está desligado.',
    access: 'admin',
    response: backupsListSchema,
  }),
  post: route({
    summary: 'Faz um backup agora',
    description:
      'Grava `lavra-<data>-manual.jsonl.gz`, assinado com a chave de backup (a restauração recusa um arquivo alterado), num processo à parte; um pedido durante outro backup espera por ele e recebe o resultado dele. Depois aplica a rotação (os manuais contam à parte dos diários). 503 com o motivo (por exemplo, disco cheio) se falhar, e a falha aparece na lista. Aceita `Idempotency-Key`.',
    access: 'admin',
    response: backupFileSchema,
    status: 201,
    errors: [409, 503],
  }),
  getNome: route({
    summary: 'Baixa um backup',
    description:
      'O arquivo `.jsonl.gz` como anexo; `nome` precisa ser um nome de backup da lista (404 para qualquer outro).',
    access: 'admin',
    produces: 'application/gzip',
    errors: [400, 404],
  }),
};

export const backupsRoutes = new Hono<AppEnv>()
  .get('/', doc.get, async (c) => {
    const { config } = c.get('deps');
    const status = await backupStatus(config.backupDir);
    return c.json({
      items: listBackups(config.backupDir),
      erro: status.erro,
      diario: config.backupDiario ? config.backupHora : null,
    });
  })
  .post('/', doc.post, async (c) => {
    const { database, config } = c.get('deps');
    try {
      return c.json(await takeBackup(database, config), 201);
    } catch (err) {
      throw new HttpError(503, 'Backup não realizado', (err as Error).message);
    }
  })
  .get('/:nome', doc.getNome, async (c) => {
    const nome = c.req.param('nome');
    // Only our own file names: no path separators, no dot-dot, nothing else in the folder.
    if (!isBackupName(nome)) throw notFound('Backup não encontrado.');
    const file = path.join(c.get('deps').config.backupDir, nome);
    const s = await stat(file).catch(() => null);
    if (!s?.isFile()) throw notFound('Backup não encontrado.');
    c.header('content-type', 'application/gzip');
    c.header('content-length', String(s.size));
    c.header('content-disposition', `attachment; filename="${nome}"`);
    return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream);
  });
