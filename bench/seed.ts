/**
 * Fills a database with generated data: `tsx bench/seed.ts --scale 0.01` (PGlite in DATA_DIR, or
 * DATABASE_URL). Refuses a database that already has clients, so real data is never mixed with samples.
 */
import { count, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { insertUsuario } from '../src/db/queries/usuarios';
import { clientes } from '../src/db/schema';
import { loadConfig } from '../src/server/config';
import { demoCliente } from './demo-cliente';
import { demoNfse } from './demo-nfse';
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
  await demoNfse(database.db, (m) => console.log(`[lavra] ${m}`));
  await instaladorDemo();
}

/**
 * The demo's installer: a user linked to the first active employee, with today's medição and
 * tomorrow's instalação of two open work orders, so "Minha agenda" and "Lembrar cliente" have
 * something to show. Sign in as instalador@<EMAIL_DOMINIO> with the password printed here.
 */
async function instaladorDemo() {
  const senha = 'serra-e-polimento-26';
  const email = `instalador@${config.emailDominio}`;
  await database.db.transaction(async (tx) => {
    const u = await insertUsuario(tx, {
      nome: 'Instalador (demonstração)',
      email,
      senha,
      role: 'usuario',
      status: 'ativo',
      permissoes: ['dashboard'],
    });
    await tx.execute(sql`
      with f as (select id from funcionarios where status = 'ativo' order by nome limit 1),
      u as (update usuarios set funcionario_id = (select id from f) where id = ${u.id}),
      alvo as (
        select e.id, row_number() over (order by o.created_at desc) as n
          from ordens_servico o join os_etapas e on e.os_id = o.id and e.etapa = o.etapa_atual
         where o.status = 'aberta' and e.etapa in ('medicao', 'instalacao') limit 2),
      agendada as (
        update os_etapas e
           set status = 'agendada',
               inicio = date_trunc('day', now()) + (a.n - 1) * interval '1 day' + interval '12 hours',
               fim = date_trunc('day', now()) + (a.n - 1) * interval '1 day' + interval '15 hours'
          from alvo a where a.id = e.id returning e.id)
      insert into os_etapa_funcionarios (etapa_id, funcionario_id)
      select g.id, (select id from f) from agendada g where (select id from f) is not null
      on conflict do nothing`);
  });
  console.log(`[lavra] Instalador de demonstração: ${email} / ${senha} (tela Minha agenda no celular).`);
}
await database.close();
