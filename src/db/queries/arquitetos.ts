import { arquitetos } from '../schema';
import { comissionadoTable } from './comissionados';

/** Architects are also searched by city. */
export const arquitetosTable = comissionadoTable(arquitetos, {
  nome: 'arquiteto',
  coluna: 'arquiteto_id',
  busca: [arquitetos.cidade],
});
