import { describe, expect, it } from 'vitest';
import { celularWhatsapp, whatsappUrl } from './whatsapp';

describe('celularWhatsapp', () => {
  it('takes a mobile (DDD + 9 digits starting with 9), with or without the country code', () => {
    expect(celularWhatsapp('(11) 98765-4321')).toBe('11987654321');
    expect(celularWhatsapp('+55 21 99876-5432')).toBe('21998765432');
  });
  it('refuses a landline, a number without DDD and nothing', () => {
    expect(celularWhatsapp('(11) 3333-4444')).toBeNull();
    expect(celularWhatsapp('98765-4321')).toBeNull();
    expect(celularWhatsapp(null)).toBeNull();
    expect(celularWhatsapp('')).toBeNull();
  });
});

describe('whatsappUrl', () => {
  it('is wa.me/55<DDD><número> with the text encoded', () => {
    expect(whatsappUrl('11987654321', 'Olá! Orçamento Nº 7: https://x/o/a?b&c')).toBe(
      'https://wa.me/5511987654321?text=Ol%C3%A1!%20Or%C3%A7amento%20N%C2%BA%207%3A%20https%3A%2F%2Fx%2Fo%2Fa%3Fb%26c',
    );
  });
});
