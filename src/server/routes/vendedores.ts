import { Hono } from 'hono';
import { vendedoresTable } from '../../db/queries/vendedores';
import { vendedorCreate, vendedorUpdate } from '../../schemas/vendedores';
import { z } from '../../schemas/z';
import type { AppEnv } from '../context';
import type { ExportColumn } from '../export';
import { crudRoutes } from './crud';

/** The export's columns (the list's, with the address). */
const exportColumns: ExportColumn[] = [
  { header: 'Nome', value: 'nome' },
  { header: 'Tipo', value: 'tipo' },
  { header: 'CPF', value: 'cpf' },
  { header: 'Telefone', value: 'telefone' },
  { header: 'E-mail', value: 'email' },
  { header: 'Endereço', value: 'endereco' },
  { header: 'Cidade', value: 'cidade' },
  { header: 'UF', value: 'uf' },
  { header: 'CEP', value: 'cep' },
  { header: 'Comissão (%)', value: 'percentual_comissao', type: 'percent' },
  { header: 'Status', value: 'status', labels: { ativo: 'Ativo', inativo: 'Inativo' } },
  { header: 'Cadastrado em', value: 'created_at', type: 'datetime' },
];

const crud = crudRoutes({
  ...vendedoresTable,
  recurso: 'vendedores',
  permission: 'vendedores',
  opcoesPermissions: ['orcamentos', 'vendas', 'financeiro'],
  create: vendedorCreate,
  update: vendedorUpdate,
  filterQuery: { status: z.enum(['ativo', 'inativo']).optional() },
  nome: 'vendedor',
  exportColumns,
});

/**
 * A seller named on quotes or sales cannot be deleted: the RESTRICT foreign keys refuse it and the
 * answer says what uses them (db/queries/vendedores.ts).
 */
export const vendedoresRoutes = new Hono<AppEnv>().route('/', crud);
