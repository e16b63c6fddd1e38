import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let common: { test(password: string): boolean } | undefined;

/**
 * Mozilla's list of common passwords (fxa-common-password-list, about 10 000 entries), loaded on first
 * use. Server-only: the web forms check the length with the shared schema, and the server answers a
 * common password with a 400 on the `senha` field (the list would weigh 240 kB in the bundle).
 */
function isCommon(senha: string): boolean {
  common ??= require('fxa-common-password-list') as { test(password: string): boolean };
  return common.test(senha) || common.test(senha.toLowerCase());
}

/**
 * What Brazilian users pick that Mozilla's (English) list misses: default and "change me" passwords,
 * the trade's words, football clubs, the usual words of affection. Compared with the password's
 * letters once its digits and symbols are set aside ("Lavra2026", "mudar123", "Admin@123").
 */
const COMUNS_PT_BR = new Set(
  `senha minhasenha novasenha mudar mudarsenha trocar trocarsenha alterar alterarsenha acesso entrar
   usuario admin administrador administracao gerente suporte teste testando padrao inicial temporaria
   lavra marmoraria marmore granito quartzo pedra bancada loja empresa escritorio financeiro
   brasil saopaulo riodejaneiro flamengo corinthians palmeiras vasco gremio santos cruzeiro botafogo
   fluminense internacional atletico bahia sport
   amor meuamor teamo amorzinho familia jesus jesuscristo deus deusefiel princesa gatinha florzinha
   vida minhavida felicidade saudade estrela anjo
   qwerty qwertyuiop asdf asdfgh asdfghjkl zxcvbnm abcd abcdef abcdefgh abc`.split(/\s+/),
);

export const SENHA_COMUM = 'Esta senha é muito comum e fácil de adivinhar: escolha outra senha.';

/** Whose password it is and where it is used: what it must not contain. */
export interface ContextoSenha {
  email?: string;
  nome?: string;
  /** The shop's name (Empresa, or EMPRESA_NOME). */
  empresa?: string;
}

/** NFKC and trimmed: what is checked and what is stored ("ｐａｓｓｗｏｒｄ" is "password"). */
export const normalizarSenha = (senha: string) => senha.normalize('NFKC').trim();

/** Lower case without accents: "São Gabriel" → "sao gabriel". */
const plain = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a name or e-mail worth looking for in a password (4+ letters). */
function palavras(s: string | undefined): string[] {
  if (!s) return [];
  return plain(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 4);
}

/**
 * What is wrong with a new password, or null. The length (8 to 128) is the shared schema's
 * (`schemas/usuarios.ts`); this adds what only the server can check, on the normalised password
 * (`normalizarSenha`): one character or one short run repeated, a common password (Mozilla's list,
 * the pt-BR words above, with or without digits and symbols around it), the person's e-mail or name,
 * the shop's name or the product's ("Lavra") inside it.
 */
export function problemaSenha(bruta: string, ctx: ContextoSenha = {}): string | null {
  const senha = normalizarSenha(bruta);
  if (senha.length < 8) return 'A senha deve ter no mínimo 8 caracteres.';
  if (senha.length > 128) return 'A senha deve ter no máximo 128 caracteres.';
  const p = plain(senha);
  // "aaaaaaaa", "senhasenha", "abcabcabc"
  if (/^(.{1,6}?)\1+$/su.test(p)) return 'A senha não pode ser um caractere ou trecho repetido.';
  if (isCommon(senha) || isCommon(p)) return SENHA_COMUM;
  const letras = p.replace(/[^\p{L}]/gu, '');
  const resto = p.length - letras.length;
  if (
    COMUNS_PT_BR.has(p) ||
    (resto <= 6 && (COMUNS_PT_BR.has(letras) || (letras.length >= 4 && isCommon(letras))))
  )
    return SENHA_COMUM;
  const junto = p.replace(/[^\p{L}\p{N}]/gu, '');
  const email = ctx.email ? plain(ctx.email) : '';
  const local = email.split('@')[0] ?? '';
  const pessoais = [...palavras(ctx.nome), ...(local.length >= 4 ? [local] : []), ...palavras(local)];
  if ((email && p.includes(email)) || pessoais.some((w) => junto.includes(w)))
    return 'A senha não pode conter o seu nome ou e-mail.';
  if (['lavra', ...palavras(ctx.empresa)].some((w) => junto.includes(w)))
    return 'A senha não pode conter o nome da empresa ou do sistema.';
  return null;
}
