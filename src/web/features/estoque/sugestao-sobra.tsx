import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useAuth } from '../../app/auth';
import { sugestoesOptions } from './api';
import { medidas } from './shared';

/**
 * In the quote editor, beside an m² piece: the smallest available remnant of its stone that can hold it
 * ("Cabe na sobra L339-07-S1, 1,20 × 0,40 m, Rack C1"), one click from its details. Staff only: nothing
 * about stock reaches the customer's documents.
 */
export function SugestaoSobra({
  produtoId,
  medida1,
  medida2,
  tipoUnidade,
}: {
  produtoId: string;
  medida1: number;
  medida2: number;
  tipoUnidade: string;
}) {
  const { can } = useAuth();
  const l = Math.round(Number(medida1 || 0) * 1000);
  const a = Math.round(Number(medida2 || 0) * 1000);
  const ativo = !!produtoId && tipoUnidade === 'm²' && l > 0 && a > 0 && l < 100_000 && a < 100_000;
  const q = useQuery({
    ...sugestoesOptions(produtoId, l, a),
    enabled: ativo && (can('estoque') || can('orcamentos')),
  });
  const s = q.data?.items[0];
  if (!ativo || !s) return null;
  return (
    <p className="text-xs text-green-800 sm:col-span-2 xl:col-span-7" data-testid="sugestao-sobra">
      Cabe na sobra{' '}
      <Link className="underline" to={`/estoque?chapa=${s.id}`} target="_blank">
        {s.codigo}, {medidas(s)}
        {s.localizacao ? `, ${s.localizacao}` : ''}
      </Link>
    </p>
  );
}
