import { describe, expect, it } from 'vitest';
import { logradouroCompleto } from './endereco';

describe('logradouroCompleto', () => {
  it('prints "Rua X, 123 — Bairro", with the complemento after the número', () => {
    expect(logradouroCompleto({ endereco: 'Rua X', numero: '123', bairro: 'Centro' })).toBe(
      'Rua X, 123 — Centro',
    );
    expect(
      logradouroCompleto({
        endereco: 'Av. Beira Mar',
        numero: 'S/N',
        complemento: 'Bloco B, ap. 302',
        bairro: 'Praia do Canto',
      }),
    ).toBe('Av. Beira Mar, S/N, Bloco B, ap. 302 — Praia do Canto');
  });

  it('leaves out what is missing or blank, and a record with no address gives an empty text', () => {
    expect(logradouroCompleto({ endereco: 'Rua X, 10' })).toBe('Rua X, 10');
    expect(logradouroCompleto({ endereco: 'Rua X', numero: ' ', bairro: 'Centro' })).toBe('Rua X — Centro');
    expect(logradouroCompleto({ endereco: null, bairro: 'Centro' })).toBe('Centro');
    expect(logradouroCompleto({ endereco: null, numero: null, complemento: '', bairro: null })).toBe('');
  });
});
