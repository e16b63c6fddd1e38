import { type Comissionado, comissionadoCreate, comissionadoUpdate } from './vendedores';
import type { z } from './z';

// Architects carry the same fields and rules as sellers (doc 2 §3, §5: UF upper-cased, default 10 %).
export const arquitetoCreate = comissionadoCreate;
export const arquitetoUpdate = comissionadoUpdate;
export type ArquitetoInput = z.input<typeof arquitetoCreate>;
export type Arquiteto = Comissionado;
