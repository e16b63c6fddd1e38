import path from 'node:path';

export interface Config {
  port: number;
  /** The address users open (for cookies' Secure flag); default http://localhost:PORT. */
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  emailDominio: string;
  tzNegocio: string;
  cepApiUrl: string;
  empresa: { nome: string; endereco: string; telefone: string; cnpj: string };
  /** Origins allowed to send unsafe requests besides the server's own. */
  trustedOrigins: string[];
  /** Failed sign-ins allowed per user and address in the window before 429. */
  loginMaxTentativas: number;
  loginJanelaMin: number;
  logRequests: boolean;
  /** Where backups are written and listed (BACKUP_DIR, default ./data/backups). */
  backupDir: string;
  /** `npm start` takes one backup a day at `backupHora` (HH:MM, server's local time) unless BACKUP_DIARIO=0. */
  backupDiario: boolean;
  backupHora: string;
  /** How many daily, weekly and monthly backups rotation keeps. */
  backupManter: { diarios: number; semanais: number; mensais: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    emailDominio: (env.EMAIL_DOMINIO ?? 'lavra.local').toLowerCase(),
    tzNegocio: env.TZ_NEGOCIO ?? 'America/Sao_Paulo',
    cepApiUrl: env.CEP_API_URL ?? 'https://viacep.com.br/ws',
    empresa: {
      nome: env.EMPRESA_NOME ?? 'Lavra Marmoraria',
      endereco: env.EMPRESA_ENDERECO ?? '',
      telefone: env.EMPRESA_TELEFONE ?? '',
      cnpj: env.EMPRESA_CNPJ ?? '',
    },
    trustedOrigins: (env.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    loginMaxTentativas: Number(env.LOGIN_MAX_TENTATIVAS ?? 5),
    loginJanelaMin: Number(env.LOGIN_JANELA_MIN ?? 15),
    logRequests: env.LOG_REQUESTS !== '0',
    backupDir: path.resolve(env.BACKUP_DIR ?? './data/backups'),
    backupDiario: env.BACKUP_DIARIO !== '0',
    backupHora: env.BACKUP_HORA ?? '03:00',
    backupManter: {
      diarios: Number(env.BACKUP_MANTER_DIARIOS ?? 7),
      semanais: Number(env.BACKUP_MANTER_SEMANAIS ?? 4),
      mensais: Number(env.BACKUP_MANTER_MENSAIS ?? 12),
    },
  };
}
