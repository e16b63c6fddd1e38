/**
 * The cutting planner against `guillotine-packer` (npm, greedy guillotine with kerf; issue 29):
 * 50 generated jobs of 10 to 60 pieces on 3000 × 1900 slabs (4 mm blade, 10 mm trim), each planned
 * by Lavra within its default 1,5 s and by the baseline (every strategy it offers; it gets the trimmed
 * slab, since it knows no trim). Prints both slab totals, the mean aproveitamento, the jobs where Lavra
 * used more or fewer slabs, and the 60-piece plan's time. Every Lavra plan passes the tests' validator.
 *
 *   node --import tsx bench/plano-corte.ts        (or npm run bench -- --plano-corte)
 */
import { packer } from 'guillotine-packer';
import { type PecaEntrada, planejarCorte } from '../src/domain/plano-corte';
import { sorteador, validarPlano } from '../src/domain/plano-corte.test-helpers';

const W = 3000;
const H = 1900;
const SERRA = 4;
const REFILO = 10;
const INSTANCIAS = 50;

/** A marble shop's mix: long tops 500–650 deep, strips (saias, frontões, peitoris), a few big pieces. */
function instancia(seed: number, n: number): PecaEntrada[] {
  const r = sorteador(seed);
  return Array.from({ length: n }, (_, i) => {
    const tipo = r.next();
    const [w, h] =
      tipo < 0.35
        ? [r.int(800, 2900), r.int(500, 650)]
        : tipo < 0.7
          ? [r.int(600, 2900), r.int(80, 200)]
          : tipo < 0.9
            ? [r.int(400, 1500), r.int(300, 1000)]
            : [r.int(1000, 2500), r.int(800, 1400)];
    return { ref: `p${i + 1}`, largura_mm: w, altura_mm: h, quantidade: 1, girar: true };
  });
}

function baseline(pecas: PecaEntrada[]): { chapas: number; aproveitamento: number } {
  const items = pecas.map((p) => ({ name: p.ref, width: p.largura_mm, height: p.altura_mm }));
  const bins = packer(
    { binWidth: W - 2 * REFILO, binHeight: H - 2 * REFILO, items },
    { kerfSize: SERRA, allowRotation: true },
  ) as { width: number; height: number }[][];
  const area = pecas.reduce((s, p) => s + p.largura_mm * p.altura_mm, 0);
  return { chapas: bins.length, aproveitamento: (100 * area) / (bins.length * W * H) };
}

export function benchPlanoCorte() {
  const linhas: string[] = [];
  let totalLavra = 0;
  let totalBase = 0;
  let somaAprovLavra = 0;
  let somaAprovBase = 0;
  let piores = 0;
  let melhores = 0;
  let invalidos = 0;
  let tempo60 = 0;
  let tempoMax = 0;
  const chapa = { ref: 'Chapa', largura_mm: W, altura_mm: H, quantidade: 100 };
  for (let i = 0; i < INSTANCIAS; i++) {
    const n = 10 + Math.round((50 * i) / (INSTANCIAS - 1));
    const pecas = instancia(1000 + i, n);
    const t0 = performance.now();
    const plano = planejarCorte(pecas, [chapa], { serra_mm: SERRA, refilo_mm: REFILO });
    const ms = performance.now() - t0;
    if (n === 60) tempo60 = Math.max(tempo60, ms);
    tempoMax = Math.max(tempoMax, ms);
    if (validarPlano(pecas, [chapa], plano, { serra_mm: SERRA, refilo_mm: REFILO }).length > 0) invalidos++;
    const b = baseline(pecas);
    totalLavra += plano.chapas.length;
    totalBase += b.chapas;
    somaAprovLavra += plano.aproveitamento;
    somaAprovBase += b.aproveitamento;
    if (plano.chapas.length > b.chapas) piores++;
    if (plano.chapas.length < b.chapas) melhores++;
    linhas.push(
      `${String(n).padStart(3)} peças: Lavra ${plano.chapas.length} (mín. ${plano.minimo_chapas_novas}${plano.minimo_comprovado ? ', provado' : ''}, ${Math.round(ms)} ms) · guillotine-packer ${b.chapas}`,
    );
  }
  const r = {
    instancias: INSTANCIAS,
    chapas_lavra: totalLavra,
    chapas_guillotine_packer: totalBase,
    aproveitamento_medio_lavra: Number((somaAprovLavra / INSTANCIAS).toFixed(1)),
    aproveitamento_medio_guillotine_packer: Number((somaAprovBase / INSTANCIAS).toFixed(1)),
    lavra_usou_mais: piores,
    lavra_usou_menos: melhores,
    planos_invalidos: invalidos,
    tempo_60_pecas_ms: Math.round(tempo60),
    tempo_maximo_ms: Math.round(tempoMax),
  };
  return { linhas, r };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { linhas, r } = benchPlanoCorte();
  for (const l of linhas) console.log(l);
  console.log(
    `\nPlano de corte, ${r.instancias} trabalhos de 10 a 60 peças (chapa ${W}×${H}, serra ${SERRA}, refilo ${REFILO}):`,
  );
  console.log(`  chapas: Lavra ${r.chapas_lavra} · guillotine-packer ${r.chapas_guillotine_packer}`);
  console.log(
    `  aproveitamento médio: Lavra ${r.aproveitamento_medio_lavra} % · guillotine-packer ${r.aproveitamento_medio_guillotine_packer} %`,
  );
  console.log(`  Lavra usou mais chapas em ${r.lavra_usou_mais} trabalhos, menos em ${r.lavra_usou_menos}`);
  console.log(
    `  plano de 60 peças: ${r.tempo_60_pecas_ms} ms (maior tempo: ${r.tempo_maximo_ms} ms); planos inválidos: ${r.planos_invalidos}`,
  );
}
