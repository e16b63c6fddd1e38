/**
 * An independent check of a cutting plan: it shares no code with the planner and reads nothing but the
 * plan and the input it claims to answer. The planner's tests check every plan with it, and the server
 * checks with it a plan a client sends to be saved (the proposal the user looked at), so what is saved
 * is what the saw can cut. It replays the plan as the saw operator would: every cut, in order, must run
 * edge to edge across one part of the slab as it is at that moment, and cross no piece; at the end every
 * piece must be a part of its own, of exactly its size. Besides: each piece inside its slab (and inside
 * the trim of a new slab's raw edges, outside an L's notch), no two pieces closer than the blade,
 * measures and locked rotations as asked, every piece asked for placed once or reported, slabs within
 * their quantities, figures recomputed.
 */
import type { ChapaEntrada, PecaEntrada, PlanoCorte } from './plano-corte';

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const dentro = (a: Box, b: Box) => a.x0 >= b.x0 && a.y0 >= b.y0 && a.x1 <= b.x1 && a.y1 <= b.y1;
const cruza = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const igual = (a: Box, b: Box) => a.x0 === b.x0 && a.y0 === b.y0 && a.x1 === b.x1 && a.y1 === b.y1;

export interface OpcoesValidacao {
  serra_mm?: number;
  refilo_mm?: number;
}

/** Every way the plan breaks the rules (empty: a plan the saw can cut). */
export function validarPlano(
  pecas: PecaEntrada[],
  chapas: ChapaEntrada[],
  plano: PlanoCorte,
  opcoes: OpcoesValidacao = {},
): string[] {
  const erros: string[] = [];
  const serra = opcoes.serra_mm ?? 4;
  const refilo = opcoes.refilo_mm ?? 10;
  const usosChapa = new Map<number, number>();
  const colocadasPorRef = new Map<string, number>();
  const numeros = new Set<number>();
  let areaPecasTotal = 0;
  let areaChapasTotal = 0;

  plano.chapas.forEach((c, ci) => {
    const onde = `chapa ${ci + 1} (${c.ref})`;
    // The input slab it is: same size, kind and shape (and id when given).
    const idx = chapas.findIndex(
      (e) =>
        e.largura_mm === c.largura_mm &&
        e.altura_mm === c.altura_mm &&
        Boolean(e.sobra) === c.sobra &&
        (e.formato ?? 'retangulo') === c.formato &&
        (e.chapa_id ?? null) === c.chapa_id &&
        (e.ref === undefined || e.ref === c.ref) &&
        (usosChapa.get(chapas.indexOf(e)) ?? 0) < (e.quantidade ?? 1),
    );
    if (idx < 0) {
      erros.push(`${onde}: não corresponde a nenhuma chapa disponível (ou excede a quantidade)`);
      return;
    }
    usosChapa.set(idx, (usosChapa.get(idx) ?? 0) + 1);
    const entrada = chapas[idx]!;
    const slab: Box = { x0: 0, y0: 0, x1: c.largura_mm, y1: c.altura_mm };
    const eL = entrada.formato === 'L';
    const notch: Box | null = eL
      ? {
          x0: c.largura_mm - (entrada.recorte_largura_mm ?? 0),
          y0: c.altura_mm - (entrada.recorte_altura_mm ?? 0),
          x1: c.largura_mm,
          y1: c.altura_mm,
        }
      : null;
    // Raw edges: a new rectangular slab loses the trim (at least the blade's width when trimmed).
    const t = !entrada.sobra && !eL && refilo > 0 ? Math.max(refilo, serra) : 0;
    const util: Box = { x0: t, y0: t, x1: c.largura_mm - t, y1: c.altura_mm - t };

    const boxes: Box[] = [];
    let area = 0;
    for (const p of c.pecas) {
      const b: Box = { x0: p.x_mm, y0: p.y_mm, x1: p.x_mm + p.largura_mm, y1: p.y_mm + p.altura_mm };
      const qual = `${onde}, peça ${p.numero} (${p.ref})`;
      if (numeros.has(p.numero)) erros.push(`${qual}: número repetido`);
      numeros.add(p.numero);
      if (![p.x_mm, p.y_mm, p.largura_mm, p.altura_mm].every(Number.isInteger))
        erros.push(`${qual}: medidas não inteiras`);
      if (!dentro(b, slab)) erros.push(`${qual}: fora da chapa`);
      else if (!dentro(b, util)) erros.push(`${qual}: dentro do refilo`);
      if (notch && cruza(b, notch)) erros.push(`${qual}: no recorte do L`);
      const orig = pecas.filter((e) => e.ref === p.ref);
      const ok = orig.some(
        (e) =>
          (!p.girada && e.largura_mm === p.largura_mm && e.altura_mm === p.altura_mm) ||
          (p.girada && e.girar !== false && e.largura_mm === p.altura_mm && e.altura_mm === p.largura_mm),
      );
      if (!ok) erros.push(`${qual}: medidas ou giro diferentes do pedido (ou giro travado)`);
      colocadasPorRef.set(p.ref, (colocadasPorRef.get(p.ref) ?? 0) + 1);
      area += p.largura_mm * p.altura_mm;
      boxes.push(b);
    }
    // Blade between neighbours: any two pieces are apart by the blade in x or in y.
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        const gx = Math.max(b.x0 - a.x1, a.x0 - b.x1);
        const gy = Math.max(b.y0 - a.y1, a.y0 - b.y1);
        if (gx < serra && gy < serra)
          erros.push(`${onde}: peças ${c.pecas[i]!.numero} e ${c.pecas[j]!.numero} a menos que a serra`);
      }

    // Replay the cuts. A part beside an L's notch is only its stone: the notch is air, so a cut there
    // runs edge to edge of the stone, not of the bounding rectangle.
    const pedra = (p: Box): Box | null => {
      let q = { ...p };
      if (notch && q.y0 >= notch.y0 && q.y1 <= notch.y1 && q.x1 > notch.x0)
        q = { ...q, x1: Math.max(q.x0, notch.x0) };
      if (notch && q.x0 >= notch.x0 && q.x1 <= notch.x1 && q.y1 > notch.y0)
        q = { ...q, y1: Math.max(q.y0, notch.y0) };
      return q.x1 > q.x0 && q.y1 > q.y0 ? q : null;
    };
    let partes: Box[] = [slab];
    const ordens = c.cortes.map((k) => k.ordem);
    if (ordens.some((o, i) => o !== i + 1)) erros.push(`${onde}: cortes fora de ordem`);
    for (const k of c.cortes) {
      const qual = `${onde}, corte ${k.ordem}`;
      const v = k.direcao === 'vertical';
      const alvo = partes.find((p) =>
        v
          ? p.x0 <= k.posicao_mm &&
            k.posicao_mm < p.x1 &&
            p.y0 === k.inicio_mm &&
            p.y1 === k.inicio_mm + k.comprimento_mm
          : p.y0 <= k.posicao_mm &&
            k.posicao_mm < p.y1 &&
            p.x0 === k.inicio_mm &&
            p.x1 === k.inicio_mm + k.comprimento_mm,
      );
      if (!alvo) {
        erros.push(`${qual}: não atravessa de ponta a ponta nenhuma parte da chapa`);
        continue;
      }
      const kerf: Box = v
        ? { x0: k.posicao_mm, x1: Math.min(k.posicao_mm + serra, alvo.x1), y0: alvo.y0, y1: alvo.y1 }
        : { y0: k.posicao_mm, y1: Math.min(k.posicao_mm + serra, alvo.y1), x0: alvo.x0, x1: alvo.x1 };
      boxes.forEach((b, i) => {
        if (cruza(kerf, b)) erros.push(`${qual}: a serra passa pela peça ${c.pecas[i]!.numero}`);
      });
      const novas: Box[] = [];
      if (v) {
        if (k.posicao_mm > alvo.x0) novas.push({ ...alvo, x1: k.posicao_mm });
        if (k.posicao_mm + serra < alvo.x1) novas.push({ ...alvo, x0: k.posicao_mm + serra });
      } else {
        if (k.posicao_mm > alvo.y0) novas.push({ ...alvo, y1: k.posicao_mm });
        if (k.posicao_mm + serra < alvo.y1) novas.push({ ...alvo, y0: k.posicao_mm + serra });
      }
      partes = partes.filter((p) => p !== alvo).concat(novas.map(pedra).filter((p): p is Box => p !== null));
    }
    boxes.forEach((b, i) => {
      const parte = partes.find((p) => cruza(p, b));
      if (!parte || !igual(parte, b))
        erros.push(`${onde}: a peça ${c.pecas[i]!.numero} não sai separada pelos cortes`);
    });
    // Leftovers: inside the slab, clear of pieces.
    for (const s of c.sobras) {
      const b: Box = { x0: s.x_mm, y0: s.y_mm, x1: s.x_mm + s.largura_mm, y1: s.y_mm + s.altura_mm };
      if (!dentro(b, slab) || boxes.some((p) => cruza(p, b)) || (notch && cruza(b, notch)))
        erros.push(`${onde}: sobra ${s.largura_mm}×${s.altura_mm} inválida`);
    }
    const areaChapa =
      c.largura_mm * c.altura_mm - (notch ? (notch.x1 - notch.x0) * (notch.y1 - notch.y0) : 0);
    const aprov = Math.round((1000 * area) / areaChapa) / 10;
    if (Math.abs(aprov - c.aproveitamento) > 0.05)
      erros.push(`${onde}: aproveitamento ${c.aproveitamento} ≠ ${aprov}`);
    if (c.pecas.length === 0) erros.push(`${onde}: chapa listada sem peças`);
    areaPecasTotal += area;
    areaChapasTotal += areaChapa;
  });

  // Every piece asked for: placed once, or reported.
  const pedidas = new Map<string, number>();
  for (const p of pecas) pedidas.set(p.ref, (pedidas.get(p.ref) ?? 0) + (p.quantidade ?? 1));
  const reportadas = new Map<string, number>();
  for (const n of plano.nao_couberam) {
    reportadas.set(n.ref, (reportadas.get(n.ref) ?? 0) + 1);
    if (!n.motivo) erros.push(`${n.ref}: sem motivo`);
  }
  for (const [ref, n] of pedidas) {
    const tem = (colocadasPorRef.get(ref) ?? 0) + (reportadas.get(ref) ?? 0);
    if (tem !== n) erros.push(`${ref}: pedidas ${n}, colocadas ou reportadas ${tem}`);
  }
  for (const ref of new Set([...colocadasPorRef.keys(), ...reportadas.keys()]))
    if (!pedidas.has(ref)) erros.push(`${ref}: peça que ninguém pediu`);
  const geral = areaChapasTotal > 0 ? Math.round((1000 * areaPecasTotal) / areaChapasTotal) / 10 : 0;
  if (Math.abs(geral - plano.aproveitamento) > 0.05)
    erros.push(`aproveitamento geral ${plano.aproveitamento} ≠ ${geral}`);
  const novas = plano.chapas.filter((c) => !c.sobra).length;
  if (novas !== plano.chapas_novas) erros.push(`chapas_novas ${plano.chapas_novas} ≠ ${novas}`);
  return erros;
}
