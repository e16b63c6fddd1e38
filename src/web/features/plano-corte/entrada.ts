/**
 * The simulator's typed or pasted lists: one piece (or slab) per line, fields split by `;`, tab
 * (a spreadsheet's paste) or `|`, or by spaces; `2900x600` counts as two numbers. Numbers in order:
 * largura, altura, quantidade (default 1), in millimetres. Words: the reference; on a piece, `veio`
 * or `não girar` locks its orientation; on a slab, `sobra` marks a remnant.
 */
export interface LinhaPeca {
  ref: string;
  largura_mm: number;
  altura_mm: number;
  quantidade: number;
  girar: boolean;
}
export interface LinhaChapa {
  ref?: string;
  largura_mm: number;
  altura_mm: number;
  quantidade: number;
  sobra: boolean;
}

const TRAVA = /\b(veio|fixa|n[aã]o girar|sem girar)\b/i;
const SOBRA = /\bsobra\b/i;

/** Fields split by `;`, tab or `|`; numbers and the words between them, in order. */
function campos(linha: string): { nums: number[]; texto: string } {
  const l = linha.replace(/(\d)\s*[x×]\s*(?=\d)/gi, '$1;');
  const nums: number[] = [];
  const palavras: string[] = [];
  for (const campo of l.split(/[;\t|]/)) {
    const grupo: string[] = [];
    for (const t of campo.trim().split(/\s+/).filter(Boolean)) {
      if (/^\d+$/.test(t)) nums.push(Number(t));
      else grupo.push(t);
    }
    if (grupo.length) palavras.push(grupo.join(' '));
  }
  return { nums, texto: palavras.join(' ') };
}

function ler<T>(texto: string, montar: (nums: number[], texto: string, n: number) => T) {
  const itens: T[] = [];
  const erros: string[] = [];
  texto.split(/\r?\n/).forEach((linha, i) => {
    if (!linha.trim()) return;
    const { nums, texto: palavras } = campos(linha);
    if (nums.length < 2)
      erros.push(`Linha ${i + 1}: informe largura e altura em milímetros (números inteiros).`);
    else itens.push(montar(nums, palavras, itens.length + 1));
  });
  return { itens, erros };
}

const limpar = (s: string) => s.replace(/\s+/g, ' ').trim();

export const lerPecas = (texto: string) =>
  ler<LinhaPeca>(texto, (nums, palavras, n) => ({
    ref: limpar(palavras.replace(new RegExp(TRAVA.source, 'gi'), '')) || `Peça ${n}`,
    largura_mm: nums[0]!,
    altura_mm: nums[1]!,
    quantidade: nums[2] ?? 1,
    girar: !TRAVA.test(palavras),
  }));

export const lerChapas = (texto: string) =>
  ler<LinhaChapa>(texto, (nums, palavras) => {
    const nome = limpar(palavras.replace(new RegExp(SOBRA.source, 'gi'), ''));
    return {
      ...(nome ? { ref: nome } : {}),
      largura_mm: nums[0]!,
      altura_mm: nums[1]!,
      quantidade: nums[2] ?? 1,
      sobra: SOBRA.test(palavras),
    };
  });
