import path from 'node:path';
import { proxyList } from './client-address';

export interface Config {
  port: number;
  /** The address users open (for cookies' Secure flag); default http://localhost:PORT. */
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  /**
   * The owner role (DATABASE_URL_MIGRACAO): migrations and `npm run restore` only; DATABASE_URL is then
   * the runtime role of deploy/postgres-papeis.sql (INSERT/SELECT only on the audit and acceptances).
   */
  databaseMigracaoUrl?: string;
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
  /** Failed sign-ins allowed per address in the window, whatever the user names (spraying). */
  loginMaxFalhasEndereco: number;
  /** Failed sign-ins of one account, from any address, before its exponential back-off starts. */
  loginContaMaxFalhas: number;
  /** Password checks run at once (hashing is CPU-bound), and how many more may wait for a turn. */
  loginConcorrentes: number;
  loginFila: number;
  /** Requests a minute from one address to the routes without a session (the quote's link, the DANFE's). */
  publicoPorEndereco: number;
  /** .xlsx exports written at once (a worker thread each), and how many more may wait for a turn. */
  xlsxConcorrentes: number;
  xlsxFila: number;
  /** Cutting plans computed at once (a child process each), and how many more may wait for a turn. */
  planoConcorrentes: number;
  planoFila: number;
  /** CSV exports streamed at once (each holds a database reader), and how many more may wait. */
  csvConcorrentes: number;
  csvFila: number;
  /** Customer PDFs rendered at once (a worker thread each), and how many more may wait. */
  pdfConcorrentes: number;
  pdfFila: number;
  /**
   * Reverse proxies in front of the server (TRUST_PROXY): 0 = none, the socket's address is the
   * client's; n = the client is the n-th X-Forwarded-For entry from the right (what the n-th proxy saw).
   */
  trustProxy: number;
  /**
   * The proxies' addresses or CIDR blocks (TRUST_PROXY_FROM, comma-separated; default loopback): only a
   * connection from one of them may name the client in X-Forwarded-For.
   */
  trustProxyFrom: string[];
  /** The address the server listens on (HOST); unset, every interface. Behind a proxy: 127.0.0.1. */
  host?: string;
  logRequests: boolean;
  /** pino level (`LOG_LEVEL`): fatal, error, warn, info (default), debug, trace or silent. */
  logLevel: string;
  /** True when PUBLIC_URL was not set: then both loopback spellings (localhost, 127.0.0.1) are this site. */
  publicUrlDefault: boolean;
  /** How often an open live-update stream re-reads its session (ms; at most a minute). */
  sseRecheckMs: number;
  /** Live-update streams one user may hold open at once; a new one beyond closes the oldest. */
  sseMaxPorUsuario: number;
  /** Where backups are written and listed (BACKUP_DIR, default $DATA_DIR/backups). */
  backupDir: string;
  /**
   * The key that signs backups (BACKUP_CHAVE, ≥ 32 characters); unset, a random one kept in
   * DATA_DIR/.chave-backup (server/backup-key.ts). A restore refuses a file it did not sign.
   */
  backupChave?: string;
  /**
   * The secret the fiscal provider's credentials are encrypted under (FISCAL_CHAVE, ≥ 32 characters);
   * unset, a random one kept in DATA_DIR/.chave-fiscal (server/fiscal/chave.ts), like BACKUP_CHAVE.
   */
  fiscalChave?: string;
  /** `npm start` takes one backup a day at `backupHora` (HH:MM, server's local time) unless BACKUP_DIARIO=0. */
  backupDiario: boolean;
  backupHora: string;
  /** How many daily, weekly and monthly backups rotation keeps; manual ones are counted apart. */
  backupManter: { diarios: number; semanais: number; mensais: number; manuais: number };
  /**
   * The fiscal provider (issue 30): NFE.io's base URL (NFEIO_API_URL; tests point it at the local
   * fake), how long one call may take, and how often the primary consults invoices still processing.
   * `credenciais` is the environment's fallback until Empresa keeps them (NFEIO_API_KEY,
   * NFEIO_EMPRESA_ID; never logged).
   */
  fiscal: {
    nfeioUrl: string;
    nfseUrl: string;
    /**
     * The webhook's secret (NFEIO_WEBHOOK_SEGREDO): only the environment holds it, never the database,
     * so a dump cannot forge a provider's notice. Unset: the webhook answers 503 and polling alone
     * follows the invoices (the server says so at start).
     */
    webhookSegredo: string | null;
    timeoutMs: number;
    consultaMs: number;
    credenciais: { api_key: string; empresa_id: string } | null;
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const backupChave = env.BACKUP_CHAVE || undefined;
  if (backupChave && backupChave.length < 32)
    throw new Error(
      'BACKUP_CHAVE curta demais: use ao menos 32 caracteres aleatórios (openssl rand -hex 32).',
    );
  const fiscalChave = env.FISCAL_CHAVE || undefined;
  if (fiscalChave && fiscalChave.length < 32)
    throw new Error(
      'FISCAL_CHAVE curta demais: use ao menos 32 caracteres aleatórios (openssl rand -hex 32).',
    );
  return {
    port: Number(env.PORT ?? 3000),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseMigracaoUrl: env.DATABASE_URL_MIGRACAO || undefined,
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
    loginMaxFalhasEndereco: Number(env.LOGIN_MAX_FALHAS_ENDERECO ?? 20),
    loginContaMaxFalhas: Number(env.LOGIN_CONTA_MAX_FALHAS ?? 10),
    loginConcorrentes: Math.max(1, Number(env.LOGIN_CONCORRENTES ?? 2)),
    loginFila: Math.max(0, Number(env.LOGIN_FILA ?? 32)),
    // a whole office behind one address opens several links
    publicoPorEndereco: 120,
    xlsxConcorrentes: Math.max(1, Number(env.XLSX_CONCORRENTES ?? 2) || 2),
    xlsxFila: Math.max(0, Number(env.XLSX_FILA ?? 8) || 0),
    planoConcorrentes: Math.max(1, Number(env.PLANO_CONCORRENTES ?? 1) || 1),
    planoFila: Math.max(0, Number(env.PLANO_FILA ?? 8) || 0),
    csvConcorrentes: Math.max(1, Number(env.CSV_CONCORRENTES ?? 4) || 4),
    csvFila: Math.max(0, Number(env.CSV_FILA ?? 16) || 0),
    pdfConcorrentes: Math.max(1, Number(env.PDF_CONCORRENTES ?? 2) || 2),
    pdfFila: Math.max(0, Number(env.PDF_FILA ?? 8) || 0),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    trustProxyFrom: parseProxyFrom(env.TRUST_PROXY_FROM),
    host: env.HOST?.trim() || undefined,
    logRequests: env.LOG_REQUESTS !== '0',
    logLevel: env.LOG_LEVEL || 'info',
    publicUrlDefault: !env.PUBLIC_URL,
    sseRecheckMs: Math.min(Number(env.SSE_RECHECK_MS ?? 60_000) || 60_000, 60_000),
    sseMaxPorUsuario: Math.max(1, Number(env.SSE_MAX_POR_USUARIO ?? 10) || 10),
    // Beside the database it copies, wherever DATA_DIR is (not in the working directory).
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(dataDir, 'backups'),
    backupChave,
    fiscalChave,
    backupDiario: env.BACKUP_DIARIO !== '0',
    backupHora: env.BACKUP_HORA ?? '03:00',
    backupManter: {
      diarios: Number(env.BACKUP_MANTER_DIARIOS ?? 7),
      semanais: Number(env.BACKUP_MANTER_SEMANAIS ?? 4),
      mensais: Number(env.BACKUP_MANTER_MENSAIS ?? 12),
      manuais: Number(env.BACKUP_MANTER_MANUAIS ?? 10),
    },
    fiscal: {
      nfeioUrl: env.NFEIO_API_URL || 'https://api.nfse.io',
      // NFS-e lives on NFE.io's other host (nf-servico-v1's server); a test's NFEIO_API_URL serves both.
      nfseUrl: env.NFEIO_NFSE_API_URL || env.NFEIO_API_URL || 'https://api.nfe.io',
      webhookSegredo: env.NFEIO_WEBHOOK_SEGREDO || null,
      timeoutMs: Math.max(500, Number(env.NFEIO_TIMEOUT_MS ?? 20_000) || 20_000),
      consultaMs: Math.max(1000, Number(env.FISCAL_CONSULTA_MS ?? 15_000) || 15_000),
      credenciais: env.NFEIO_API_KEY
        ? {
            api_key: env.NFEIO_API_KEY,
            empresa_id: env.NFEIO_EMPRESA_ID ?? '',
          }
        : null,
    },
  };
}

/** TRUST_PROXY_FROM: comma-separated addresses or CIDR blocks; unset, the loopback (a proxy on this machine). */
export function parseProxyFrom(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const list = entries.length ? entries : ['127.0.0.1', '::1'];
  proxyList(list); // refuse to start on a bad entry
  return list;
}

/** TRUST_PROXY: unset/0 = no proxy; a positive integer = how many proxies append to X-Forwarded-For. */
export function parseTrustProxy(value: string | undefined): number {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return 0;
  if (!/^[1-9][0-9]?$/.test(v)) {
    throw new Error(
      `TRUST_PROXY inválido ("${v}"): informe quantos proxies reversos ficam na frente do servidor (1, 2, …).`,
    );
  }
  return Number(v);
}
