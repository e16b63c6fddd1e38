import { Hono } from 'hono';
import { FLAG, produtosTable } from '../../db/queries/produtos';
import { rowSchema } from '../../db/row-schema';
import { formatNcm, ncmValido } from '../../domain/fiscal';
import { produtoCreate, produtoUpdate } from '../../schemas/produtos';
import { z } from '../../schemas/z';
import type { AppEnv } from '../context';
import { badRequest } from '../errors';
import { COLUNAS, type ExportColumn } from '../export';
import { crudRoutes } from './crud';

const exportColumns: ExportColumn[] = [
  COLUNAS.nome,
  { header: 'Categoria', value: 'categoria' },
  { header: 'Fornecedor', value: 'fornecedor_nome' },
  { header: 'Valor (m²/unidade)', value: 'valor_m2', type: 'money' },
  { header: 'Estoque', value: 'estoque', type: 'number' },
  { header: 'Estoque mínimo', value: 'estoque_minimo', type: 'number' },
  { header: 'Unidade', value: 'unidade' },
  { header: 'Tipo de unidade', value: 'tipo_unidade' },
  { header: 'Perda (%)', value: 'perda_percentual', type: 'percent' },
  { header: 'Descrição', value: 'descricao' },
  { header: 'NCM', value: 'ncm' },
  { header: 'CFOP', value: 'cfop' },
  { header: 'CSOSN', value: 'csosn' },
  { header: 'CST', value: 'cst' },
  { header: 'Origem', value: 'origem', type: 'integer' },
  { header: 'Unidade comercial', value: 'unidade_comercial' },
  COLUNAS.cadastradoEm,
];

/** The NCM must exist in the shipped table (the schema, shared with the web, checks only its form). */
function ncmExiste(v: { ncm?: string | null }, ctx: z.RefinementCtx) {
  if (v.ncm && !ncmValido(v.ncm))
    ctx.addIssue({
      code: 'custom',
      path: ['ncm'],
      message: `NCM ${formatNcm(v.ncm)} não existe na tabela NCM vigente.`,
    });
}

/** Products with the supplier's name joined (read only; the update schema drops it). */
export const produtosRoutes = new Hono<AppEnv>().route(
  '/',
  crudRoutes({
    ...produtosTable,
    recurso: 'produtos',
    permission: 'produtos',
    opcoesPermissions: ['orcamentos', 'vendas'],
    create: produtoCreate.superRefine(ncmExiste),
    update: produtoUpdate.superRefine(ncmExiste),
    // The filter's value is refused here, with the screen's words, before the query builds it.
    filters: (query) => {
      const abaixo = query.abaixo_minimo;
      if (abaixo !== undefined && abaixo !== '' && FLAG.get(abaixo) === undefined)
        throw badRequest('O filtro abaixo_minimo deve ser true ou false.');
      return produtosTable.filters!(query);
    },
    filterQuery: {
      abaixo_minimo: z.enum(['true', 'false', '1', '0']).optional(),
      categoria: z.string().optional(),
    },
    nome: 'produto',
    row: rowSchema(produtosTable.table).extend({ fornecedor_nome: z.string().nullable() }),
    exportColumns,
  }),
);
