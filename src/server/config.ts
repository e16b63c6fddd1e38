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
  };
}
