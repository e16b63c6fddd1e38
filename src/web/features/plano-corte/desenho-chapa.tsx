import { useId } from 'react';
import type { ChapaPlano } from '../../../domain/plano-corte';
import { descreverCorte, mm } from '../../../domain/plano-corte-texto';

/**
 * One slab of a cutting plan drawn to scale (SVG; 1 unit = 1 mm, the slab's bottom-left corner at
 * the bottom left as the planner measures): the stone, its trim, the pieces numbered as in the cut
 * list, the leftovers hatched, an L's notch left out. Reused by the simulator and the work order's plan.
 */
export function DesenhoChapa({ chapa, titulo }: { chapa: ChapaPlano; titulo: string }) {
  const hatch = useId().replace(/:/g, '');
  const W = chapa.largura_mm;
  const H = chapa.altura_mm;
  const y = (yMm: number, h: number) => H - yMm - h;
  const fonte = Math.max(40, Math.min(W, H) / 14);
  const contorno =
    chapa.formato === 'L' && chapa.recorte_largura_mm && chapa.recorte_altura_mm
      ? [
          [0, 0],
          [W, 0],
          [W, H - chapa.recorte_altura_mm],
          [W - chapa.recorte_largura_mm, H - chapa.recorte_altura_mm],
          [W - chapa.recorte_largura_mm, H],
          [0, H],
        ]
      : [
          [0, 0],
          [W, 0],
          [W, H],
          [0, H],
        ];
  const r = chapa.refilo_mm;
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`-20 -20 ${W + 40} ${H + 40}`}
        className="h-auto w-full max-w-3xl rounded border bg-card"
        role="img"
        aria-label={`${titulo}: ${chapa.pecas.length} ${chapa.pecas.length === 1 ? 'peça' : 'peças'}, aproveitamento ${chapa.aproveitamento.toLocaleString('pt-BR')} %`}
      >
        <defs>
          <pattern
            id={hatch}
            width="60"
            height="60"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <line x1="0" y1="0" x2="0" y2="60" stroke="currentColor" strokeWidth="12" opacity="0.35" />
          </pattern>
        </defs>
        <polygon
          points={contorno.map(([px, py]) => `${px},${H - (py ?? 0)}`).join(' ')}
          className="fill-muted stroke-foreground"
          strokeWidth={6}
        />
        {r > 0 && (
          <rect
            x={r}
            y={r}
            width={W - 2 * r}
            height={H - 2 * r}
            fill="none"
            className="stroke-muted-foreground"
            strokeWidth={3}
            strokeDasharray="20 15"
          />
        )}
        {chapa.sobras.map((s, i) => (
          <rect
            key={`s${i}`}
            data-sobra
            x={s.x_mm}
            y={y(s.y_mm, s.altura_mm)}
            width={s.largura_mm}
            height={s.altura_mm}
            fill={`url(#${hatch})`}
            className="text-muted-foreground"
          >
            <title>{`Sobra ${mm(s.largura_mm)} × ${mm(s.altura_mm)} mm`}</title>
          </rect>
        ))}
        {chapa.pecas.map((p) => (
          <g key={p.numero} data-peca={p.numero}>
            <rect
              x={p.x_mm}
              y={y(p.y_mm, p.altura_mm)}
              width={p.largura_mm}
              height={p.altura_mm}
              className="fill-primary/20 stroke-primary"
              strokeWidth={4}
            >
              <title>{`${p.numero}. ${p.ref}: ${mm(p.largura_mm)} × ${mm(p.altura_mm)} mm${p.girada ? ' (girada)' : ''}`}</title>
            </rect>
            <text
              x={p.x_mm + p.largura_mm / 2}
              y={y(p.y_mm, p.altura_mm) + p.altura_mm / 2}
              fontSize={Math.min(fonte, p.altura_mm * 0.8, p.largura_mm * 0.5)}
              textAnchor="middle"
              dominantBaseline="central"
              className="fill-foreground font-semibold"
            >
              {p.numero}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="text-sm text-muted-foreground">
        {titulo}: {mm(W)} × {mm(H)} mm{chapa.sobra ? ' (sobra)' : ''}
        {r > 0 ? `, refilo ${r} mm` : ''} — aproveitamento {chapa.aproveitamento.toLocaleString('pt-BR')} %
      </figcaption>
    </figure>
  );
}

/** The slab's pieces and its cuts in the order the saw makes them. */
export function ListaCortes({ chapa }: { chapa: ChapaPlano }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div>
        <h3 className="mb-1 text-sm font-semibold">Peças</h3>
        <ul className="text-sm">
          {chapa.pecas.map((p) => (
            <li key={p.numero}>
              <span className="font-semibold">{p.numero}.</span> {p.ref} — {mm(p.largura_mm)} ×{' '}
              {mm(p.altura_mm)} mm
              {p.girada ? ' (girada)' : ''}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="mb-1 text-sm font-semibold">Cortes, na ordem</h3>
        <ol className="list-decimal pl-5 text-sm">
          {chapa.cortes.map((k) => (
            <li key={k.ordem}>{descreverCorte(k)}</li>
          ))}
        </ol>
      </div>
    </div>
  );
}
