/** The tests' instances; the validator they check every plan with lives in plano-corte-validacao.ts. */
export { type OpcoesValidacao, validarPlano } from './plano-corte-validacao';

/** A small seeded generator for the tests' instances. */
export function sorteador(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

/**
 * A "perfect" instance: the rectangle w × h cut recursively, with the blade, into `n` pieces (no side
 * under `minimo`), shuffled and half of them turned. The pieces fill it exactly, blade included.
 */
export function instanciaPerfeita(
  seed: number,
  n: number,
  w: number,
  h: number,
  serra: number,
  minimo = 150,
) {
  const r = sorteador(seed);
  let partes = [{ w, h }];
  let tentativas = 0;
  while (partes.length < n && tentativas < 10_000) {
    tentativas++;
    const i = r.int(0, partes.length - 1);
    const p = partes[i]!;
    const vertical = r.next() < p.w / (p.w + p.h);
    const lado = vertical ? p.w : p.h;
    if (lado < 2 * minimo + serra) continue;
    const corte = r.int(minimo, lado - minimo - serra);
    const a = vertical ? { w: corte, h: p.h } : { w: p.w, h: corte };
    const b = vertical ? { w: p.w - corte - serra, h: p.h } : { w: p.w, h: p.h - corte - serra };
    partes.splice(i, 1, a, b);
  }
  partes = partes
    .map((p) => ({ p, k: r.next() }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.p);
  return partes.map((p, i) => {
    const turned = i % 2 === 1;
    return {
      ref: `P${i + 1}`,
      largura_mm: turned ? p.h : p.w,
      altura_mm: turned ? p.w : p.h,
      quantidade: 1,
      girar: true,
    };
  });
}
