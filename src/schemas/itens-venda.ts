import { requiredText, versionField } from './common';
import { FORMATOS_MEDIDA } from './enums';
import { z } from './z';

export { FORMATOS_MEDIDA };

/** Doc 1 §3: with "Largura x Profundidade" the second measure is Profundidade, otherwise Altura. */
export type FormatoMedida = (typeof FORMATOS_MEDIDA)[number];

const nome = requiredText('Informe o nome do item.', 120);
const formato = z.enum(FORMATOS_MEDIDA, { message: 'Selecione o formato de medida.' });

export const itemVendaCreate = z.object({ nome, formato_medida: formato });
export type ItemVendaCreate = z.input<typeof itemVendaCreate>;

export const itemVendaUpdate = z.object({
  nome: nome.optional(),
  formato_medida: formato.optional(),
  ...versionField,
});
