import { describe, expect, it } from 'vitest';
import { resumoPecasTexto } from './texto';

describe('resumoPecasTexto (the history row’s pieces)', () => {
  it('names items, metres of finished edge and cutouts, in pt-BR', () => {
    expect(resumoPecasTexto({ itens: 2, metros_borda: 3, recortes: 1 })).toBe(
      '2 itens · 3 m de acabamento · 1 recorte',
    );
    expect(resumoPecasTexto({ itens: 1, metros_borda: 7.2, recortes: 6 })).toBe(
      '1 item · 7,2 m de acabamento · 6 recortes',
    );
  });

  it('a quote without edges or cutouts (or saved before them) shows just its item count', () => {
    expect(resumoPecasTexto({ itens: 3, metros_borda: 0, recortes: 0 })).toBe('3 itens');
    expect(resumoPecasTexto({ itens: 1, metros_borda: 0, recortes: 2 })).toBe('1 item · 2 recortes');
  });
});
