import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  CARGOS,
  type Funcionario,
  type FuncionarioInput,
  funcionarioForm,
  HORAS_MENSAIS_PADRAO,
} from '../../../schemas/funcionarios';
import type { z } from '../../../schemas/z';
import { useReportConflict } from '../../components/fresh-record';
import { Button } from '../../components/ui/button';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';
import { ApiError, api, toastError, toastSuccess } from '../../lib/api';
import { maskCpf, maskTelefone } from '../../lib/masks';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';

type Values = FuncionarioInput;
type Output = z.output<typeof funcionarioForm>;

const EMPTY: Values = {
  nome: '',
  cpf: '',
  cargo: '' as Values['cargo'],
  telefone: '',
  email: '',
  salario: '',
  horas_mensais: String(HORAS_MENSAIS_PADRAO),
  data_admissao: '',
  endereco: '',
  status: 'ativo',
};
const FIELDS = Object.keys(EMPTY);

function valuesOf(f: Funcionario | null): Values {
  if (!f) return EMPTY;
  return {
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
  };
}

/** New and edit form of an employee: nome, cargo, salário required; status only when editing. */
export function FuncionarioForm({
  funcionario,
  onDone,
  onCancel,
}: {
  funcionario: Funcionario | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const qc = useQueryClient();
  // one key per record to create: a "Salvar" pressed again after a dropped connection reuses it
  const idem = useIdempotencyKey();
  // a stale-write 409 offers to reload the record (inside <FreshRecord>)
  const reportConflict = useReportConflict();
  const editing = !!funcionario;
  const { register, handleSubmit, reset, setError, setValue, formState } = useForm<Values, unknown, Output>({
    resolver: zodResolver(funcionarioForm),
    defaultValues: valuesOf(funcionario),
  });
  const errors = formState.errors;

  const save = useMutation({
    mutationFn: ({ status, ...v }: Output) =>
      editing
        ? api.patch<Funcionario>(`/funcionarios/${funcionario.id}`, {
            ...v,
            status,
            updated_at: funcionario.updated_at,
          })
        : // new employees always start ativo (the server decides)
          api.post<Funcionario>('/funcionarios', v, { idempotencyKey: idem.key }),
    onSuccess: () => {
      idem.renew();
      if (editing) toastSuccess('Funcionário atualizado com sucesso!');
      else toastSuccess('Funcionário salvo com sucesso!', 'O funcionário foi adicionado ao sistema.');
      void qc.invalidateQueries({ queryKey: ['funcionarios'] });
      reset(EMPTY);
      onDone();
    },
    onError: (err) => {
      reportConflict(err);
      console.error(editing ? 'Erro ao atualizar funcionário' : 'Erro ao salvar funcionário', err);
      if (err instanceof ApiError) {
        for (const f of err.errors) {
          if (FIELDS.includes(f.path)) setError(f.path as keyof Values, { message: f.message });
        }
      }
      toastError(editing ? 'Erro ao atualizar funcionário' : 'Erro ao salvar funcionário', err);
    },
  });

  const err = (name: keyof Values) => errors[name]?.message;
  const text = (name: keyof Values, extra: React.ComponentProps<'input'> = {}) => (
    <Input {...fieldA11y(id(name), err(name))} autoComplete="off" {...extra} {...register(name)} />
  );
  const masked = (name: 'cpf' | 'telefone', mask: (v: string) => string) =>
    register(name, { onChange: (e) => setValue(name, mask(e.target.value)) });

  return (
    <form
      className="grid gap-4"
      noValidate
      aria-label={editing ? 'Editar Funcionário' : 'Novo Funcionário'}
      onSubmit={handleSubmit((v) => save.mutateAsync(v).catch(() => {}))}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormField id={id('nome')} label="Nome" required error={err('nome')}>
          {text('nome', { maxLength: 200 })}
        </FormField>
        <FormField id={id('cpf')} label="CPF" error={err('cpf')}>
          <Input
            {...fieldA11y(id('cpf'), err('cpf'))}
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            {...masked('cpf', maskCpf)}
          />
        </FormField>
        <FormField id={id('cargo')} label="Cargo" required error={err('cargo')}>
          <NativeSelect {...fieldA11y(id('cargo'), err('cargo'))} {...register('cargo')}>
            <option value="" disabled>
              Selecione o cargo
            </option>
            {CARGOS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={id('telefone')} label="Telefone" error={err('telefone')}>
          <Input
            {...fieldA11y(id('telefone'), err('telefone'))}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="(00) 00000-0000"
            {...masked('telefone', maskTelefone)}
          />
        </FormField>
        <FormField id={id('email')} label="E-mail" error={err('email')}>
          {text('email', { type: 'email' })}
        </FormField>
        <FormField id={id('salario')} label="Salário (R$)" required error={err('salario')}>
          {text('salario', {
            type: 'number',
            inputMode: 'decimal',
            step: '0.01',
            min: '0',
            placeholder: '0,00',
          })}
        </FormField>
        <FormField
          id={id('horas_mensais')}
          label="Horas mensais"
          error={err('horas_mensais')}
          hint="Padrão: 220 horas por mês."
        >
          {text('horas_mensais', { type: 'number', inputMode: 'numeric', step: '1', min: '1' })}
        </FormField>
        <FormField id={id('data_admissao')} label="Data de admissão" error={err('data_admissao')}>
          {text('data_admissao', { type: 'date' })}
        </FormField>
        <FormField id={id('endereco')} label="Endereço" error={err('endereco')} className="md:col-span-2">
          {text('endereco')}
        </FormField>
        {editing && (
          <FormField id={id('status')} label="Status" error={err('status')}>
            <NativeSelect {...fieldA11y(id('status'), err('status'))} {...register('status')}>
              <option value="ativo">Ativo</option>
              <option value="inativo">Inativo</option>
            </NativeSelect>
          </FormField>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={save.isPending || formState.isSubmitting}>
          {save.isPending ? 'Salvando...' : editing ? 'Atualizar Funcionário' : 'Salvar Funcionário'}
        </Button>
      </div>
    </form>
  );
}
