/**
 * Plano de corte: a job's pieces laid out on slabs and remnants with guillotine cuts (edge to edge, as
 * a bridge saw cuts), the blade's width between neighbours, the raw edges of a new slab trimmed.
 * Pure and in integer millimetres; the server runs it in a child process (server/plano-corte.ts).
 *
 * Objective, in order: place every piece that fits some slab; fewest new slabs; the least piece area on
 * new slabs (remnants first); the largest single leftover rectangle.
 *
 * How it searches (anytime, within `tempo_ms`):
 *  1. Blocks: pieces are combined bottom-up, two at a time, side by side (equal heights) or stacked
 *     (equal widths) with the blade between them, only where that wastes nothing (Wang's algorithm at
 *     zero waste). A kitchen's 600 mm-deep tops make blocks; a slab cut recursively into pieces is one
 *     block made again. A block is placed like a piece, so the search below reaches patterns whose
 *     first cut is not along a single piece's side.
 *  2. A slab is filled by a depth-first search over guillotine patterns: the free rectangle on top of
 *     a stack takes a piece or block at its corner and is cut along one of its sides first (two
 *     children), or is left over. Bound: what is placed plus what could still be placed (the remaining
 *     pieces' area, at most the free area where some piece fits) must beat the best fill found; the
 *     search spends at most `d` discrepancies (choices other than the heuristic's first) per slab.
 *  3. Slabs are filled one after the other, remnants first, each new slab of the size that does best;
 *     then again with more discrepancies and shuffled preferences, keeping the best plan, until the
 *     time is up or the plan uses as many new slabs as the area bound says any plan must (then it is
 *     the fewest possible, and the search stops). After each round the least-filled new slab is
 *     emptied into the other slabs' leftovers when they can take all its pieces.
 *
 * An L-shaped slab (a remnant with its top-right corner cut away, `recorte_largura_mm` ×
 * `recorte_altura_mm`) is two rectangles: the first cut runs along the notch's lower side across the
 * whole slab (or along its left side, top to bottom), and each side is then filled as a slab of its own.
 * Both ways are tried and the better kept. An L is a remnant's shape: its edges are sawn, so it takes
 * no trim.
 *
 * Geometry: x to the right, y up from the slab's bottom-left corner. A cut at `posicao` removes the
 * material in [posicao, posicao + serra_mm) across the part it cuts (clipped to that part).
 */

export const SERRA_PADRAO_MM = 4;
export const REFILO_PADRAO_MM = 10;
export const TEMPO_PADRAO_MS = 1500;
export const TEMPO_MAXIMO_MS = 10_000;
/** A leftover is listed as a remnant when both its sides reach this. */
export const SOBRA_MINIMA_MM = 100;

export interface PecaEntrada {
  ref: string;
  largura_mm: number;
  altura_mm: number;
  quantidade?: number;
  /** false: the piece keeps its orientation (a stone with a vein direction). Default true. */
  girar?: boolean;
}

export interface ChapaEntrada {
  ref?: string;
  chapa_id?: string | null;
  largura_mm: number;
  altura_mm: number;
  quantidade?: number;
  /** A remnant: its edges are already sawn (no trim) and it is used before new slabs. */
  sobra?: boolean;
  formato?: 'retangulo' | 'L';
  /** The L's missing top-right corner. */
  recorte_largura_mm?: number | null;
  recorte_altura_mm?: number | null;
}

export interface OpcoesPlano {
  serra_mm?: number;
  refilo_mm?: number;
  tempo_ms?: number;
  /** Seed of the search's shuffles (a plan is reproducible for a given seed and amount of search). */
  semente?: number;
  /** The clock (ms); tests may drive it. */
  agora?: () => number;
  /** A cap on search rounds (tests use it to make results independent of the machine's speed). */
  max_rodadas?: number;
}

export type Direcao = 'vertical' | 'horizontal';

export interface Corte {
  /** 1 = the first cut the operator makes. */
  ordem: number;
  /** refilo: a raw edge trimmed; divisao: an L split in two; corte: any other. */
  tipo: 'refilo' | 'divisao' | 'corte';
  direcao: Direcao;
  /** The cut's line: a vertical cut at x = posicao_mm from y = inicio_mm for comprimento_mm. */
  posicao_mm: number;
  inicio_mm: number;
  comprimento_mm: number;
}

export interface PecaPlano {
  /** 1… across the whole plan: the number drawn on the piece and named by the cut list. */
  numero: number;
  ref: string;
  x_mm: number;
  y_mm: number;
  /** As placed (turned when `girada`). */
  largura_mm: number;
  altura_mm: number;
  girada: boolean;
}

export interface Retangulo {
  x_mm: number;
  y_mm: number;
  largura_mm: number;
  altura_mm: number;
}

export interface ChapaPlano {
  ref: string;
  chapa_id: string | null;
  sobra: boolean;
  largura_mm: number;
  altura_mm: number;
  formato: 'retangulo' | 'L';
  recorte_largura_mm: number | null;
  recorte_altura_mm: number | null;
  /** The trim applied to each raw edge (0 for a remnant). */
  refilo_mm: number;
  pecas: PecaPlano[];
  cortes: Corte[];
  sobras: Retangulo[];
  /** Pieces' area over the slab's area, in percent (one decimal). */
  aproveitamento: number;
}

export interface PlanoCorte {
  chapas: ChapaPlano[];
  nao_couberam: { ref: string; motivo: string }[];
  aproveitamento: number;
  sobras: (Retangulo & { chapa: number })[];
  chapas_novas: number;
  sobras_usadas: number;
  /** Fewest new slabs any plan needs by area; when `chapas_novas` equals it the count is proven least. */
  minimo_chapas_novas: number;
  minimo_comprovado: boolean;
  serra_mm: number;
  refilo_mm: number;
  rodadas: number;
  tempo_ms: number;
}

// ---------------------------------------------------------------------------------------------------

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface TipoPeca {
  ref: string;
  w: number;
  h: number;
  girar: boolean;
  area: number;
  demanda: number;
}

/** A piece (leaf) or a zero-waste block of pieces, in one orientation, with its own cut tree. */
type Arvore =
  | { k: 'p'; t: number; girada: boolean; w: number; h: number }
  | { k: 'c'; dir: Direcao; w: number; h: number; corte: number; a: Arvore; b: Arvore };

interface Item {
  w: number;
  h: number;
  /** Pieces' area (the block's area less its inner kerfs). */
  area: number;
  /** [type, count, type, count, …] */
  usa: number[];
  sig: string;
  arvore: Arvore;
}

interface TipoChapa {
  idx: number;
  entrada: ChapaEntrada;
  ref: string;
  sobra: boolean;
  w: number;
  h: number;
  refilo: number;
  /** Alternative ways to see the slab as rectangles to fill (an L has two). */
  alternativas: { regioes: Rect[]; divisao: Omit<Corte, 'ordem'> | null }[];
  area: number;
  areaUtil: number;
  quantidade: number;
}

interface Decisao {
  r: Rect;
  it: Item;
  vertPrimeiro: boolean;
}

interface Preenchimento {
  area: number;
  sobraMaior: number;
  decisoes: Decisao[];
  sobras: Rect[];
  alternativa: number;
}

interface ChapaUsada {
  tipo: TipoChapa;
  fill: Preenchimento;
}

interface Solucao {
  usadas: ChapaUsada[];
  areaColocada: number;
  novas: number;
  areaEmNovas: number;
  sobraMaior: number;
}

const MAX_BLOCOS = 1500;

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const arredonda1 = (v: number) => Math.round(v * 10) / 10;

function somaUsa(a: number[], b: number[], demanda: number[]): number[] | null {
  const m = new Map<number, number>();
  for (let i = 0; i < a.length; i += 2) m.set(a[i]!, (m.get(a[i]!) ?? 0) + a[i + 1]!);
  for (let i = 0; i < b.length; i += 2) m.set(b[i]!, (m.get(b[i]!) ?? 0) + b[i + 1]!);
  const out: number[] = [];
  for (const t of [...m.keys()].sort((x, y) => x - y)) {
    const c = m.get(t) ?? 0;
    if (c > demanda[t]!) return null;
    out.push(t, c);
  }
  return out;
}

/** Zero-waste blocks (see the header), smallest first, capped. */
function gerarBlocos(folhas: Item[], demanda: number[], serra: number, maxW: number, maxH: number): Item[] {
  const todos: Item[] = [...folhas];
  const vistos = new Set(folhas.map((f) => f.sig));
  const porAltura = new Map<number, Item[]>();
  const porLargura = new Map<number, Item[]>();
  const indexa = (it: Item) => {
    const a = porAltura.get(it.h) ?? [];
    a.push(it);
    porAltura.set(it.h, a);
    const l = porLargura.get(it.w) ?? [];
    l.push(it);
    porLargura.set(it.w, l);
  };
  for (const f of folhas) indexa(f);
  let fila = [...folhas];
  while (fila.length > 0 && todos.length < MAX_BLOCOS) {
    const novos: Item[] = [];
    for (const a of fila) {
      for (const dir of ['vertical', 'horizontal'] as const) {
        const pares = (dir === 'vertical' ? porAltura.get(a.h) : porLargura.get(a.w)) ?? [];
        for (const b of [...pares]) {
          const w = dir === 'vertical' ? a.w + serra + b.w : a.w;
          const h = dir === 'vertical' ? a.h : a.h + serra + b.h;
          const cabe = (w <= maxW && h <= maxH) || (w <= maxH && h <= maxW);
          if (!cabe) continue;
          const usa = somaUsa(a.usa, b.usa, demanda);
          if (!usa) continue;
          const sig = `${w}x${h}:${usa.join(',')}`;
          if (vistos.has(sig)) continue;
          vistos.add(sig);
          const corte = dir === 'vertical' ? a.w : a.h;
          const bloco: Item = {
            w,
            h,
            area: a.area + b.area,
            usa,
            sig,
            arvore: { k: 'c', dir, w, h, corte, a: a.arvore, b: b.arvore },
          };
          novos.push(bloco);
          todos.push(bloco);
          indexa(bloco);
          if (todos.length >= MAX_BLOCOS) break;
        }
        if (todos.length >= MAX_BLOCOS) break;
      }
      if (todos.length >= MAX_BLOCOS) break;
    }
    fila = novos;
  }
  return todos;
}

function efetivoRefilo(refilo: number, serra: number) {
  // The blade takes at least its width: a trim thinner than the blade still loses the blade's width.
  return refilo === 0 ? 0 : Math.max(refilo, serra);
}

function montarTipoChapa(c: ChapaEntrada, idx: number, serra: number, refilo: number): TipoChapa {
  const w = c.largura_mm;
  const h = c.altura_mm;
  const sobra = Boolean(c.sobra);
  const ref = c.ref ?? `${sobra ? 'Sobra' : 'Chapa'} ${w}×${h}`;
  const alternativas: TipoChapa['alternativas'] = [];
  let refiloAplicado = 0;
  if (c.formato === 'L' && (c.recorte_largura_mm ?? 0) > 0 && (c.recorte_altura_mm ?? 0) > 0) {
    const rl = c.recorte_largura_mm ?? 0;
    const ra = c.recorte_altura_mm ?? 0;
    // Along the notch's lower side across the slab: a full-width bottom part, the arm above.
    const baixo = { x: 0, y: 0, w, h: h - ra - serra };
    const braco = { x: 0, y: h - ra, w: w - rl, h: ra };
    alternativas.push({
      regioes: [baixo, braco].filter((r) => r.w > 0 && r.h > 0),
      divisao: {
        tipo: 'divisao',
        direcao: 'horizontal',
        posicao_mm: h - ra - serra,
        inicio_mm: 0,
        comprimento_mm: w,
      },
    });
    // Along the notch's left side, top to bottom: a full-height left part, the arm at the right.
    const esquerda = { x: 0, y: 0, w: w - rl - serra, h };
    const bracoDir = { x: w - rl, y: 0, w: rl, h: h - ra };
    alternativas.push({
      regioes: [esquerda, bracoDir].filter((r) => r.w > 0 && r.h > 0),
      divisao: {
        tipo: 'divisao',
        direcao: 'vertical',
        posicao_mm: w - rl - serra,
        inicio_mm: 0,
        comprimento_mm: h,
      },
    });
  } else {
    refiloAplicado = sobra ? 0 : efetivoRefilo(refilo, serra);
    const r = refiloAplicado;
    alternativas.push({ regioes: [{ x: r, y: r, w: w - 2 * r, h: h - 2 * r }], divisao: null });
  }
  for (const a of alternativas) a.regioes = a.regioes.filter((r) => r.w > 0 && r.h > 0);
  const areaUtil = Math.max(0, ...alternativas.map((a) => a.regioes.reduce((s, r) => s + r.w * r.h, 0)));
  return {
    idx,
    entrada: c,
    ref,
    sobra,
    w,
    h,
    refilo: refiloAplicado,
    alternativas,
    area: w * h - (c.formato === 'L' ? (c.recorte_largura_mm ?? 0) * (c.recorte_altura_mm ?? 0) : 0),
    areaUtil,
    quantidade: c.quantidade ?? 1,
  };
}

const cabeEm = (t: TipoPeca, r: { w: number; h: number }) =>
  (t.w <= r.w && t.h <= r.h) || (t.girar && t.h <= r.w && t.w <= r.h);

/** Everything one search round shares. */
interface Contexto {
  tipos: TipoPeca[];
  serra: number;
  fim: number;
  agora: () => number;
  nos: number;
  estourou: boolean;
}

/**
 * Fills one slab (its rectangles) with what `restante` still holds, by the bounded depth-first
 * search described in the header. `ordem`: the items in the order they are tried.
 */
function preencher(
  ctx: Contexto,
  regioes: Rect[],
  ordem: Item[],
  restante: number[],
  discrepancias: number,
  limiteNos: number,
  tentarAmbosCortes: boolean,
): Preenchimento {
  const { tipos, serra } = ctx;
  const ativos = tipos.map((_, i) => i).filter((i) => restante[i]! > 0);
  let areaRestante = 0;
  for (const t of ativos) {
    if (regioes.some((r) => cabeEm(tipos[t]!, r))) areaRestante += tipos[t]!.area * restante[t]!;
  }
  const pilha: Rect[] = [...regioes].reverse();
  const sobras: Rect[] = [];
  const decisoes: Decisao[] = [];
  const melhor: Preenchimento = { area: -1, sobraMaior: -1, decisoes: [], sobras: [], alternativa: 0 };
  let area = 0;
  let nos = 0;
  // Stop: this slab's node allowance spent, or the round's time up (then the best fill so far stands).
  let parar = false;

  const algumCabe = (r: Rect) => {
    for (const t of ativos) if (restante[t]! > 0 && cabeEm(tipos[t]!, r)) return true;
    return false;
  };
  const disponivel = (it: Item) => {
    for (let i = 0; i < it.usa.length; i += 2) if (restante[it.usa[i]!]! < it.usa[i + 1]!) return false;
    return true;
  };
  const consome = (it: Item, s: number) => {
    for (let i = 0; i < it.usa.length; i += 2) restante[it.usa[i]!]! -= s * it.usa[i + 1]!;
  };

  const dfs = (disc: number): void => {
    nos++;
    ctx.nos++;
    if (nos > limiteNos) parar = true;
    if ((ctx.nos & 1023) === 0 && ctx.agora() > ctx.fim) ctx.estourou = true;
    if ((parar || ctx.estourou) && melhor.area >= 0) return;
    if (pilha.length === 0) {
      let maior = 0;
      for (const s of sobras) maior = Math.max(maior, s.w * s.h);
      if (area > melhor.area || (area === melhor.area && maior > melhor.sobraMaior)) {
        melhor.area = area;
        melhor.sobraMaior = maior;
        melhor.decisoes = decisoes.slice();
        melhor.sobras = sobras.slice();
      }
      return;
    }
    // Bound: what could still be placed here.
    let livre = 0;
    let maiorLivre = 0;
    for (const r of pilha) {
      maiorLivre = Math.max(maiorLivre, r.w * r.h);
      if (algumCabe(r)) livre += r.w * r.h;
    }
    const teto = area + Math.min(areaRestante, livre);
    if (teto < melhor.area) return;
    if (teto === melhor.area) {
      let maiorSobra = maiorLivre;
      for (const s of sobras) maiorSobra = Math.max(maiorSobra, s.w * s.h);
      if (maiorSobra <= melhor.sobraMaior) return;
    }
    const r = pilha.pop() as Rect;
    let usadas = 0;
    let escolhas = 0;
    for (const it of ordem) {
      if (escolhas > disc) break;
      if (it.w > r.w || it.h > r.h || !disponivel(it)) continue;
      usadas++;
      // Which side to cut first: the one leaving the larger rectangle whole (then the other).
      const restoDireita = (r.w - it.w - serra) * r.h;
      const restoCima = r.w * (r.h - it.h - serra);
      const preferVert = restoDireita >= restoCima;
      const modos =
        it.w === r.w || it.h === r.h || !tentarAmbosCortes ? [preferVert] : [preferVert, !preferVert];
      for (const vert of modos) {
        if (escolhas > disc) break;
        const custo = escolhas;
        escolhas++;
        const direita: Rect = vert
          ? { x: r.x + it.w + serra, y: r.y, w: r.w - it.w - serra, h: r.h }
          : { x: r.x + it.w + serra, y: r.y, w: r.w - it.w - serra, h: it.h };
        const cima: Rect = vert
          ? { x: r.x, y: r.y + it.h + serra, w: it.w, h: r.h - it.h - serra }
          : { x: r.x, y: r.y + it.h + serra, w: r.w, h: r.h - it.h - serra };
        const filhos = [direita, cima].filter((f) => f.w > 0 && f.h > 0);
        // The larger child is pushed first, so the smaller one is filled first and the larger is
        // what tends to be left whole.
        filhos.sort((a, b) => b.w * b.h - a.w * a.h);
        consome(it, 1);
        area += it.area;
        areaRestante -= it.area;
        decisoes.push({ r, it, vertPrimeiro: vert });
        for (const f of filhos) pilha.push(f);
        dfs(disc - custo);
        for (let i = 0; i < filhos.length; i++) pilha.pop();
        decisoes.pop();
        areaRestante += it.area;
        area -= it.area;
        consome(it, -1);
        if ((parar || ctx.estourou) && melhor.area >= 0) break;
      }
      if ((parar || ctx.estourou) && melhor.area >= 0) break;
    }
    // Or leave this rectangle over (the only way when nothing fits).
    if (usadas === 0 || (escolhas <= disc && !((parar || ctx.estourou) && melhor.area >= 0))) {
      sobras.push(r);
      dfs(usadas === 0 ? disc : disc - escolhas);
      sobras.pop();
    }
    pilha.push(r);
  };
  dfs(discrepancias);
  return melhor;
}

interface Instancia {
  tipos: TipoPeca[];
  chapas: TipoChapa[];
  itens: Item[];
  serra: number;
  refilo: number;
  naoCouberam: { ref: string; motivo: string }[];
  areaPecas: number;
  minimoNovas: number;
}

function preparar(pecas: PecaEntrada[], chapas: ChapaEntrada[], serra: number, refilo: number): Instancia {
  const chapaTipos = chapas.map((c, i) => montarTipoChapa(c, i, serra, refilo));
  const naoCouberam: { ref: string; motivo: string }[] = [];
  const tipos: TipoPeca[] = [];
  for (const p of pecas) {
    const t: TipoPeca = {
      ref: p.ref,
      w: p.largura_mm,
      h: p.altura_mm,
      girar: p.girar !== false,
      area: p.largura_mm * p.altura_mm,
      demanda: p.quantidade ?? 1,
    };
    const cabe = chapaTipos.some(
      (c) => c.quantidade > 0 && c.alternativas.some((a) => a.regioes.some((r) => cabeEm(t, r))),
    );
    if (!cabe) {
      const semGirar =
        !t.girar &&
        chapaTipos.some((c) => c.alternativas.some((a) => a.regioes.some((r) => t.h <= r.w && t.w <= r.h)));
      const motivo = semGirar
        ? `A peça ${t.w} × ${t.h} mm não pode ser girada (veio) e, nessa posição, é maior que todas as chapas.`
        : `A peça ${t.w} × ${t.h} mm é maior que todas as chapas${t.girar ? ', em qualquer posição' : ''}.`;
      for (let i = 0; i < t.demanda; i++) naoCouberam.push({ ref: t.ref, motivo });
      continue;
    }
    tipos.push(t);
  }
  const demanda = tipos.map((t) => t.demanda);
  const folhas: Item[] = [];
  tipos.forEach((t, i) => {
    folhas.push({
      w: t.w,
      h: t.h,
      area: t.area,
      usa: [i, 1],
      sig: `${t.w}x${t.h}:${i},1`,
      arvore: { k: 'p', t: i, girada: false, w: t.w, h: t.h },
    });
    if (t.girar && t.w !== t.h) {
      folhas.push({
        w: t.h,
        h: t.w,
        area: t.area,
        usa: [i, 1],
        sig: `${t.h}x${t.w}:${i},1`,
        arvore: { k: 'p', t: i, girada: true, w: t.h, h: t.w },
      });
    }
  });
  let maxW = 0;
  let maxH = 0;
  for (const c of chapaTipos)
    for (const a of c.alternativas)
      for (const r of a.regioes) {
        maxW = Math.max(maxW, r.w);
        maxH = Math.max(maxH, r.h);
      }
  const itens = gerarBlocos(folhas, demanda, serra, maxW, maxH).sort((a, b) => b.area - a.area || b.w - a.w);
  const areaPecas = tipos.reduce((s, t) => s + t.area * t.demanda, 0);
  // Area bound on new slabs: the remnants whole, then the largest new slabs.
  let falta =
    areaPecas - chapaTipos.filter((c) => c.sobra).reduce((s, c) => s + c.areaUtil * c.quantidade, 0);
  let minimoNovas = 0;
  const novas = chapaTipos
    .filter((c) => !c.sobra)
    .flatMap((c) => Array.from({ length: c.quantidade }, () => c.areaUtil))
    .sort((a, b) => b - a);
  for (const a of novas) {
    if (falta <= 0) break;
    falta -= a;
    minimoNovas++;
  }
  return { tipos, chapas: chapaTipos, itens, serra, refilo, naoCouberam, areaPecas, minimoNovas };
}

function melhorQue(a: Solucao, b: Solucao | null): boolean {
  if (!b) return true;
  if (a.areaColocada !== b.areaColocada) return a.areaColocada > b.areaColocada;
  if (a.novas !== b.novas) return a.novas < b.novas;
  if (a.areaEmNovas !== b.areaEmNovas) return a.areaEmNovas < b.areaEmNovas;
  return a.sobraMaior > b.sobraMaior;
}

interface Rodada {
  discrepancias: number;
  limiteNos: number;
  ruido: number;
  rng: () => number;
  ambosCortes: boolean;
}

function preencherChapa(
  ctx: Contexto,
  c: TipoChapa,
  ordem: Item[],
  restante: number[],
  rd: Rodada,
): Preenchimento {
  let melhor: Preenchimento | null = null;
  c.alternativas.forEach((alt, i) => {
    const f = preencher(ctx, alt.regioes, ordem, restante, rd.discrepancias, rd.limiteNos, rd.ambosCortes);
    f.alternativa = i;
    if (!melhor || f.area > melhor.area || (f.area === melhor.area && f.sobraMaior > melhor.sobraMaior))
      melhor = f;
  });
  return melhor as unknown as Preenchimento;
}

function aplicar(f: Preenchimento, restante: number[]) {
  for (const d of f.decisoes)
    for (let i = 0; i < d.it.usa.length; i += 2) restante[d.it.usa[i]!]! -= d.it.usa[i + 1]!;
}

function rodada(ctx: Contexto, inst: Instancia, rd: Rodada): Solucao {
  const restante = inst.tipos.map((t) => t.demanda);
  const ordem =
    rd.ruido === 0
      ? inst.itens
      : inst.itens
          .map((it) => ({ it, k: it.area * (1 + rd.ruido * (rd.rng() - 0.5)) }))
          .sort((a, b) => b.k - a.k)
          .map((x) => x.it);
  const usadas: ChapaUsada[] = [];
  const quantos = new Map<number, number>();
  const faltaAlgo = () => restante.some((n) => n > 0);
  const sobras = inst.chapas.filter((c) => c.sobra).sort((a, b) => b.areaUtil - a.areaUtil);
  if (rd.ruido > 0) sobras.sort(() => rd.rng() - 0.5);
  for (const c of sobras) {
    for (let q = 0; q < c.quantidade && faltaAlgo(); q++) {
      const f = preencherChapa(ctx, c, ordem, restante, rd);
      if (f.area <= 0) break;
      aplicar(f, restante);
      usadas.push({ tipo: c, fill: f });
    }
  }
  const novas = inst.chapas.filter((c) => !c.sobra);
  while (faltaAlgo()) {
    const livres = novas.filter((c) => (quantos.get(c.idx) ?? 0) < c.quantidade);
    if (livres.length === 0) break;
    let escolhida: { c: TipoChapa; f: Preenchimento } | null = null;
    const areaFalta = inst.tipos.reduce((s, t, i) => s + t.area * restante[i]!, 0);
    for (const c of livres) {
      const f = preencherChapa(ctx, c, ordem, restante, rd);
      if (f.area <= 0) continue;
      const tudo = f.area === areaFalta;
      if (!escolhida) {
        escolhida = { c, f };
        continue;
      }
      const eTudo = escolhida.f.area === areaFalta;
      if (tudo && (!eTudo || c.area < escolhida.c.area)) escolhida = { c, f };
      else if (!tudo && !eTudo && f.area / c.area > escolhida.f.area / escolhida.c.area) escolhida = { c, f };
    }
    if (!escolhida) break;
    aplicar(escolhida.f, restante);
    quantos.set(escolhida.c.idx, (quantos.get(escolhida.c.idx) ?? 0) + 1);
    usadas.push({ tipo: escolhida.c, fill: escolhida.f });
  }
  compactar(ctx, inst, usadas, ordem, rd);
  let areaColocada = 0;
  let areaEmNovas = 0;
  let sobraMaior = 0;
  for (const u of usadas) {
    areaColocada += u.fill.area;
    if (!u.tipo.sobra) areaEmNovas += u.fill.area;
    sobraMaior = Math.max(sobraMaior, u.fill.sobraMaior);
  }
  return { usadas, areaColocada, novas: usadas.filter((u) => !u.tipo.sobra).length, areaEmNovas, sobraMaior };
}

/**
 * Tries to empty the least-filled new slab into the leftovers of the other slabs, and repeats while a
 * slab is saved. A leftover rectangle is a whole part of its slab's guillotine pattern (edge-to-edge
 * cuts made it), so filling it keeps the pattern cuttable. The sequential fill decides each slab
 * without seeing the next; this is where a last, lightly filled slab is often found unnecessary.
 */
function compactar(ctx: Contexto, inst: Instancia, usadas: ChapaUsada[], ordem: Item[], rd: Rodada) {
  for (;;) {
    const alvo = usadas.filter((u) => !u.tipo.sobra).sort((a, b) => a.fill.area - b.fill.area)[0];
    if (!alvo || ctx.estourou) return;
    const restante = inst.tipos.map(() => 0);
    for (const d of alvo.fill.decisoes)
      for (let i = 0; i < d.it.usa.length; i += 2) restante[d.it.usa[i]!]! += d.it.usa[i + 1]!;
    const livres = usadas
      .filter((u) => u !== alvo)
      .flatMap((u) => u.fill.sobras.map((r) => ({ u, r })))
      .sort((a, b) => b.r.w * b.r.h - a.r.w * a.r.h);
    let falta = alvo.fill.area;
    const mudancas: { u: ChapaUsada; r: Rect; f: Preenchimento }[] = [];
    for (const { u, r } of livres) {
      if (falta <= 0) break;
      if (!inst.tipos.some((t, i) => restante[i]! > 0 && cabeEm(t, r))) continue;
      const f = preencher(ctx, [r], ordem, restante, rd.discrepancias, rd.limiteNos, true);
      if (f.area <= 0) continue;
      aplicar(f, restante);
      falta -= f.area;
      mudancas.push({ u, r, f });
    }
    if (falta > 0) return;
    for (const { u, r, f } of mudancas) {
      const sobras = [...u.fill.sobras.filter((x) => x !== r), ...f.sobras];
      u.fill = {
        ...u.fill,
        area: u.fill.area + f.area,
        decisoes: [...u.fill.decisoes, ...f.decisoes],
        sobras,
        sobraMaior: Math.max(0, ...sobras.map((x) => x.w * x.h)),
      };
    }
    usadas.splice(usadas.indexOf(alvo), 1);
  }
}

// ------------------------------------------------------------------ turning a fill into the answer

interface No {
  r: Rect;
  corte?: { dir: Direcao; pos: number; a: No; b: No | null };
  peca?: { t: number; girada: boolean };
}

function noDeArvore(a: Arvore, x: number, y: number, serra: number): No {
  const r = { x, y, w: a.w, h: a.h };
  if (a.k === 'p') return { r, peca: { t: a.t, girada: a.girada } };
  const pos = a.dir === 'vertical' ? x + a.corte : y + a.corte;
  const b =
    a.dir === 'vertical'
      ? noDeArvore(a.b, x + a.corte + serra, y, serra)
      : noDeArvore(a.b, x, y + a.corte + serra, serra);
  return { r, corte: { dir: a.dir, pos, a: noDeArvore(a.a, x, y, serra), b } };
}

const chave = (r: Rect) => `${r.x},${r.y},${r.w},${r.h}`;

function arvoreDaRegiao(r: Rect, porRet: Map<string, Decisao>, serra: number): No {
  const d = porRet.get(chave(r));
  if (!d) return { r };
  const { it } = d;
  const peca = noDeArvore(it.arvore, r.x, r.y, serra);
  const filho = (f: Rect) => (f.w > 0 && f.h > 0 ? arvoreDaRegiao(f, porRet, serra) : null);
  if (d.vertPrimeiro) {
    const coluna: Rect = { x: r.x, y: r.y, w: it.w, h: r.h };
    const direita = filho({ x: r.x + it.w + serra, y: r.y, w: r.w - it.w - serra, h: r.h });
    const colunaNo: No =
      it.h < r.h
        ? {
            r: coluna,
            corte: {
              dir: 'horizontal',
              pos: r.y + it.h,
              a: peca,
              b: filho({ x: r.x, y: r.y + it.h + serra, w: it.w, h: r.h - it.h - serra }),
            },
          }
        : peca;
    return it.w < r.w
      ? { r, corte: { dir: 'vertical', pos: r.x + it.w, a: colunaNo, b: direita } }
      : colunaNo;
  }
  const faixa: Rect = { x: r.x, y: r.y, w: r.w, h: it.h };
  const cima = filho({ x: r.x, y: r.y + it.h + serra, w: r.w, h: r.h - it.h - serra });
  const faixaNo: No =
    it.w < r.w
      ? {
          r: faixa,
          corte: {
            dir: 'vertical',
            pos: r.x + it.w,
            a: peca,
            b: filho({ x: r.x + it.w + serra, y: r.y, w: r.w - it.w - serra, h: it.h }),
          },
        }
      : peca;
  return it.h < r.h ? { r, corte: { dir: 'horizontal', pos: r.y + it.h, a: faixaNo, b: cima } } : faixaNo;
}

function percorrer(no: No, cortes: Omit<Corte, 'ordem'>[], pecas: { t: number; girada: boolean; r: Rect }[]) {
  if (no.peca) {
    pecas.push({ ...no.peca, r: no.r });
    return;
  }
  if (!no.corte) return;
  const { dir, pos } = no.corte;
  cortes.push({
    tipo: 'corte',
    direcao: dir,
    posicao_mm: pos,
    inicio_mm: dir === 'vertical' ? no.r.y : no.r.x,
    comprimento_mm: dir === 'vertical' ? no.r.h : no.r.w,
  });
  // The part holding the piece the cut was made for is worked first, then the rest.
  percorrer(no.corte.a, cortes, pecas);
  if (no.corte.b) percorrer(no.corte.b, cortes, pecas);
}

function cortesDeRefilo(c: TipoChapa, serra: number): Omit<Corte, 'ordem'>[] {
  const r = c.refilo;
  if (r === 0) return [];
  const { w, h } = c;
  return [
    { tipo: 'refilo', direcao: 'horizontal', posicao_mm: r - serra, inicio_mm: 0, comprimento_mm: w },
    { tipo: 'refilo', direcao: 'horizontal', posicao_mm: h - r, inicio_mm: 0, comprimento_mm: w },
    { tipo: 'refilo', direcao: 'vertical', posicao_mm: r - serra, inicio_mm: r, comprimento_mm: h - 2 * r },
    { tipo: 'refilo', direcao: 'vertical', posicao_mm: w - r, inicio_mm: r, comprimento_mm: h - 2 * r },
  ];
}

function montarPlano(inst: Instancia, s: Solucao, extra: { rodadas: number; tempo: number }): PlanoCorte {
  let numero = 0;
  const chapas: ChapaPlano[] = [];
  const sobrasTodas: PlanoCorte['sobras'] = [];
  let areaPecas = 0;
  let areaChapas = 0;
  s.usadas.forEach((u, idx) => {
    const c = u.tipo;
    const alt = c.alternativas[u.fill.alternativa]!;
    const porRet = new Map<string, Decisao>();
    for (const d of u.fill.decisoes) porRet.set(chave(d.r), d);
    const cortes: Omit<Corte, 'ordem'>[] = [...cortesDeRefilo(c, inst.serra)];
    if (alt.divisao) cortes.push(alt.divisao);
    const colocadas: { t: number; girada: boolean; r: Rect }[] = [];
    for (const reg of alt.regioes) percorrer(arvoreDaRegiao(reg, porRet, inst.serra), cortes, colocadas);
    const pecas: PecaPlano[] = colocadas.map((p) => ({
      numero: ++numero,
      ref: inst.tipos[p.t]!.ref,
      x_mm: p.r.x,
      y_mm: p.r.y,
      largura_mm: p.r.w,
      altura_mm: p.r.h,
      girada: p.girada,
    }));
    const area = pecas.reduce((soma, p) => soma + p.largura_mm * p.altura_mm, 0);
    areaPecas += area;
    areaChapas += c.area;
    const sobras = u.fill.sobras
      .filter((r) => Math.min(r.w, r.h) >= SOBRA_MINIMA_MM)
      .sort((a, b) => b.w * b.h - a.w * a.h)
      .map((r) => ({ x_mm: r.x, y_mm: r.y, largura_mm: r.w, altura_mm: r.h }));
    for (const so of sobras) sobrasTodas.push({ chapa: idx, ...so });
    chapas.push({
      ref: c.ref,
      chapa_id: c.entrada.chapa_id ?? null,
      sobra: c.sobra,
      largura_mm: c.w,
      altura_mm: c.h,
      formato: c.entrada.formato === 'L' ? 'L' : 'retangulo',
      recorte_largura_mm: c.entrada.formato === 'L' ? (c.entrada.recorte_largura_mm ?? null) : null,
      recorte_altura_mm: c.entrada.formato === 'L' ? (c.entrada.recorte_altura_mm ?? null) : null,
      refilo_mm: c.refilo,
      pecas,
      cortes: cortes.map((k, i) => ({ ordem: i + 1, ...k })),
      sobras,
      aproveitamento: arredonda1((100 * area) / c.area),
    });
  });
  // What no slab was left for (the quantities given ran out).
  const naoCouberam = [...inst.naoCouberam];
  const colocadas = new Map<string, number>();
  for (const c of chapas) for (const p of c.pecas) colocadas.set(p.ref, (colocadas.get(p.ref) ?? 0) + 1);
  const porRef = new Map<string, number>();
  for (const t of inst.tipos) porRef.set(t.ref, (porRef.get(t.ref) ?? 0) + t.demanda);
  for (const [ref, n] of porRef) {
    const faltam = n - (colocadas.get(ref) ?? 0);
    for (let i = 0; i < faltam; i++)
      naoCouberam.push({
        ref,
        motivo: 'Não há chapas suficientes: as chapas informadas não comportam esta peça.',
      });
  }
  const novas = chapas.filter((c) => !c.sobra).length;
  return {
    chapas,
    nao_couberam: naoCouberam,
    aproveitamento: areaChapas > 0 ? arredonda1((100 * areaPecas) / areaChapas) : 0,
    sobras: sobrasTodas,
    chapas_novas: novas,
    sobras_usadas: chapas.length - novas,
    minimo_chapas_novas: inst.minimoNovas,
    minimo_comprovado: s.areaColocada === inst.areaPecas && novas === inst.minimoNovas,
    serra_mm: inst.serra,
    refilo_mm: inst.refilo,
    rodadas: extra.rodadas,
    tempo_ms: extra.tempo,
  };
}

/** The plan (see the header). Input is assumed valid (the API's zod schema checks it). */
export function planejarCorte(
  pecas: PecaEntrada[],
  chapas: ChapaEntrada[],
  opcoes: OpcoesPlano = {},
): PlanoCorte {
  const agora = opcoes.agora ?? (() => performance.now());
  const inicio = agora();
  const serra = opcoes.serra_mm ?? SERRA_PADRAO_MM;
  const refilo = opcoes.refilo_mm ?? REFILO_PADRAO_MM;
  const tempo = Math.min(opcoes.tempo_ms ?? TEMPO_PADRAO_MS, TEMPO_MAXIMO_MS);
  const inst = preparar(pecas, chapas, serra, refilo);
  const rng = mulberry32(opcoes.semente ?? 20261127);
  // The round in progress when time is up still finishes its slabs greedily: stop a little early so
  // the answer arrives within the budget.
  const fim = inicio + tempo * 0.96;
  const ctx: Contexto = { tipos: inst.tipos, serra, fim, agora, nos: 0, estourou: false };
  let melhor: Solucao | null = null;
  let n = 0;
  const maxRodadas = opcoes.max_rodadas ?? Number.POSITIVE_INFINITY;
  const pecasTotal = inst.tipos.reduce((s, t) => s + t.demanda, 0);
  while (n < maxRodadas) {
    // Round 0 is the greedy plan; then more discrepancies, and shuffled preferences every other round.
    const discrepancias = n === 0 ? 0 : 1 + ((n - 1) % 4);
    const rd: Rodada = {
      discrepancias,
      limiteNos: 2000 + 200 * pecasTotal,
      ruido: n < 5 ? 0 : 0.6,
      rng,
      ambosCortes: n > 0,
    };
    ctx.estourou = false;
    const s = rodada(ctx, inst, rd);
    n++;
    if (melhorQue(s, melhor)) melhor = s;
    const m = melhor as Solucao;
    if (m.areaColocada === inst.areaPecas && m.novas <= inst.minimoNovas) break;
    if (agora() > ctx.fim) break;
  }
  return montarPlano(inst, melhor as Solucao, { rodadas: n, tempo: Math.round(agora() - inicio) });
}
