import { exportAtScale } from './extras';
import { Api, startServer } from './server';

const server = await startServer({ DATABASE_URL: process.argv[2]!, WEB_CONCURRENCY: process.argv[3] ?? '1' });
const api = new Api(server.baseUrl);
await api.login();
for (let i = 0; i < 200; i++) await api.get('/api/orcamentos?page=1&limit=20'); // warm
for (const x of await exportAtScale(server, api))
  console.log(
    JSON.stringify({ ...x, pagina: { p50: x.pagina.p50, p95: x.pagina.p95, n: x.pagina.requests } }),
  );
await server.stop();
