// The drawing of one m² piece as a plain list of shapes: the editor's React component, the printout
// and the server-side PDF all draw from this one description, so the piece the customer signs is
// the piece the workshop cuts. No React, no DOM here.
import { formatMedidas, formatMetros } from './medidas';
import type { Lado } from './pricing';
import { normalize } from './texto';

export type { Lado };
export const LADOS: readonly Lado[] = ['frente', 'fundo', 'esquerda', 'direita'];

export type TipoRecorte = 'cuba' | 'cooktop' | 'furo' | 'outro';

export interface PecaBorda {
  lado: Lado;
  /** The finish's name (Boleado, Reto, Meia-esquadria…). */
  nome: string;
}

export interface PecaRecorte {
  nome: string;
  /** Symbol to draw; when absent it is guessed from the name (see tipoRecorte). */
  tipo?: TipoRecorte | null;
  /** Cutouts per piece; each one gets its own symbol. */
  quantidade?: number | string | null;
}

export interface PecaDesenhoInput {
  /** Width in metres, along frente/fundo. */
  medida1: number | string | null | undefined;
  /** Depth in metres, along esquerda/direita. */
  medida2: number | string | null | undefined;
  bordas?: readonly PecaBorda[] | null;
  recortes?: readonly PecaRecorte[] | null;
  /** What the piece is ("Bancada", "Saia"…), for the title; "Peça" when absent. */
  titulo?: string | null;
}

/** The box the drawing must fit in, in SVG user units (= CSS px at 1:1). */
export interface Caixa {
  largura: number;
  altura: number;
}

interface Stroke {
  stroke?: string;
  strokeWidth?: number;
  dash?: string;
  fill?: string;
}

export type Shape =
  | ({ kind: 'rect'; x: number; y: number; w: number; h: number; rx?: number } & Stroke)
  | ({ kind: 'line'; x1: number; y1: number; x2: number; y2: number } & Stroke)
  | ({ kind: 'circle'; cx: number; cy: number; r: number } & Stroke)
  | {
      kind: 'text';
      x: number;
      y: number;
      text: string;
      anchor: 'start' | 'middle' | 'end';
      size: number;
      fill: string;
      weight?: 'bold';
    };

export interface LadoDesenho {
  lado: Lado;
  /** Length in metres. */
  comprimento: number;
  acabamento: string | null;
  /** "Lado frente: Boleado" / "Lado esquerda: sem acabamento" — the control's accessible name. */
  rotulo: string;
  /** The touch/click target: at least ALVO_MIN deep, mostly outside the piece. */
  alvo: { x: number; y: number; w: number; h: number };
  /** The edge line and its labels. */
  shapes: Shape[];
}

export interface DesenhoPeca {
  largura: number;
  altura: number;
  titulo: string;
  descricao: string;
  /** The piece and its cutouts, drawn under the sides. */
  corpo: Shape[];
  lados: LadoDesenho[];
  /** One line per finish, so a black-and-white print still tells the finishes apart. */
  legenda: Shape[];
}

/** Smallest drawn side, so a 0,10 m saia stays visible and clickable. */
export const ESPESSURA_MIN = 24;
/** Minimum depth of a side's touch target (WCAG 2.5.5 asks 44 × 44 CSS px). */
export const ALVO_MIN = 44;
const MARGEM_V = 40; // room for the measure and finish name above/below
const MARGEM_H = 84; // room for the measure and finish name left/right
const LEGENDA_LINHA = 18;
const MAX_SIMBOLOS = 12;

const PLAIN = { stroke: '#475569', strokeWidth: 1.5 };
// Each finish gets a colour and a dash pattern; the pattern alone tells them apart in black and white.
const ESTILOS: { stroke: string; dash?: string }[] = [
  { stroke: '#b45309' },
  { stroke: '#1d4ed8', dash: '10 5' },
  { stroke: '#047857', dash: '3 4' },
  { stroke: '#7c3aed', dash: '12 4 3 4' },
  { stroke: '#be123c', dash: '6 3 6 9' },
];
const BORDA_LARGURA = 5;

export { formatMetros };

function toMeasure(v: number | string | null | undefined): number {
  const n = typeof v === 'string' ? Number(v) : (v ?? 0);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The symbol for a cutout: its tipo when given, else a guess from its name. */
export function tipoRecorte(r: PecaRecorte): TipoRecorte {
  if (r.tipo) return r.tipo;
  const n = normalize(r.nome);
  if (n.includes('cooktop') || n.includes('fogao')) return 'cooktop';
  if (n.includes('cuba') || n.includes('pia')) return 'cuba';
  if (n.includes('furo') || n.includes('torneira') || n.includes('misturador')) return 'furo';
  return 'outro';
}

function quantidade(r: PecaRecorte): number {
  const q = Number(r.quantidade ?? 1);
  return Number.isInteger(q) && q > 0 ? q : 1;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const r2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Lays the piece out in `caixa`, to scale (medida1 across, medida2 down; frente at the bottom, as seen
 * from the customer's side). The result may be smaller than the box: its size is the piece plus its labels.
 */
export function desenhoPeca(input: PecaDesenhoInput, caixa: Caixa): DesenhoPeca {
  const m1 = toMeasure(input.medida1);
  const m2 = toMeasure(input.medida2);
  const bordas = new Map<Lado, string>();
  for (const b of input.bordas ?? []) if (!bordas.has(b.lado)) bordas.set(b.lado, b.nome);

  const acabamentos = [...new Set(LADOS.flatMap((l) => (bordas.has(l) ? [bordas.get(l) as string] : [])))];
  const estiloDe = (nome: string) => ESTILOS[acabamentos.indexOf(nome) % ESTILOS.length] ?? ESTILOS[0]!;
  const legendaAltura = acabamentos.length ? acabamentos.length * LEGENDA_LINHA + 8 : 0;

  const livreL = Math.max(caixa.largura - 2 * MARGEM_H, ESPESSURA_MIN);
  const livreA = Math.max(caixa.altura - 2 * MARGEM_V - legendaAltura, ESPESSURA_MIN);
  const escala = m1 > 0 && m2 > 0 ? Math.min(livreL / m1, livreA / m2) : 0;
  const pw = Math.min(Math.max(m1 * escala, ESPESSURA_MIN), livreL);
  const ph = Math.min(Math.max(m2 * escala, ESPESSURA_MIN), livreA);
  // Full box width (a narrow piece is centred, and the legend keeps its room); height only as needed.
  const largura = r2(Math.max(caixa.largura, pw + 2 * MARGEM_H));
  const x = (largura - pw) / 2;
  const y = MARGEM_V;
  const altura = r2(ph + 2 * MARGEM_V + legendaAltura);

  const corpo: Shape[] = [{ kind: 'rect', x, y, w: r2(pw), h: r2(ph), fill: '#f1f5f9' }];
  corpo.push(...simbolos(input.recortes ?? [], x, y, pw, ph));

  const geometria: Record<Lado, { x1: number; y1: number; x2: number; y2: number }> = {
    fundo: { x1: x, y1: y, x2: x + pw, y2: y },
    frente: { x1: x, y1: y + ph, x2: x + pw, y2: y + ph },
    esquerda: { x1: x, y1: y, x2: x, y2: y + ph },
    direita: { x1: x + pw, y1: y, x2: x + pw, y2: y + ph },
  };
  const inner = 10;
  const outer = ALVO_MIN - inner;
  const alvoLongo = (len: number) => Math.max(len, ALVO_MIN);

  const lados = LADOS.map((lado): LadoDesenho => {
    const comprimento = lado === 'frente' || lado === 'fundo' ? m1 : m2;
    const acabamento = bordas.get(lado) ?? null;
    const g = geometria[lado];
    const estilo = acabamento ? { ...estiloDe(acabamento), strokeWidth: BORDA_LARGURA } : PLAIN;
    const shapes: Shape[] = [
      { kind: 'line', x1: r2(g.x1), y1: r2(g.y1), x2: r2(g.x2), y2: r2(g.y2), ...estilo },
    ];
    const medida = formatMetros(comprimento);
    const cor = acabamento ? estilo.stroke : '#334155';
    // Across, a name may use the drawing's width; beside the piece only the side margin.
    const max =
      lado === 'frente' || lado === 'fundo'
        ? Math.max(Math.floor((largura - 8) / 7), 8)
        : Math.max(Math.floor((x - 12) / 7), 6);
    const nome = acabamento ? truncate(acabamento, max) : null;
    let alvo: LadoDesenho['alvo'];
    if (lado === 'frente' || lado === 'fundo') {
      const cx = r2(x + pw / 2);
      const w = alvoLongo(pw);
      const ax = x + pw / 2 - w / 2;
      if (lado === 'frente') {
        alvo = { x: ax, y: y + ph - inner, w, h: ALVO_MIN };
        shapes.push({
          kind: 'text',
          x: cx,
          y: r2(y + ph + 16),
          text: medida,
          anchor: 'middle',
          size: 12,
          fill: cor,
        });
        if (nome) shapes.push(texto(cx, y + ph + 31, nome, 'middle', cor));
      } else {
        alvo = { x: ax, y: y - outer, w, h: ALVO_MIN };
        shapes.push({
          kind: 'text',
          x: cx,
          y: r2(y - (nome ? 22 : 8)),
          text: medida,
          anchor: 'middle',
          size: 12,
          fill: cor,
        });
        if (nome) shapes.push(texto(cx, y - 8, nome, 'middle', cor));
      }
    } else {
      const cy = y + ph / 2;
      const h = alvoLongo(ph);
      const ay = cy - h / 2;
      const top = nome ? cy - 3 : cy + 4;
      if (lado === 'esquerda') {
        alvo = { x: x - outer, y: ay, w: ALVO_MIN, h };
        shapes.push({ kind: 'text', x: x - 8, y: r2(top), text: medida, anchor: 'end', size: 12, fill: cor });
        if (nome) shapes.push(texto(x - 8, top + 14, nome, 'end', cor));
      } else {
        alvo = { x: x + pw - inner, y: ay, w: ALVO_MIN, h };
        shapes.push({
          kind: 'text',
          x: x + pw + 8,
          y: r2(top),
          text: medida,
          anchor: 'start',
          size: 12,
          fill: cor,
        });
        if (nome) shapes.push(texto(x + pw + 8, top + 14, nome, 'start', cor));
      }
    }
    return {
      lado,
      comprimento,
      acabamento,
      rotulo: `Lado ${lado}: ${acabamento ?? 'sem acabamento'}`,
      alvo: { x: r2(alvo.x), y: r2(alvo.y), w: r2(alvo.w), h: r2(alvo.h) },
      shapes,
    };
  });

  const legenda: Shape[] = [];
  const lx = Math.min(x, MARGEM_H);
  const legendaMax = Math.max(Math.floor((largura - lx - 52) / 7), 8);
  acabamentos.forEach((nome, i) => {
    const ly = y + ph + MARGEM_V + 10 + i * LEGENDA_LINHA;
    const estilo = estiloDe(nome);
    const ladosDoAcabamento = LADOS.filter((l) => bordas.get(l) === nome).join(', ');
    legenda.push({
      kind: 'line',
      x1: r2(lx),
      y1: r2(ly),
      x2: r2(lx + 36),
      y2: r2(ly),
      ...estilo,
      strokeWidth: BORDA_LARGURA,
    });
    legenda.push(
      texto(lx + 44, ly + 4, truncate(`${nome} (${ladosDoAcabamento})`, legendaMax), 'start', '#0f172a'),
    );
  });

  const titulo = `${input.titulo?.trim() || 'Peça'} de ${formatMedidas(m1, m2)}`;
  return {
    largura,
    altura,
    titulo,
    descricao: descricao(m1, m2, bordas, input.recortes ?? []),
    corpo,
    lados,
    legenda,
  };
}

function texto(x: number, y: number, text: string, anchor: 'start' | 'middle' | 'end', fill: string): Shape {
  return { kind: 'text', x: r2(x), y: r2(y), text, anchor, size: 11, fill, weight: 'bold' };
}

function descricao(
  m1: number,
  m2: number,
  bordas: Map<Lado, string>,
  recortes: readonly PecaRecorte[],
): string {
  const lados = LADOS.map((l) => {
    const len = l === 'frente' || l === 'fundo' ? m1 : m2;
    return `Lado ${l} (${formatMetros(len)}): ${bordas.get(l) ?? 'sem acabamento'}.`;
  });
  const cortes = recortes.length
    ? `Recortes: ${recortes.map((r) => `${quantidade(r)} × ${r.nome}`).join(', ')} (símbolos fora de escala).`
    : 'Sem recortes.';
  return [...lados, cortes].join(' ');
}

/** A w × h rectangle centred on (cx, cy): the outline of a cutout's symbol. */
function centrado(cx: number, cy: number, w: number, h: number) {
  return { kind: 'rect' as const, x: r2(cx - w / 2), y: r2(cy - h / 2), w: r2(w), h: r2(h) };
}

// Cutouts have no size in the catalogue, so they are symbols spread along the piece, not to scale.
function simbolos(recortes: readonly PecaRecorte[], x: number, y: number, pw: number, ph: number): Shape[] {
  const todos = recortes.flatMap((r) => Array.from({ length: quantidade(r) }, () => r));
  const visiveis = todos.slice(0, MAX_SIMBOLOS);
  if (!visiveis.length) return [];
  const slot = pw / visiveis.length;
  const rotulado = ph >= 56; // room for a label under the symbol
  const size = Math.max(Math.min(slot * 0.7, (rotulado ? ph - 22 : ph) * 0.75), 6);
  const cy = y + (rotulado ? (ph - 14) / 2 : ph / 2);
  const shapes: Shape[] = [];
  visiveis.forEach((r, i) => {
    const cx = x + slot * (i + 0.5);
    const traco = { stroke: '#0f172a', strokeWidth: 1.5, fill: '#ffffff' };
    switch (tipoRecorte(r)) {
      case 'cuba': {
        const h = size * 0.65;
        shapes.push({ ...centrado(cx, cy, size, h), rx: r2(h / 4), ...traco });
        shapes.push({ kind: 'circle', cx: r2(cx), cy: r2(cy), r: r2(Math.max(size * 0.05, 1.5)), ...traco });
        break;
      }
      case 'cooktop': {
        const s = size * 0.8;
        shapes.push({ ...centrado(cx, cy, s, s), rx: 2, ...traco });
        for (const [dx, dy] of [
          [-1, -1],
          [1, -1],
          [-1, 1],
          [1, 1],
        ] as const) {
          shapes.push({
            kind: 'circle',
            cx: r2(cx + (dx * s) / 4),
            cy: r2(cy + (dy * s) / 4),
            r: r2(s / 6),
            ...traco,
          });
        }
        break;
      }
      case 'furo':
        shapes.push({ kind: 'circle', cx: r2(cx), cy: r2(cy), r: r2(Math.max(size * 0.12, 3)), ...traco });
        break;
      default:
        shapes.push({ ...centrado(cx, cy, size, (size * 2) / 3), ...traco, dash: '4 3' });
    }
    if (rotulado) {
      const max = Math.max(Math.floor(slot / 6.5) - 1, 4);
      shapes.push({
        kind: 'text',
        x: r2(cx),
        y: r2(y + ph - 6),
        text: truncate(r.nome, max),
        anchor: 'middle',
        size: 10,
        fill: '#0f172a',
      });
    }
  });
  if (todos.length > visiveis.length) {
    shapes.push({
      kind: 'text',
      x: r2(x + pw - 4),
      y: r2(y + 12),
      text: `+${todos.length - visiveis.length}`,
      anchor: 'end',
      size: 10,
      fill: '#0f172a',
    });
  }
  return shapes;
}

/** Escapes text and attribute values for SVG/XML: a finish named "<script>" stays text. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function attrs(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
}

function strokeAttrs(s: Stroke): Record<string, string | number | undefined> {
  return {
    fill: s.fill ?? 'none',
    stroke: s.stroke,
    'stroke-width': s.strokeWidth,
    'stroke-dasharray': s.dash,
  };
}

export function shapeSvg(s: Shape): string {
  switch (s.kind) {
    case 'rect':
      return `<rect${attrs({ x: s.x, y: s.y, width: s.w, height: s.h, rx: s.rx, ...strokeAttrs(s) })}/>`;
    case 'line':
      return `<line${attrs({ x1: s.x1, y1: s.y1, x2: s.x2, y2: s.y2, ...strokeAttrs(s), 'stroke-linecap': 'butt' })}/>`;
    case 'circle':
      return `<circle${attrs({ cx: s.cx, cy: s.cy, r: s.r, ...strokeAttrs(s) })}/>`;
    case 'text':
      return `<text${attrs({
        x: s.x,
        y: s.y,
        'text-anchor': s.anchor,
        'font-size': s.size,
        'font-weight': s.weight,
        fill: s.fill,
        'font-family': 'system-ui, Arial, sans-serif',
      })}>${escapeXml(s.text)}</text>`;
  }
}

/**
 * The drawing as a standalone SVG string (printout, PDF), the same shapes the component draws, read-only.
 * `idPrefix` keeps the title/desc ids unique when several pieces share a page.
 */
export function svgString(d: DesenhoPeca, idPrefix = 'peca'): string {
  const id = escapeXml(idPrefix);
  const body = [...d.corpo, ...d.lados.flatMap((l) => l.shapes), ...d.legenda].map(shapeSvg).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg"${attrs({ width: d.largura, height: d.altura, viewBox: `0 0 ${d.largura} ${d.altura}` })}` +
    ` role="img" aria-labelledby="${id}-titulo ${id}-desc">` +
    `<title id="${id}-titulo">${escapeXml(d.titulo)}</title><desc id="${id}-desc">${escapeXml(d.descricao)}</desc>` +
    `${body}</svg>`
  );
}
