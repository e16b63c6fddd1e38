import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../../scripts/build-server.mjs';
import { closeDeps, createDeps } from '../server';
import { testConfig } from './test-config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database every test file starts from (harness.ts createTestDeps). */
    modeloApi: { tarFile?: string; postgres?: string };
    /** The server compiled as `npm start` runs it, for the tests that start one (server-process.ts). */
    servidorCompilado: string;
  }
}

/**
 * Migrates once for the whole API run, and creates the admin and the auth secret as a first start
 * does: that took ~3.5 s of every test file, whose own tests mostly take about 1 s. On PGlite the
 * database is dumped to a tarball each file loads; on PostgreSQL it is the template each file's
 * database is created from.
 */
export default async function setup(project: TestProject) {
  const compilado = mkdtempSync(path.join(tmpdir(), 'lavra-api-servidor-'));
  project.provide('servidorCompilado', await buildServer(path.join(compilado, 'server')));
  const removeCompiled = () => rmSync(compilado, { recursive: true, force: true });
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const dir = mkdtempSync(path.join(tmpdir(), 'lavra-api-modelo-'));
    const deps = await createDeps(testConfig(), () => {});
    const source = await deps.database.backupSource?.(dir);
    await closeDeps(deps);
    if (!source || !('tarFile' in source)) throw new Error('PGlite em memória: esperava um tarball');
    project.provide('modeloApi', { tarFile: source.tarFile });
    return () => {
      rmSync(dir, { recursive: true, force: true });
      removeCompiled();
    };
  }
  const name = `lavra_modelo_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const deps = await createDeps(testConfig(url.toString()), () => {});
  await closeDeps(deps);
  project.provide('modeloApi', { postgres: name });
  return async () => {
    removeCompiled();
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
