import { type Config, loadConfig } from '../config';

export const ADMIN_SENHA = 'quixaba-cinza-prumo-9';

/** The configuration every API test server runs with, before its own overrides. */
export function testConfig(databaseUrl?: string): Config {
  return {
    ...loadConfig({}),
    port: 3000,
    databaseUrl,
    dataDir: '',
    backupChave: 'chave-dos-backups-de-teste-0123456789abcdef',
    fiscalChave: 'chave-fiscal-de-teste-0123456789abcdef-xyz',
    adminPassword: ADMIN_SENHA,
    emailDominio: 'lavra.test',
    cepApiUrl: 'http://127.0.0.1:9/ws',
    logRequests: false,
  };
}
