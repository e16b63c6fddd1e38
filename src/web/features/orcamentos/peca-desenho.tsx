// The piece drawn to scale (issue 14). Interactive in the editor: each side is a button that picks its
// finish; readOnly for details, printout and PDF. Draws from desenhoPeca(), the same description
// svgString() serialises, so every copy of the drawing is the same drawing.
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import {
  type DesenhoPeca,
  desenhoPeca,
  type Lado,
  type LadoDesenho,
  type PecaDesenhoInput,
  type Shape,
} from '../../../domain/peca-desenho';

/** The piece as the domain draws it (its `titulo` is also the accessible title), and how to show it. */
export interface PecaDesenhoProps extends PecaDesenhoInput {
  /** The box to fit, in CSS px; the SVG scales down with its container (max-width: 100%). */
  largura?: number;
  altura?: number;
  /** No controls: details, printout, PDF. */
  readOnly?: boolean;
  onLadoClick?: (lado: Lado) => void;
  /** The side whose finish is being chosen, highlighted. */
  ladoSelecionado?: Lado | null;
  className?: string;
}

/** The outline every drawn shape but text carries. */
const strokeOf = (s: { stroke?: string; strokeWidth?: number; dash?: string }) => ({
  stroke: s.stroke,
  strokeWidth: s.strokeWidth,
  strokeDasharray: s.dash,
});

function ShapeEl({ s }: { s: Shape }) {
  switch (s.kind) {
    case 'rect':
      return (
        <rect x={s.x} y={s.y} width={s.w} height={s.h} rx={s.rx} fill={s.fill ?? 'none'} {...strokeOf(s)} />
      );
    case 'line':
      return <line x1={s.x1} y1={s.y1} x2={s.x2} y2={s.y2} {...strokeOf(s)} strokeLinecap="butt" />;
    case 'circle':
      return <circle cx={s.cx} cy={s.cy} r={s.r} fill={s.fill ?? 'none'} {...strokeOf(s)} />;
    case 'text':
      return (
        <text
          x={s.x}
          y={s.y}
          textAnchor={s.anchor}
          fontSize={s.size}
          fontWeight={s.weight}
          fill={s.fill}
          fontFamily="system-ui, Arial, sans-serif"
        >
          {s.text}
        </text>
      );
  }
}

function Shapes({ shapes }: { shapes: Shape[] }) {
  return shapes.map((s, i) => <ShapeEl key={i} s={s} />);
}

function LadoBotao({
  lado,
  selecionado,
  onActivate,
}: {
  lado: LadoDesenho;
  selecionado: boolean;
  onActivate: (l: Lado) => void;
}) {
  const [focado, setFocado] = useState(false);
  const onKeyDown = (e: KeyboardEvent<SVGGElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault(); // Space would scroll the page
      onActivate(lado.lado);
    }
  };
  const { alvo } = lado;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG side cannot be an HTML <button>; role, tabIndex and keys make it one
    <g
      role="button"
      tabIndex={0}
      aria-label={lado.rotulo}
      aria-pressed={selecionado}
      data-lado={lado.lado}
      onClick={() => onActivate(lado.lado)}
      onKeyDown={onKeyDown}
      onFocus={() => setFocado(true)}
      onBlur={() => setFocado(false)}
      style={{ cursor: 'pointer', outline: 'none', touchAction: 'manipulation' }}
    >
      {/* The generous transparent target: a side is a few px of line, a finger is ~44 px. */}
      <rect x={alvo.x} y={alvo.y} width={alvo.w} height={alvo.h} fill="transparent" />
      {(focado || selecionado) && (
        <rect
          x={alvo.x}
          y={alvo.y}
          width={alvo.w}
          height={alvo.h}
          rx={6}
          fill={selecionado ? 'rgba(37, 99, 235, 0.08)' : 'none'}
          stroke="#2563eb"
          strokeWidth={2}
          strokeDasharray={focado ? undefined : '4 3'}
        />
      )}
      <Shapes shapes={lado.shapes} />
    </g>
  );
}

export function PecaDesenho({
  medida1,
  medida2,
  bordas,
  recortes,
  titulo,
  largura = 420,
  altura = 280,
  readOnly = false,
  onLadoClick,
  ladoSelecionado = null,
  className,
}: PecaDesenhoProps) {
  const id = useId();
  const d: DesenhoPeca = useMemo(
    () => desenhoPeca({ medida1, medida2, bordas, recortes, titulo }, { largura, altura }),
    [medida1, medida2, bordas, recortes, titulo, largura, altura],
  );
  const interativo = !readOnly && !!onLadoClick;
  const tituloId = `${id}-titulo`;
  const descId = `${id}-desc`;
  return (
    // In the editor the drawing holds buttons, so it is a labelled group; read-only it is one image.
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={d.largura}
      height={d.altura}
      viewBox={`0 0 ${d.largura} ${d.altura}`}
      role={interativo ? 'group' : 'img'}
      aria-labelledby={interativo ? tituloId : `${tituloId} ${descId}`}
      aria-describedby={interativo ? descId : undefined}
      className={className}
      style={{ maxWidth: '100%', height: 'auto' }}
    >
      <title id={tituloId}>{d.titulo}</title>
      <desc id={descId}>{d.descricao}</desc>
      <Shapes shapes={d.corpo} />
      {d.lados.map((l) =>
        interativo && onLadoClick ? (
          <LadoBotao
            key={l.lado}
            lado={l}
            selecionado={ladoSelecionado === l.lado}
            onActivate={onLadoClick}
          />
        ) : (
          <g key={l.lado} data-lado={l.lado}>
            <Shapes shapes={l.shapes} />
          </g>
        ),
      )}
      <Shapes shapes={d.legenda} />
    </svg>
  );
}

/** A quote's or work order's item drawn read-only (details, the OS page), fitted to 320 × 220 px. */
export function DesenhoDoItem({
  item,
  titulo,
}: {
  item: Pick<PecaDesenhoProps, 'medida1' | 'medida2' | 'bordas' | 'recortes'>;
  titulo: string;
}) {
  return (
    <PecaDesenho
      readOnly
      medida1={item.medida1}
      medida2={item.medida2}
      bordas={item.bordas}
      recortes={item.recortes}
      titulo={titulo}
      largura={320}
      altura={220}
      className="w-full"
    />
  );
}
