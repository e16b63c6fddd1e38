import Big from 'big.js';
import { cents } from './money';

/** A slab's outline in millimetres: a rectangle, or an L (the rectangle less one corner `recorte`). */
export interface Contorno {
  largura_mm: number;
  altura_mm: number;
  formato: 'retangulo' | 'L';
  recorte_largura_mm?: number | null;
  recorte_altura_mm?: number | null;
}

/** Area in mm² (an L: the rectangle less its missing corner). */
export function areaMm2(c: Contorno): number {
  const corte = c.formato === 'L' ? (c.recorte_largura_mm ?? 0) * (c.recorte_altura_mm ?? 0) : 0;
  return c.largura_mm * c.altura_mm - corte;
}

/** Area in m² to 3 decimals, as a decimal string (exact: mm² are integers). */
export function areaM2(c: Contorno): string {
  return new Big(areaMm2(c)).div(1_000_000).round(3).toFixed(3);
}

/** A piece of `l × a` fits the rectangle `w × h` turned either way. */
export function cabeRetangulo(w: number, h: number, l: number, a: number): boolean {
  return (l <= w && a <= h) || (l <= h && a <= w);
}

/**
 * The full rectangles inside an outline: the rectangle itself, or the two of an L (its full width
 * above the corner, its full height beside it). A piece fits an L only inside one of them.
 */
export function retangulosDe(c: Contorno): [number, number][] {
  if (c.formato !== 'L') return [[c.largura_mm, c.altura_mm]];
  const rl = c.recorte_largura_mm ?? 0;
  const ra = c.recorte_altura_mm ?? 0;
  return [
    [c.largura_mm, c.altura_mm - ra],
    [c.largura_mm - rl, c.altura_mm],
  ];
}

/** Whether a piece of `l × a` mm can be cut from the outline, in either orientation. */
export function cabe(c: Contorno, l: number, a: number): boolean {
  return retangulosDe(c).some(([w, h]) => cabeRetangulo(w, h, l, a));
}

/**
 * A remnant's cost: the parent's cost × the remnant's share of the parent's area × the factor (%),
 * to the cent (half up).
 */
export function custoSobra(p: {
  custoPai: string | number;
  areaPai: number;
  areaSobra: number;
  fatorPercentual: string | number;
}): string {
  if (p.areaPai <= 0) return '0.00';
  return cents(
    new Big(p.custoPai).times(p.areaSobra).div(p.areaPai).times(p.fatorPercentual).div(100),
  ).toFixed(2);
}

/** `<lote>-<nn>`: the slab's number in its lot, two digits at least. */
export function codigoNoLote(lote: string, n: number): string {
  return `${lote}-${String(n).padStart(2, '0')}`;
}

/** `1200 × 400` mm as people read it on a label or a card: "1,20 × 0,40 m". */
export function medidasTexto(c: { largura_mm: number; altura_mm: number }): string {
  const m = (mm: number) => new Big(mm).div(1000).toFixed(2).replace('.', ',');
  return `${m(c.largura_mm)} × ${m(c.altura_mm)} m`;
}
