import { HORAS_MENSAIS_PADRAO } from '../domain/custo-hora';
import { isoDate, moneyInput, optionalText, requiredText, updateOf } from './common';
import { cpfOpcional, emailOpcional, telefoneOpcional } from './documentos';
import { CARGOS, STATUS_FUNCIONARIO } from './enums';
import { z } from './z';

export { CARGOS, STATUS_FUNCIONARIO };

export type Cargo = (typeof CARGOS)[number];
export { HORAS_MENSAIS_PADRAO };

const horasMensais = z.coerce
  .number({ message: 'Informe as horas mensais.' })
  .int('As horas mensais devem ser um número inteiro.')
  .min(1, 'As horas mensais devem ser maiores que zero.')
  .max(744, 'As horas mensais não podem passar de 744.');

const dataAdmissao = z
  .union([isoDate('Data de admissão inválida.'), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

// Doc 2 §5: nome, cargo and salario required (CPF and phone are checked only when given).
const fields = {
  nome: requiredText('Informe o nome.', 200),
  cpf: cpfOpcional,
  cargo: z.enum(CARGOS, { message: `Informe o cargo (${CARGOS.join(', ')}).` }),
  telefone: telefoneOpcional,
  email: emailOpcional,
  salario: moneyInput({ message: 'Informe o salário.' }),
  horas_mensais: horasMensais,
  data_admissao: dataAdmissao,
  endereco: optionalText(300),
  status: z.enum(STATUS_FUNCIONARIO, { message: 'Status inválido: ativo ou inativo.' }),
};

/** New employees are always created ativo (doc 2 §7); the status changes on edit. */
export const funcionarioCreate = z.object({
  nome: fields.nome,
  cpf: fields.cpf,
  cargo: fields.cargo,
  telefone: fields.telefone,
  email: fields.email,
  salario: fields.salario,
  horas_mensais: fields.horas_mensais.default(HORAS_MENSAIS_PADRAO),
  data_admissao: fields.data_admissao,
  endereco: fields.endereco,
});

export const funcionarioUpdate = updateOf(fields);

/** What the form edits (create or update): the update's fields, status included. */
export const funcionarioForm = funcionarioCreate.extend({ status: fields.status.default('ativo') });

export type FuncionarioInput = z.input<typeof funcionarioForm>;

/** `/api/funcionarios/opcoes`: active employees, never the salary. */
export interface FuncionarioOpcao {
  id: string;
  nome: string;
  cargo: Cargo;
}

// ── Answers, as zod schemas: the OpenAPI document describes them and the test mode checks them.

/** `GET /api/funcionarios/resumo`: the KPI cards over the active employees and the Cálculo de Custo page. */
export const funcionariosResumoSchema = z.object({
  ativos: z.number(),
  folha_mensal: z.number(),
  custo_hora_medio: z.number(),
  calculo: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        nome: z.string(),
        cargo: z.enum(CARGOS),
        salario: z.number(),
        horas_mensais: z.number(),
        custo_hora: z.number(),
      }),
    ),
    total: z.number(),
    page: z.number(),
    limit: z.number(),
    media: z.number(),
    soma: z.number(),
  }),
});
