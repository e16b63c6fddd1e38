import {
  CARGOS,
  type FuncionarioInput,
  funcionarioForm,
  HORAS_MENSAIS_PADRAO,
} from '../../../schemas/funcionarios';
import { FormShell, TextField } from '../../components/kit/form-parts';
import {
  cadastroMessages,
  type ResourceFormProps,
  useResourceForm,
} from '../../components/kit/use-resource-form';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { NativeSelect } from '../../components/ui/input';
import { client } from '../../lib/client';
import { maskCpf, maskTelefone } from '../../lib/masks';
import type { Funcionario } from '../../lib/resources';

const EMPTY: FuncionarioInput = {
  nome: '',
  cpf: '',
  cargo: '' as FuncionarioInput['cargo'],
  telefone: '',
  email: '',
  salario: '',
  horas_mensais: String(HORAS_MENSAIS_PADRAO),
  data_admissao: '',
  endereco: '',
  status: 'ativo',
};

const valuesOf = (f: Funcionario): FuncionarioInput => ({
  nome: f.nome,
  cpf: f.cpf ?? '',
  cargo: f.cargo,
  telefone: f.telefone ?? '',
  email: f.email ?? '',
  salario: f.salario.toFixed(2),
  horas_mensais: String(f.horas_mensais),
  data_admissao: f.data_admissao ?? '',
  endereco: f.endereco ?? '',
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
  const select = (name: 'cargo' | 'status', label: string, options: React.ReactNode, required?: boolean) => (
    <FormField id={f.fieldId(name)} label={label} required={required} error={f.error(name)}>
      <NativeSelect {...fieldA11y(f.fieldId(name), f.error(name))} {...f.form.register(name)}>
        {options}
      </NativeSelect>
    </FormField>
  );
  return (
    <FormShell
      f={f}
      label={f.editing ? 'Editar Funcionário' : 'Novo Funcionário'}
      loadingText="Carregando funcionário..."
      submitLabel={f.editing ? 'Atualizar Funcionário' : 'Salvar Funcionário'}
      onCancel={onCancel}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField f={f} name="nome" label="Nome" required maxLength={200} />
        <TextField
          f={f}
          name="cpf"
          label="CPF"
          required
          inputMode="numeric"
          placeholder="000.000.000-00"
          mask={maskCpf}
        />
        {select(
          'cargo',
          'Cargo',
          <>
            <option value="" disabled>
              Selecione o cargo
            </option>
            {CARGOS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </>,
          true,
        )}
        <TextField
          f={f}
          name="telefone"
          label="Telefone"
          required
          type="tel"
          inputMode="tel"
          placeholder="(00) 00000-0000"
          mask={maskTelefone}
        />
        <TextField f={f} name="email" label="E-mail" type="email" />
        <TextField
          f={f}
          name="salario"
          label="Salário (R$)"
          required
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          placeholder="0,00"
        />
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
        {f.editing &&
          select(
            'status',
            'Status',
            <>
              <option value="ativo">Ativo</option>
              <option value="inativo">Inativo</option>
            </>,
          )}
      </div>
    </FormShell>
  );
}
