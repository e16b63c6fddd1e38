import { Hono } from 'hono';
import { acabamentosTable, recortesTable } from '../../db/queries/catalogos-pecas';
import {
  acabamentoCreate,
  acabamentoUpdate,
  recorteCreate,
  recorteUpdate,
} from '../../schemas/catalogos-pecas';
import { STATUS_ATIVO } from '../../schemas/enums';
import { z } from '../../schemas/z';
import type { AppEnv } from '../context';
import { COLUNAS, type ExportColumn } from '../export';
import { crudRoutes } from './crud';

const filterQuery = { status: z.enum(STATUS_ATIVO).optional() };
const columns = (valor: ExportColumn): ExportColumn[] => [
  COLUNAS.nome,
  valor,
  COLUNAS.status,
  COLUNAS.cadastradoEm,
];

/** Edge finishes, priced per linear metre (issue 14; Produtos → Acabamentos). */
export const acabamentosRoutes = new Hono<AppEnv>().route(
  '/',
  crudRoutes({
    ...acabamentosTable,
    recurso: 'acabamentos',
    permission: 'produtos',
    opcoesPermissions: ['orcamentos'],
    create: acabamentoCreate,
    update: acabamentoUpdate,
    filterQuery,
    nome: 'acabamento',
    exportColumns: columns({ header: 'Valor por metro linear', value: 'valor_ml', type: 'money' }),
    titulo: 'acabamentos',
  }),
);

/** Cutouts (cuba, cooktop, furo de torneira…), priced each (issue 14; Produtos → Recortes). */
export const recortesRoutes = new Hono<AppEnv>().route(
  '/',
  crudRoutes({
    ...recortesTable,
    recurso: 'recortes',
    permission: 'produtos',
    opcoesPermissions: ['orcamentos'],
    create: recorteCreate,
    update: recorteUpdate,
    filterQuery,
    nome: 'recorte',
    exportColumns: columns({ header: 'Valor', value: 'valor', type: 'money' }),
    titulo: 'recortes',
  }),
);
