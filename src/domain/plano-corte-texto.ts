import type { Corte } from './plano-corte';

/** Millimetres as the workshop reads them (pt-BR thousands). */
export const mm = (n: number) => n.toLocaleString('pt-BR');

const TIPO: Record<Corte['tipo'], string> = { refilo: 'Refilo', divisao: 'Divisão do L', corte: 'Corte' };

/** A cut as the operator reads it: which way, where, how long (the screen's list and the saw's PDF). */
export function descreverCorte(k: Corte): string {
  const eixo = k.direcao === 'vertical' ? `x = ${mm(k.posicao_mm)}` : `y = ${mm(k.posicao_mm)}`;
  const de = k.direcao === 'vertical' ? `y ${mm(k.inicio_mm)}` : `x ${mm(k.inicio_mm)}`;
  return `${TIPO[k.tipo]} ${k.direcao} em ${eixo} mm, de ${de} a ${mm(k.inicio_mm + k.comprimento_mm)} (${mm(k.comprimento_mm)} mm)`;
}
