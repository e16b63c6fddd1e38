// The saw's printout of a work order's cutting plan: one page per slab, the slab drawn to scale with
// its pieces numbered, the pieces listed by number and the cuts in the order the operator makes them.
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { ChapaPlano } from '../../domain/plano-corte';
import { descreverCorte, mm } from '../../domain/plano-corte-texto';
import type { PlanoOs } from '../casos/planos-corte';

/** The slab as SVG, 1 unit = 1 mm, y up from the bottom-left corner as the planner measures. */
export function svgChapa(c: ChapaPlano): string {
  const W = c.largura_mm;
  const H = c.altura_mm;
  const y = (yMm: number, h: number) => H - yMm - h;
  const fonte = Math.max(40, Math.min(W, H) / 14);
  const contorno =
    c.formato === 'L' && c.recorte_largura_mm && c.recorte_altura_mm
      ? [
          [0, 0],
          [W, 0],
          [W, H - c.recorte_altura_mm],
          [W - c.recorte_largura_mm, H - c.recorte_altura_mm],
          [W - c.recorte_largura_mm, H],
          [0, H],
        ]
      : [
          [0, 0],
          [W, 0],
          [W, H],
          [0, H],
        ];
  const partes = [
    `<polygon points="${contorno.map(([px, py]) => `${px},${H - (py ?? 0)}`).join(' ')}" fill="#e5e7eb" stroke="#111827" stroke-width="6"/>`,
    ...c.sobras.map(
      (s) =>
        `<rect x="${s.x_mm}" y="${y(s.y_mm, s.altura_mm)}" width="${s.largura_mm}" height="${s.altura_mm}" fill="#d1d5db" stroke="#9ca3af" stroke-width="3" stroke-dasharray="20 15"/>`,
    ),
    ...c.pecas.map((p) => {
      const f = Math.min(fonte, p.altura_mm * 0.8, p.largura_mm * 0.5);
      return (
        `<rect x="${p.x_mm}" y="${y(p.y_mm, p.altura_mm)}" width="${p.largura_mm}" height="${p.altura_mm}" fill="#bfdbfe" stroke="#1d4ed8" stroke-width="5"/>` +
        `<text x="${p.x_mm + p.largura_mm / 2}" y="${y(p.y_mm, p.altura_mm) + p.altura_mm / 2 + f / 3}" font-size="${f}" font-weight="bold" text-anchor="middle" font-family="Roboto" fill="#111827">${p.numero}</text>`
      );
    }),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-20 -20 ${W + 40} ${H + 40}" width="${W + 40}" height="${H + 40}">${partes.join('')}</svg>`;
}

const LARGURA_UTIL = 535; // A4 portrait less the margins, in points
const ALTURA_DESENHO = 330;

function paginaChapa(p: PlanoOs, pedra: string, c: ChapaPlano, n: number, total: number): Content[] {
  const escala = Math.min(LARGURA_UTIL / (c.largura_mm + 40), ALTURA_DESENHO / (c.altura_mm + 40));
  const tipo = c.sobra ? 'Sobra' : 'Chapa';
  return [
    { text: `OS ${p.numero} · Plano de corte · ${tipo} ${n} de ${total}`, fontSize: 9, color: '#6b7280' },
    { text: `${tipo} ${c.ref} — ${pedra}`, fontSize: 16, bold: true, margin: [0, 2, 0, 2] },
    {
      text: `${mm(c.largura_mm)} × ${mm(c.altura_mm)} mm${c.formato === 'L' ? ` (L, recorte ${mm(c.recorte_largura_mm ?? 0)} × ${mm(c.recorte_altura_mm ?? 0)} mm)` : ''}${c.refilo_mm ? ` · refilo ${c.refilo_mm} mm` : ''} · serra ${p.pedras[0]?.plano.serra_mm ?? 4} mm · aproveitamento ${c.aproveitamento.toLocaleString('pt-BR')} %`,
      margin: [0, 0, 0, 6],
    },
    {
      svg: svgChapa(c),
      width: (c.largura_mm + 40) * escala,
      alignment: 'center',
      margin: [0, 0, 0, 8],
    },
    {
      columns: [
        {
          width: '45%',
          stack: [
            { text: 'Peças', bold: true, margin: [0, 0, 0, 2] },
            {
              table: {
                headerRows: 1,
                widths: [18, '*', 'auto'],
                body: [
                  ['Nº', 'Peça', 'Medidas (mm)'].map((t) => ({ text: t, bold: true, fontSize: 8 })),
                  ...c.pecas.map((x) => [
                    { text: String(x.numero), bold: true },
                    x.ref,
                    `${mm(x.largura_mm)} × ${mm(x.altura_mm)}${x.girada ? ' (girada)' : ''}`,
                  ]),
                ],
              },
              layout: 'lightHorizontalLines',
              fontSize: 8,
            },
          ],
        },
        {
          width: '55%',
          stack: [
            { text: 'Cortes, na ordem', bold: true, margin: [0, 0, 0, 2] },
            { ol: c.cortes.map((k) => descreverCorte(k)), fontSize: 8 },
          ],
        },
      ],
      columnGap: 12,
    },
  ];
}

/** The document: a page per slab used, stone after stone; pieces that fit nowhere close the last page. */
export function documentoPlanoCorte(p: PlanoOs): TDocumentDefinitions {
  const paginas = p.pedras.flatMap((pd) => pd.plano.chapas.map((c) => ({ pedra: pd.produto_nome, c })));
  const fora = p.pedras.flatMap((pd) =>
    pd.plano.nao_couberam.map((x) => `${x.ref} (${pd.produto_nome}): ${x.motivo}`),
  );
  const content: Content[] = paginas.map(({ pedra, c }, i) => ({
    stack: paginaChapa(p, pedra, c, i + 1, paginas.length),
    ...(i > 0 ? { pageBreak: 'before' as const } : {}),
  }));
  if (!paginas.length) content.push({ text: `OS ${p.numero}: nenhuma chapa no plano de corte.`, bold: true });
  if (fora.length)
    content.push({
      stack: [
        { text: 'Peças que não couberam', bold: true, margin: [0, 10, 0, 2] },
        { ul: fora, fontSize: 8 },
      ],
    });
  return {
    pageSize: 'A4',
    pageMargins: [30, 30, 30, 30],
    info: { title: `Plano de corte da OS ${p.numero}` },
    content,
  };
}
