import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { type Cliente, type ClienteInput, clienteCreate } from '../../../schemas/clientes';
import { documentoLabel, TIPOS_PESSOA, type TipoPessoa } from '../../../schemas/documentos';
import type { z } from '../../../schemas/z';
import { useReportConflict } from '../../components/fresh-record';
import { Button } from '../../components/ui/button';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';
import { ApiError, api, toastError, toastSuccess } from '../../lib/api';
import { maskCep, maskCpfCnpj, maskTelefone, placeholderDocumento } from '../../lib/masks';
import { fillFromCep, useCep } from '../../lib/use-cep';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';

type Values = ClienteInput;
type Output = z.output<typeof clienteCreate>;

const EMPTY: Values = {
  nome: '',
  tipo: 'Pessoa Física',
  cpf_cnpj: '',
  telefone: '',
  email: '',
  endereco: '',
  cidade: '',
  uf: '',
  cep: '',
};

const FIELDS = Object.keys(EMPTY) as (keyof Values)[];

function valuesOf(c: Cliente | null): Values {
  if (!c) return EMPTY;
  return {
    nome: c.nome,
    tipo: c.tipo,
    cpf_cnpj: c.cpf_cnpj ?? '',
    telefone: c.telefone ?? '',
    email: c.email ?? '',
    endereco: c.endereco ?? '',
    cidade: c.cidade ?? '',
    uf: c.uf ?? '',
    cep: c.cep ?? '',
  };
}

/**
 * New and edit in one form (doc 2 §4), validated with the server's own schema: the required fields
 * say which one is missing, the CPF/CNPJ label and mask follow the tipo, an 8-digit CEP fills the
 * address. Mount it with `key` = the client's id so switching clients starts fresh.
 */
export function ClienteForm({
  cliente,
  onDone,
  onCancel,
}: {
  /** null = a new client */
  cliente: Cliente | null;
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
  const editing = !!cliente;
  const { register, handleSubmit, reset, setError, setValue, watch, getValues, formState } = useForm<
    Values,
    unknown,
    Output
  >({
    resolver: zodResolver(clienteCreate),
    defaultValues: valuesOf(cliente),
  });
  const errors = formState.errors;
  const tipo = (watch('tipo') ?? 'Pessoa Física') as TipoPessoa;
  const docLabel = documentoLabel(tipo);

  const cep = useCep((endereco) =>
    fillFromCep(endereco, (field, value) =>
      setValue(field, value, { shouldDirty: true, shouldValidate: true }),
    ),
  );

  const save = useMutation({
    mutationFn: (v: Output) =>
      editing
        ? api.patch<Cliente>(`/clientes/${cliente.id}`, { ...v, updated_at: cliente.updated_at })
        : api.post<Cliente>('/clientes', v, { idempotencyKey: idem.key }),
    onSuccess: () => {
      idem.renew();
      if (editing) toastSuccess('Cliente atualizado com sucesso!');
      else toastSuccess('Cliente salvo com sucesso!', 'O cliente foi adicionado ao sistema.');
      void qc.invalidateQueries({ queryKey: ['clientes'] });
      reset(EMPTY);
      onDone();
    },
    onError: (err) => {
      reportConflict(err);
      console.error(editing ? 'Erro ao atualizar cliente' : 'Erro ao salvar cliente', err);
      if (err instanceof ApiError) {
        for (const f of err.errors) {
          if ((FIELDS as string[]).includes(f.path)) setError(f.path as keyof Values, { message: f.message });
        }
      }
      toastError(editing ? 'Erro ao atualizar cliente' : 'Erro ao salvar cliente', err);
    },
  });

  const err = (name: keyof Values) => errors[name]?.message;
  const text = (name: keyof Values, extra: React.ComponentProps<'input'> = {}) => (
    <Input {...fieldA11y(id(name), err(name))} {...extra} {...register(name)} />
  );
  const masked = (name: 'cpf_cnpj' | 'telefone' | 'cep', mask: (v: string) => string) =>
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
      aria-label={editing ? 'Editar Cliente' : 'Novo Cliente'}
      onSubmit={handleSubmit((v) => save.mutateAsync(v).catch(() => {}))}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormField id={id('nome')} label="Nome" required error={err('nome')} className="md:col-span-2">
          {text('nome', { autoComplete: 'off', maxLength: 200 })}
        </FormField>
        <FormField id={id('tipo')} label="Tipo" required error={err('tipo')}>
          <NativeSelect
            {...fieldA11y(id('tipo'), err('tipo'))}
            {...register('tipo', {
              // the same digits, re-masked as a CPF or a CNPJ
              onChange: (e) => setValue('cpf_cnpj', maskCpfCnpj(e.target.value, getValues('cpf_cnpj') ?? '')),
            })}
          >
            {TIPOS_PESSOA.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={id('cpf_cnpj')} label={docLabel} required error={err('cpf_cnpj')}>
          <Input
            {...fieldA11y(id('cpf_cnpj'), err('cpf_cnpj'))}
            inputMode="numeric"
            autoComplete="off"
            placeholder={placeholderDocumento(tipo)}
            {...masked('cpf_cnpj', (v) => maskCpfCnpj(getValues('tipo'), v))}
          />
        </FormField>
        <FormField id={id('telefone')} label="Telefone" required error={err('telefone')}>
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
          {text('email', { type: 'email', autoComplete: 'off', placeholder: 'cliente@exemplo.com' })}
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
        <FormField id={id('endereco')} label="Endereço" error={err('endereco')}>
          {text('endereco', { autoComplete: 'off', placeholder: 'Rua, número, complemento' })}
        </FormField>
        <FormField id={id('cidade')} label="Cidade" error={err('cidade')}>
          {text('cidade', { autoComplete: 'off' })}
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
          {save.isPending ? 'Salvando...' : editing ? 'Atualizar Cliente' : 'Salvar Cliente'}
        </Button>
      </div>
    </form>
  );
}
