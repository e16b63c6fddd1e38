import { clientesTable } from '../../db/queries/clientes';
import { municipioIbge, municipioPorCodigo } from '../../domain/fiscal';
import { clienteCreate, clienteUpdate } from '../../schemas/clientes';
import type { z } from '../../schemas/z';
import { COLUNAS, cadastroColumns } from '../export';
import { crudRoutes } from './crud';

/** The export's columns (pt-BR headers, spec doc 1 §6 labels). */
const exportColumns = cadastroColumns(
  [
    { header: 'Tipo', value: 'tipo' },
    { header: 'CPF/CNPJ', value: 'cpf_cnpj' },
    { header: 'Inscrição estadual', value: (r) => (r.ie_isento ? 'Isento' : (r.inscricao_estadual ?? '')) },
    { header: 'Município (IBGE)', value: 'municipio_ibge' },
  ],
  COLUNAS.enderecoCliente,
);

type ComMunicipio = { cidade?: string | null; uf?: string | null; municipio_ibge?: string | null };

/**
 * The client's IBGE município: one sent must exist (and be in the client's UF); none sent, the form's
 * cidade + UF find it in the shipped list (null when the city is not there: the invoice screen says so).
 */
function municipio<T extends ComMunicipio>(v: T, ctx: z.RefinementCtx): T {
  if (v.municipio_ibge) {
    const m = municipioPorCodigo(v.municipio_ibge);
    const message = !m
      ? 'Município não encontrado na lista do IBGE.'
      : v.uf && m.uf !== v.uf
        ? `O município escolhido (${m.nome}/${m.uf}) não é da UF informada (${v.uf}).`
        : null;
    if (message) ctx.addIssue({ code: 'custom', path: ['municipio_ibge'], message });
    return v;
  }
  if (v.municipio_ibge === undefined && v.cidade !== undefined && v.uf !== undefined)
    return { ...v, municipio_ibge: municipioIbge(v.cidade, v.uf) };
  return v;
}

export const clientesRoutes = crudRoutes({
  ...clientesTable,
  recurso: 'clientes',
  permission: 'clientes',
  opcoesPermissions: ['orcamentos', 'vendas', 'financeiro'],
  create: clienteCreate.transform(municipio),
  update: clienteUpdate.transform(municipio),
  nome: 'cliente',
  exportColumns,
});
