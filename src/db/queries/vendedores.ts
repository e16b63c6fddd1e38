import { vendedores } from '../schema';
import { comissionadoTable } from './comissionados';

export const vendedoresTable = comissionadoTable(vendedores, { nome: 'vendedor', coluna: 'vendedor_id' });
