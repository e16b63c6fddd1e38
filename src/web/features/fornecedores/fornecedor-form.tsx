import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { type Fornecedor, type FornecedorInput, fornecedorCreate } from '../../../schemas/fornecedores';
import type { z } from '../../../schemas/z';
import { useReportConflict } from '../../components/fresh-record';
import { Button } from '../../components/ui/button';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { ApiError, api, toastError, toastSuccess } from '../../lib/api';
import { maskCep, maskCnpj, maskTelefone } from '../../lib/masks';
import { fillFromCep, useCep } from '../../lib/use-cep';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';

type Values = FornecedorInput;
type Output = z.output<typeof fornecedorCreate>;

const EMPTY: Values = {
  nome: '',
  cnpj: '',
  contato: '',
  telefone: '',
  email: '',
  endereco: '',
  cidade: '',
  uf: '',
  cep: '',
};
const FIELDS = Object.keys(EMPTY) as (keyof Values)[];

function valuesOf(f: Fornecedor | null): Values {
  if (!f) return EMPTY;
  return {
    nome: f.nome,
    cnpj: f.cnpj ?? '',
    contato: f.contato ?? '',
    telefone: f.telefone ?? '',
    email: f.email ?? '',
    endereco: f.endereco ?? '',
    cidade: f.cidade ?? '',
    uf: f.uf ?? '',
    cep: f.cep ?? '',
  };
}

/** New and edit form of a supplier: nome and telefone required, CNPJ checked when given (doc 2 §5). */
export function FornecedorForm({
  fornecedor,
  onDone,
  onCancel,
}: {
  fornecedor: Fornecedor | null;
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
  const editing = !!fornecedor;
  const { register, handleSubmit, reset, setError, setValue, formState } = useForm<Values, unknown, Output>({
    resolver: zodResolver(fornecedorCreate),
    defaultValues: valuesOf(fornecedor),
  });
  const errors = formState.errors;
  const cep = useCep((endereco) =>
    fillFromCep(endereco, (field, value) =>
      setValue(field, value, { shouldDirty: true, shouldValidate: true }),
    ),
  );

  const save = useMutation({
    mutationFn: (v: Output) =>
      editing
        ? api.patch<Fornecedor>(`/fornecedores/${fornecedor.id}`, { ...v, updated_at: fornecedor.updated_at })
        : api.post<Fornecedor>('/fornecedores', v, { idempotencyKey: idem.key }),
    onSuccess: () => {
      idem.renew();
      if (editing) toastSuccess('Fornecedor atualizado com sucesso!');
      else toastSuccess('Fornecedor salvo com sucesso!', 'O fornecedor foi adicionado ao sistema.');
      void qc.invalidateQueries({ queryKey: ['fornecedores'] });
      reset(EMPTY);
      onDone();
    },
    onError: (err) => {
      reportConflict(err);
      console.error(editing ? 'Erro ao atualizar fornecedor' : 'Erro ao salvar fornecedor', err);
      if (err instanceof ApiError) {
        for (const f of err.errors) {
          if ((FIELDS as string[]).includes(f.path)) setError(f.path as keyof Values, { message: f.message });
        }
      }
      toastError(editing ? 'Erro ao atualizar fornecedor' : 'Erro ao salvar fornecedor', err);
    },
  });

  const err = (name: keyof Values) => errors[name]?.message;
  const text = (name: keyof Values, extra: React.ComponentProps<'input'> = {}) => (
    <Input {...fieldA11y(id(name), err(name))} autoComplete="off" {...extra} {...register(name)} />
  );
  const masked = (name: 'cnpj' | 'telefone' | 'cep', mask: (v: string) => string) =>
    register(name, {
      onChange: (e) => {
        const v = mask(e.target.value);
        setValue(name, v);
        if (name === 'cep') void cep.lookup(v);
      },
    });

  return (
    <form
      className="grid gap-4"
      noValidate
      aria-label={editing ? 'Editar Fornecedor' : 'Novo Fornecedor'}
      onSubmit={handleSubmit((v) => save.mutateAsync(v).catch(() => {}))}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormField id={id('nome')} label="Nome" required error={err('nome')}>
          {text('nome', { maxLength: 200 })}
        </FormField>
        <FormField id={id('cnpj')} label="CNPJ" error={err('cnpj')}>
          <Input
            {...fieldA11y(id('cnpj'), err('cnpj'))}
            inputMode="numeric"
            autoComplete="off"
            placeholder="00.000.000/0000-00"
            {...masked('cnpj', maskCnpj)}
          />
        </FormField>
        <FormField id={id('contato')} label="Contato" error={err('contato')}>
          {text('contato', { placeholder: 'Pessoa de contato' })}
        </FormField>
        <FormField id={id('telefone')} label="Telefone" required error={err('telefone')}>
          <Input
            {...fieldA11y(id('telefone'), err('telefone'))}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="(00) 0000-0000"
            {...masked('telefone', maskTelefone)}
          />
        </FormField>
        <FormField id={id('email')} label="E-mail" error={err('email')}>
          {text('email', { type: 'email', placeholder: 'contato@fornecedor.com' })}
        </FormField>
        <FormField
          id={id('cep')}
          label="CEP"
          error={err('cep')}
          hint={cep.loading ? 'Buscando endereço...' : 'Com 8 dígitos, o endereço é preenchido.'}
        >
          <Input
            {...fieldA11y(id('cep'), err('cep'))}
            inputMode="numeric"
            autoComplete="off"
            placeholder="00000-000"
            {...masked('cep', maskCep)}
          />
        </FormField>
        <FormField id={id('endereco')} label="Endereço" error={err('endereco')} className="md:col-span-2">
          {text('endereco', { placeholder: 'Rua, número, complemento' })}
        </FormField>
        <FormField id={id('cidade')} label="Cidade" error={err('cidade')}>
          {text('cidade')}
        </FormField>
        <FormField id={id('uf')} label="UF" error={err('uf')}>
          <Input
            {...fieldA11y(id('uf'), err('uf'))}
            maxLength={2}
            autoComplete="off"
            className="uppercase"
            {...register('uf', { onChange: (e) => setValue('uf', e.target.value.toUpperCase()) })}
          />
        </FormField>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={save.isPending || formState.isSubmitting}>
          {save.isPending ? 'Salvando...' : editing ? 'Atualizar Fornecedor' : 'Salvar Fornecedor'}
        </Button>
      </div>
    </form>
  );
}
