import { describe, expect, it } from 'vitest';
import { normalizarSenha, problemaSenha, SENHA_COMUM } from './password-policy';

/** Issue 26, "Passwords still accepted": each of these was accepted before. */
const ctx = {
  email: 'vera.lucia@marmorariaboa.com.br',
  nome: 'Vera Lúcia Prado',
  empresa: 'Marmoraria Boa Pedra',
};

describe('problemaSenha', () => {
  it.each([
    ['eight spaces', ' '.repeat(8), /mínimo 8/],
    ["'a' × 128", 'a'.repeat(128), /repetido/],
    ['one run repeated', 'senhasenha', /repetido/],
    ['mudar123', 'mudar123', SENHA_COMUM],
    ['lavra123', 'lavra123', SENHA_COMUM],
    ['Lavra2026', 'Lavra2026', SENHA_COMUM],
    ['marmoraria', 'marmoraria', SENHA_COMUM],
    ['Admin@123', 'Admin@123', SENHA_COMUM],
    ["'password ' (trailing space)", 'password ', SENHA_COMUM],
    ['full-width ｐａｓｓｗｏｒｄ', 'ｐａｓｓｗｏｒｄ', SENHA_COMUM],
    ['Flamengo#10', 'Flamengo#10', SENHA_COMUM],
    ['the user’s own e-mail', 'vera.lucia@marmorariaboa.com.br', /nome ou e-mail/],
    ['the e-mail’s name with digits', 'veralucia2026', /nome ou e-mail/],
    ['the user’s name, accents dropped', 'Prado-Lucia-77', /nome ou e-mail/],
    ['the shop’s name', 'boapedra!2026', /nome da empresa/],
    ['the product’s name inside', 'meu-lavra-forte', /nome da empresa ou do sistema/],
  ])('refuses %s', (_what, senha, problem) => {
    const got = problemaSenha(senha, ctx);
    if (typeof problem === 'string') expect(got).toBe(problem);
    else expect(got).toMatch(problem);
  });

  it.each([
    'quartzito-azul-9',
    'basalto-e2e-123',
    'senha-forte-1',
    'Xq7!exporta-longa',
    'ardosia-verde-teste-9',
  ])('accepts %s', (senha) => {
    expect(problemaSenha(senha, ctx)).toBeNull();
  });

  it('normalises with NFKC and trims before checking', () => {
    expect(normalizarSenha('  ｓｅｎｈａ１２３  ')).toBe('senha123');
    expect(problemaSenha('  short  ')).toMatch(/mínimo 8/);
  });
});
