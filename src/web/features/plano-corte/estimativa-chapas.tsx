import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '../../app/auth';
import { type CorpoEstimativa, estimativaOptions } from './api';

/** A quote line as the estimate reads it: m² lines with both measures, in metres as the editor holds them. */
export interface LinhaEstimativa {
  produto_id: string;
  produto_nome?: string;
  tipo_unidade: string;
  quantidade: number;
  medida1: number | '';
  medida2: number | '';
}

type Corpo = CorpoEstimativa;

/** Each stone's pieces in mm (the server validates; lines without both measures are left out). */
export function corpoEstimativa(itens: LinhaEstimativa[]): Corpo {
  const porPedra = new Map<string, Corpo['pedras'][number]['pecas']>();
  for (const i of itens) {
    const l = Math.round(Number(i.medida1 || 0) * 1000);
    const a = Math.round(Number(i.medida2 || 0) * 1000);
    const q = Math.ceil(Number(i.quantidade) || 0);
    if (!i.produto_id || i.tipo_unidade !== 'm²' || l <= 0 || a <= 0 || l > 5000 || a > 5000 || q < 1)
      continue;
    porPedra.set(i.produto_id, [
      ...(porPedra.get(i.produto_id) ?? []),
      { largura_mm: l, altura_mm: a, quantidade: q },
    ]);
  }
  return {
    pedras: [...porPedra]
      .slice(0, 20)
      .map(([produto_id, pecas]) => ({ produto_id, pecas: pecas.slice(0, 100) })),
  };
}

/** What was typed, once typing paused: one plan per pause, not per keystroke. */
function useCalmo<T>(valor: T, ms: number): T {
  const [calmo, setCalmo] = useState(valor);
  const chave = JSON.stringify(valor);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised value is the dependency
  useEffect(() => {
    const t = setTimeout(() => setCalmo(valor), ms);
    return () => clearTimeout(t);
  }, [chave, ms]);
  return calmo;
}

const pct = (n: number) => `${n.toLocaleString('pt-BR')} %`;

export type EstimativaPedra = {
  produto_id: string;
  produto_nome: string;
  chapa: { largura_mm: number; altura_mm: number } | null;
  chapas: number | null;
  aproveitamento: number | null;
  nao_couberam: number;
};

/**
 * Each stone's "≈ N chapas" for the lines as typed (once typing pauses): one request for all stones,
 * planned by the server on slabs of each stone's usual size. Staff only; null while there is nothing.
 */
export function useEstimativaChapas(
  itens: LinhaEstimativa[],
  esperaMs = 600,
): Map<string, EstimativaPedra> | null {
  const { can } = useAuth();
  const corpo = useCalmo(corpoEstimativa(itens), esperaMs);
  const ativo = corpo.pedras.length > 0 && (can('orcamentos') || can('producao'));
  const q = useQuery({ ...estimativaOptions(corpo), enabled: ativo });
  if (!ativo || !q.data) return null;
  return new Map(q.data.pedras.map((p) => [p.produto_id, p]));
}

/** For each stone of m² lines, the index of its last line: where its estimate is shown. */
export function ultimaLinhaDaPedra(itens: LinhaEstimativa[]): Map<number, string> {
  const ultima = new Map<string, number>();
  itens.forEach((i, n) => {
    if (i.produto_id && i.tipo_unidade === 'm²') ultima.set(i.produto_id, n);
  });
  return new Map([...ultima].map(([produto, n]) => [n, produto]));
}

/**
 * One stone's "≈ N chapas (aproveitamento X %)" on slabs of its usual size, under that stone's lines —
 * the seller sees when one more piece costs one more slab.
 */
export function EstimativaDaPedra({ estimativa: p }: { estimativa: EstimativaPedra }) {
  return (
    <div
      role="note"
      className="rounded-md bg-muted px-3 py-2 text-sm"
      data-testid="estimativa-chapas"
      aria-label={`Estimativa de chapas de ${p.produto_nome}`}
    >
      <span className="font-medium">{p.produto_nome}</span>:{' '}
      {p.chapas === null || p.chapa === null || p.aproveitamento === null
        ? 'sem chapas dessa pedra no estoque para estimar'
        : `≈ ${p.chapas} ${p.chapas === 1 ? 'chapa' : 'chapas'} (aproveitamento ${pct(p.aproveitamento)}) de ${p.chapa.largura_mm} × ${p.chapa.altura_mm} mm${p.nao_couberam ? ` · ${p.nao_couberam} peça(s) maiores que a chapa` : ''}`}
    </div>
  );
}
