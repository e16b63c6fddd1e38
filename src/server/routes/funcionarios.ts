import { Hono } from 'hono';
import { funcionarioOut, funcionariosTable, resumoFuncionarios } from '../../db/queries/funcionarios';
import { rowSchema } from '../../db/row-schema';
import { listQuery } from '../../schemas/common';
import {
  funcionarioCreate,
  funcionariosResumoSchema,
  funcionarioUpdate,
  STATUS_FUNCIONARIO,
} from '../../schemas/funcionarios';
import { z } from '../../schemas/z';
import { type AppEnv, parseQuery } from '../context';
import { route } from '../contract';
import { COLUNAS, cadastroColumns } from '../export';
import { crudRoutes } from './crud';

const exportColumns = cadastroColumns(
  [
    { header: 'CPF', value: 'cpf' },
    { header: 'Cargo', value: 'cargo' },
  ],
  [
    { header: 'Salário', value: 'salario', type: 'money' },
    { header: 'Horas mensais', value: 'horas_mensais', type: 'number' },
    { header: 'Custo hora', value: 'custo_hora', type: 'money' },
    { header: 'Data de admissão', value: 'data_admissao', type: 'date' },
    { header: 'Endereço', value: 'endereco' },
    COLUNAS.status,
  ],
);

const crud = crudRoutes({
  ...funcionariosTable,
  recurso: 'funcionarios',
  permission: 'funcionarios',
  // The quote editor and the production team editor list active employees (name - role); never salaries.
  opcoesPermissions: ['orcamentos', 'producao'],
  create: funcionarioCreate,
  update: funcionarioUpdate,
  filterQuery: { status: z.enum(STATUS_FUNCIONARIO).optional() },
  toResponse: funcionarioOut,
  nome: 'funcionário',
  // the hourly cost, computed in SQL (read only)
  row: rowSchema(funcionariosTable.table).extend({ custo_hora: z.number().nullable() }),
  exportColumns,
});

/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  getResumo: route({
    summary: 'Resumo de custos: cartões e tabela de Cálculo de Custo',
    description:
      'Só funcionários ativos: `ativos`, `folha_mensal` (soma dos salários) e `custo_hora_medio`, em R$. Custo hora = salário ÷ horas mensais (220 quando não informadas), arredondado a centavos; `calculo` é a tabela paginada por nome, com `soma` dos custos hora de todos e `media` = soma ÷ quantidade.',
    access: ['funcionarios'],
    query: listQuery,
    response: funcionariosResumoSchema,
  }),
};

/** CRUD plus `GET /resumo`: the KPI cards and the Cálculo de Custo table, computed in SQL. */
export const funcionariosRoutes = new Hono<AppEnv>()
  .get('/resumo', doc.getResumo, async (c) => {
    const { page, limit } = parseQuery(c, listQuery);
    return c.json(await resumoFuncionarios(c.get('deps').db, { page, limit }));
  })
  .route('/', crud);
