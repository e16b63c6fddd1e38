import { STATUS_ATIVO } from '../../../schemas/enums';
import {
  CARGOS,
  type FuncionarioInput,
  funcionarioForm,
  HORAS_MENSAIS_PADRAO,
} from '../../../schemas/funcionarios';
import { ativoLabel } from '../../components/kit/column-kinds';
import {
  DocumentoField,
  FormShell,
  MoneyField,
  SelectField,
  TelefoneField,
  TextField,
} from '../../components/kit/form-parts';
import { blankValues, textValues } from '../../components/kit/form-values';
import {
  cadastroMessages,
  cadastroShell,
  type ResourceFormProps,
  useResourceForm,
} from '../../components/kit/use-resource-form';
import { client } from '../../lib/client';
import type { Funcionario } from '../../lib/resources';

const CAMPOS = ['nome', 'cpf', 'telefone', 'email', 'data_admissao', 'endereco'] as const;

const EMPTY: FuncionarioInput = {
  ...blankValues(CAMPOS),
  cargo: '' as FuncionarioInput['cargo'],
  salario: '',
  horas_mensais: String(HORAS_MENSAIS_PADRAO),
  status: 'ativo',
};

const valuesOf = (f: Funcionario): FuncionarioInput => ({
  ...textValues(f, CAMPOS),
  cargo: f.cargo,
  salario: f.salario.toFixed(2),
  horas_mensais: String(f.horas_mensais),
  status: f.status,
});

/**
 * New and edit form of an employee: nome, cargo, salário required; status only when editing (new
 * employees always start ativo: the server decides). CPF and telefone carry the asterisk the spec
 * labels them with, without being enforced. An edit reads the employee fresh.
 */
export function FuncionarioForm({ id, onDone, onCancel }: ResourceFormProps) {
  const f = useResourceForm({
    recurso: 'funcionarios',
    endpoint: client.funcionarios,
    schema: funcionarioForm,
    id,
    empty: EMPTY,
    valuesOf,
    toBody: ({ status, ...v }, record) => (record ? { ...v, status } : v),
    messages: cadastroMessages('funcionário'),
    onSaved: onDone,
  });
  return (
    <FormShell f={f} {...cadastroShell(f.editing, 'Funcionário')} onCancel={onCancel}>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField f={f} name="nome" label="Nome" required maxLength={200} />
        <DocumentoField f={f} name="cpf" tipo="Pessoa Física" required />
        <SelectField
          f={f}
          name="cargo"
          label="Cargo"
          required
          placeholder="Selecione o cargo"
          placeholderDisabled
          options={CARGOS}
        />
        <TelefoneField f={f} required />
        <TextField f={f} name="email" label="E-mail" type="email" />
        <MoneyField f={f} name="salario" label="Salário (R$)" required />
        <TextField
          f={f}
          name="horas_mensais"
          label="Horas mensais"
          hint="Padrão: 220 horas por mês."
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
        />
        <TextField f={f} name="data_admissao" label="Data de admissão" type="date" />
        <TextField f={f} name="endereco" label="Endereço" fieldClassName="md:col-span-2" />
        {f.editing && (
          <SelectField f={f} name="status" label="Status" options={STATUS_ATIVO} optionLabel={ativoLabel} />
        )}
      </div>
    </FormShell>
  );
}
