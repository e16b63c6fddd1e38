import type { ChapaParaPlano } from '../../db/queries/planos-corte';
import { chapasDaPedra, nomeProduto } from '../../db/queries/planos-corte';
import type { ChapaEntrada } from '../../domain/plano-corte';
import type { AppDeps } from '../context';
import { badRequest, conflict } from '../errors';

/** A slab of the yard as the planner takes it: one of its kind, named by the code on its label. */
export const chapaEntrada = (c: ChapaParaPlano): ChapaEntrada => ({
  ref: c.codigo,
  chapa_id: c.id,
  largura_mm: c.largura_mm,
  altura_mm: c.altura_mm,
  quantidade: 1,
  sobra: c.tipo === 'sobra',
  formato: c.formato,
  recorte_largura_mm: c.recorte_largura_mm,
  recorte_altura_mm: c.recorte_altura_mm,
});

/** `produto_id` instead of `chapas`: the stone's available slabs and remnants (remnants first). */
export async function chapasDoProduto(db: AppDeps['db'], produtoId: string): Promise<ChapaEntrada[]> {
  const nome = await nomeProduto(db, { id: produtoId });
  if (!nome)
    throw badRequest('Pedra não encontrada.', [{ path: 'produto_id', message: 'Pedra não encontrada.' }]);
  const rows = await chapasDaPedra(db, { produtoId });
  if (!rows.length)
    throw conflict('Sem chapas', `Não há chapas nem sobras disponíveis de ${nome} no estoque.`);
  return rows.map(chapaEntrada);
}
