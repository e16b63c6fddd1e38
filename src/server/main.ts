import path from 'node:path';
import { loadConfig } from './config';
import { startServer } from './server';

const config = loadConfig();
startServer(config, path.resolve(process.env.WEB_DIR ?? 'dist/web')).catch((err) => {
  console.error('[lavra] Falha ao iniciar:', err);
  process.exit(1);
});
