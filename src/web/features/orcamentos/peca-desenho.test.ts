import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  ALVO_MIN,
  desenhoPeca,
  ESPESSURA_MIN,
  escapeXml,
  formatMetros,
  type PecaDesenhoInput,
  type Shape,
  svgString,
  tipoRecorte,
} from '../../../domain/peca-desenho';
import { PecaDesenho } from './peca-desenho';

const caixa = { largura: 420, altura: 280 };
const bancada: PecaDesenhoInput = {
  titulo: 'Bancada',
  medida1: '2.40',
  medida2: '0.60',
  bordas: [
    { lado: 'frente', nome: 'Boleado' },
    { lado: 'esquerda', nome: 'Reto' },
  ],
  recortes: [{ nome: 'Cuba de embutir' }, { nome: 'Cooktop' }],
};

const pecaRect = (shapes: Shape[]) => {
  const r = shapes[0];
  if (r?.kind !== 'rect') throw new Error('the piece comes first');
  return r;
};
const textos = (shapes: Shape[]) => shapes.flatMap((s) => (s.kind === 'text' ? [s.text] : []));

describe('formatMetros', () => {
  it('writes measures the pt-BR way', () => {
    expect(formatMetros(2.4)).toBe('2,40 m');
    expect(formatMetros(0.1)).toBe('0,10 m');
    expect(formatMetros(1.005)).toBe('1,005 m');
  });
});

describe('desenhoPeca', () => {
  it('draws to scale inside the box', () => {
    const d = desenhoPeca(bancada, caixa);
    const r = pecaRect(d.corpo);
    // 2.40 / 0.60 = 4: the drawn piece keeps the proportion
    expect(r.w / r.h).toBeCloseTo(4, 5);
    expect(d.largura).toBeLessThanOrEqual(caixa.largura);
    expect(d.altura).toBeLessThanOrEqual(caixa.altura);
    // A deep piece is limited by the height instead, still to scale.
    const alta = pecaRect(desenhoPeca({ medida1: 0.6, medida2: 1.2 }, caixa).corpo);
    expect(alta.h / alta.w).toBeCloseTo(2, 5);
  });

  it('keeps a thin saia visible and its sides clickable', () => {
    const d = desenhoPeca({ medida1: '2.40', medida2: '0.10' }, caixa);
    const r = pecaRect(d.corpo);
    // to scale it would be 252 / 24 = 10.5 px deep; drawn at the minimum
    expect(r.h).toBe(ESPESSURA_MIN);
    for (const l of d.lados) {
      expect(l.alvo.w).toBeGreaterThanOrEqual(ALVO_MIN);
      expect(l.alvo.h).toBeGreaterThanOrEqual(ALVO_MIN);
    }
  });

  it('places frente at the bottom, fundo at the top, and writes each side’s measure', () => {
    const d = desenhoPeca(bancada, caixa);
    const r = pecaRect(d.corpo);
    const linha = (lado: string) => {
      const s = d.lados.find((l) => l.lado === lado)?.shapes[0];
      if (s?.kind !== 'line') throw new Error(`no line for ${lado}`);
      return s;
    };
    expect(linha('frente')).toMatchObject({ y1: r.y + r.h, y2: r.y + r.h });
    expect(linha('fundo')).toMatchObject({ y1: r.y, y2: r.y });
    expect(linha('esquerda')).toMatchObject({ x1: r.x, x2: r.x });
    expect(linha('direita')).toMatchObject({ x1: r.x + r.w, x2: r.x + r.w });
    expect(d.lados.map((l) => [l.lado, l.comprimento, textos(l.shapes)])).toEqual([
      ['frente', 2.4, ['2,40 m', 'Boleado']],
      ['fundo', 2.4, ['2,40 m']],
      ['esquerda', 0.6, ['0,60 m', 'Reto']],
      ['direita', 0.6, ['0,60 m']],
    ]);
    expect(d.lados.map((l) => l.rotulo)).toEqual([
      'Lado frente: Boleado',
      'Lado fundo: sem acabamento',
      'Lado esquerda: Reto',
      'Lado direita: sem acabamento',
    ]);
  });

  it('draws finished sides thicker, each finish with its own dash pattern, and lists them in a legend', () => {
    const d = desenhoPeca(bancada, caixa);
    const [frente, fundo, esquerda] = d.lados.map((l) => l.shapes[0] as Extract<Shape, { kind: 'line' }>);
    expect(frente?.strokeWidth).toBeGreaterThan(fundo?.strokeWidth ?? 0);
    expect(esquerda?.strokeWidth).toBeGreaterThan(fundo?.strokeWidth ?? 0);
    expect(frente?.dash).not.toBe(esquerda?.dash); // tells them apart in black and white
    expect(frente?.stroke).not.toBe(esquerda?.stroke);
    expect(textos(d.legenda)).toEqual(['Boleado (frente)', 'Reto (esquerda)']);
  });

  it('describes the piece in words', () => {
    const d = desenhoPeca(bancada, caixa);
    expect(d.titulo).toBe('Bancada de 2,40 × 0,60 m');
    expect(d.descricao).toBe(
      'Lado frente (2,40 m): Boleado. Lado fundo (2,40 m): sem acabamento. Lado esquerda (0,60 m): Reto. ' +
        'Lado direita (0,60 m): sem acabamento. Recortes: 1 × Cuba de embutir, 1 × Cooktop (símbolos fora de escala).',
    );
  });

  it('draws cutouts as labelled symbols inside the piece, one per unit', () => {
    expect(tipoRecorte({ nome: 'Cuba de embutir' })).toBe('cuba');
    expect(tipoRecorte({ nome: 'Cooktop 5 bocas' })).toBe('cooktop');
    expect(tipoRecorte({ nome: 'Furo de torneira' })).toBe('furo');
    expect(tipoRecorte({ nome: 'Nicho' })).toBe('outro');
    expect(tipoRecorte({ nome: 'Nicho', tipo: 'cuba' })).toBe('cuba');

    const d = desenhoPeca(
      { medida1: '2.40', medida2: '0.60', recortes: [{ nome: 'Cooktop' }, { nome: 'Furo', quantidade: 2 }] },
      caixa,
    );
    const r = pecaRect(d.corpo);
    const simbolos = d.corpo.slice(1);
    const circles = simbolos.filter((s) => s.kind === 'circle');
    // cooktop: a square and four burners; two furos: one circle each
    expect(circles).toHaveLength(6);
    expect(simbolos.filter((s) => s.kind === 'rect')).toHaveLength(1);
    expect(textos(simbolos)).toEqual(['Cooktop', 'Furo', 'Furo']);
    for (const c of circles) {
      if (c.kind !== 'circle') continue;
      expect(c.cx).toBeGreaterThan(r.x);
      expect(c.cx).toBeLessThan(r.x + r.w);
      expect(c.cy).toBeGreaterThan(r.y);
      expect(c.cy).toBeLessThan(r.y + r.h);
    }
  });

  it('copes with missing measures', () => {
    const d = desenhoPeca({ medida1: null, medida2: '' }, caixa);
    expect(pecaRect(d.corpo)).toMatchObject({ w: ESPESSURA_MIN, h: ESPESSURA_MIN });
    expect(d.titulo).toBe('Peça de 0,00 × 0,00 m');
  });
});

describe('svgString', () => {
  const hostil = '<script>alert("x")</script>';

  it('escapes names, so a finish named <script> stays text', () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
    const svg = svgString(
      desenhoPeca(
        {
          titulo: '"><img src=x onerror=alert(1)>',
          medida1: 1,
          medida2: 0.6,
          bordas: [{ lado: 'frente', nome: hostil }],
          recortes: [{ nome: hostil }],
        },
        caixa,
      ),
      'x"y',
    );
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<img');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(svg).toContain('id="x&quot;y-titulo"');
    // Well formed: every element that opens text closes it.
    expect(svg.match(/<text/g)?.length).toBe(svg.match(/<\/text>/g)?.length);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it('carries the title, description and every shape', () => {
    const d = desenhoPeca(bancada, caixa);
    const svg = svgString(d, 'p1');
    expect(svg).toContain('<title id="p1-titulo">Bancada de 2,40 × 0,60 m</title>');
    expect(svg).toContain('role="img" aria-labelledby="p1-titulo p1-desc"');
    const shapes = d.corpo.length + d.lados.reduce((n, l) => n + l.shapes.length, 0) + d.legenda.length;
    expect(svg.match(/<(rect|line|circle|text)\b/g)).toHaveLength(shapes);
  });
});

describe('PecaDesenho', () => {
  const render = (props: Partial<Parameters<typeof PecaDesenho>[0]>) =>
    renderToStaticMarkup(createElement(PecaDesenho, { ...bancada, ...props }));

  it('makes each side a focusable button named after its finish', () => {
    const html = render({ onLadoClick: () => {} });
    const botoes = [...html.matchAll(/<g role="button" tabindex="0" aria-label="([^"]*)"/g)].map((m) => m[1]);
    expect(botoes).toEqual([
      'Lado frente: Boleado',
      'Lado fundo: sem acabamento',
      'Lado esquerda: Reto',
      'Lado direita: sem acabamento',
    ]);
    expect(html).toContain('role="group"');
  });

  it('has no controls read-only and draws the same shapes as svgString', () => {
    const html = render({ readOnly: true, onLadoClick: () => {} });
    expect(html).not.toContain('role="button"');
    expect(html).not.toContain('tabindex');
    expect(html).toContain('role="img"');
    const count = (s: string) => s.match(/<(rect|line|circle|text)\b/g)?.length;
    expect(count(html)).toBe(count(svgString(desenhoPeca(bancada, { largura: 420, altura: 280 }))));
  });

  it('escapes a hostile finish name', () => {
    const html = render({
      bordas: [{ lado: 'fundo', nome: '<script>alert(1)</script>' }],
      onLadoClick: () => {},
    });
    expect(html).not.toContain('<script');
    expect(html).toContain('aria-label="Lado fundo: &lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});
