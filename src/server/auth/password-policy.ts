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

export const SENHA_COMUM = 'Esta senha é muito comum e fácil de adivinhar: escolha outra senha.';

/**
 * What is wrong with a new password, or null. The length (8 to 128) is the shared schema's
 * (`schemas/usuarios.ts`); this adds what only the server can check.
 */
export function problemaSenha(senha: string): string | null {
  if (senha.length < 8) return 'A senha deve ter no mínimo 8 caracteres.';
  if (senha.length > 128) return 'A senha deve ter no máximo 128 caracteres.';
  if (isCommon(senha)) return SENHA_COMUM;
  return null;
}
