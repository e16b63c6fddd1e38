/**
 * Fills a database with generated data: `tsx bench/seed.ts --scale 0.01` (PGlite in DATA_DIR, or
 * DATABASE_URL). Refuses a database that already has clients, so real data is never mixed with samples.
 */
import { count } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { clientes } from '../src/db/schema';
import { loadConfig } from '../src/server/config';
import { demoCliente } from './demo-cliente';
import { generate } from './generate';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const [existing] = await database.db.select({ n: count() }).from(clientes);
if ((existing?.n ?? 0) > 0) {
  console.log('[lavra] O banco já tem clientes: dados de demonstração não foram gerados.');
} else {
  await generate(database.db, {
    scale: Number(arg('scale', '0.01')),
    seed: Number(arg('seed', '20261122')),
    log: (m) => console.log(`[lavra] ${m}`),
  });
  await demoCliente(database.db, config.tzNegocio, (m) => console.log(`[lavra] ${m}`));
}
await database.close();
