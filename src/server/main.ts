import cluster from 'node:cluster';
import path from 'node:path';
import { runPrimary, workerCount } from './cluster';
import { loadConfig } from './config';
import { startServer } from './server';

// Everything this process writes (PGlite's data folder and its pg_hba.conf, backups, the backup key)
// is for its own user only: PGlite would write 0666/0755 under the usual 022.
process.umask(0o077);
const config = loadConfig();
const webDir = path.resolve(process.env.WEB_DIR ?? 'dist/web');
const workers = workerCount(config);
const fail = (err: unknown) => {
  console.error('[lavra] Falha ao iniciar:', err);
  process.exit(1);
};
if (cluster.isPrimary && workers > 1) runPrimary(config, workers).catch(fail);
// A worker of the cluster, or the one process (PGlite, or WEB_CONCURRENCY=1). Workers leave the
// daily backup to the primary.
else startServer(config, webDir, { backups: cluster.isPrimary }).catch(fail);
