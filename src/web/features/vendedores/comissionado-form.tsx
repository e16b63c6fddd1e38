import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { type Comissionado, comissionadoCreate, TIPOS_PESSOA } from '../../../schemas/vendedores';
import type { z } from '../../../schemas/z';
import { useReportConflict } from '../../components/fresh-record';
import { Button } from '../../components/ui/button';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';
import { ApiError, api, toastError, toastSuccess } from '../../lib/api';
import { parseNumberInput } from '../../lib/format';
import { maskCep, maskCpfCnpj, maskTelefone, placeholderDocumento } from '../../lib/masks';
import { fillFromCep, useCep } from '../../lib/use-cep';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';

/** Texts that differ between the seller and the architect screens (spec wording for each). */
export interface ComissionadoTexts {
  recurso: 'vendedores' | 'arquitetos';
  criado: string;
  criadoDescricao?: string;
  atualizado: string;
  erroSalvar: string;
  botaoCriar: string;
}

export type ComissionadoFormValues = {
  nome: string;
  tipo: (typeof TIPOS_PESSOA)[number];
  cpf: string;
  telefone: string;
  email: string;
  endereco: string;
  cidade: string;
  uf: string;
  cep: string;
  /** What the person typed; an unparseable value is saved as 0 (spec doc 2 §5). */
  percentual_comissao: string | number;
  status: 'ativo' | 'inativo';
};

export const EMPTY_COMISSIONADO: ComissionadoFormValues = {
  nome: '',
  tipo: 'Pessoa Física',
  cpf: '',
  telefone: '',
  email: '',
  endereco: '',
  cidade: '',
  uf: '',
  cep: '',
  percentual_comissao: '10',
  status: 'ativo',
};

function valuesOf(item: Comissionado | null): ComissionadoFormValues {
  if (!item) return EMPTY_COMISSIONADO;
  return {
    nome: item.nome,
    tipo: item.tipo,
    cpf: item.cpf ?? '',
    telefone: item.telefone ?? '',
    email: item.email ?? '',
    endereco: item.endereco ?? '',
    cidade: item.cidade ?? '',
    uf: item.uf ?? '',
    cep: item.cep ?? '',
    percentual_comissao: String(item.percentual_comissao),
    status: item.status,
  };
}

const schema = comissionadoCreate as unknown as z.ZodType<ComissionadoFormValues, ComissionadoFormValues>;

/**
 * The form of a seller or an architect (same fields, doc 2 §3), used in the "Novo" tab and in the
 * dialog. Validated with the server's own zod schema; the server's answer is the source of truth.
 */
export function ComissionadoForm({
  item,
  texts,
  onDone,
  onCancel,
  cancelLabel = 'Cancelar',
}: {
  /** null = a new one */
  item: Comissionado | null;
  texts: ComissionadoTexts;
  onDone?: (saved: Comissionado) => void;
  onCancel?: () => void;
  cancelLabel?: string;
}) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const qc = useQueryClient();
  // one key per record to create: a "Salvar" pressed again after a dropped connection reuses it
  const idem = useIdempotencyKey();
  // a stale-write 409 offers to reload the record (inside <FreshRecord>)
  const reportConflict = useReportConflict();
  const editing = !!item;
  const { register, handleSubmit, reset, setError, setValue, watch, formState } =
    useForm<ComissionadoFormValues>({
      resolver: zodResolver(schema),
      defaultValues: valuesOf(item),
    });
  const errors = formState.errors;
  const tipo = watch('tipo');

  useEffect(() => reset(valuesOf(item)), [item, reset]);

  // A typed 8-digit CEP fills address, city and UF (a failed lookup is only logged).
  const cep = useCep((endereco) =>
    fillFromCep(endereco, (field, value) =>
      setValue(field, value, { shouldDirty: true, shouldValidate: true }),
    ),
  );

  const save = useMutation({
    mutationFn: (v: ComissionadoFormValues) =>
      editing
        ? api.patch<Comissionado>(`/${texts.recurso}/${item!.id}`, { ...v, updated_at: item!.updated_at })
        : api.post<Comissionado>(`/${texts.recurso}`, v, { idempotencyKey: idem.key }),
    onSuccess: (saved) => {
      idem.renew();
      if (editing) toastSuccess(texts.atualizado);
      else toastSuccess(texts.criado, texts.criadoDescricao);
      void qc.invalidateQueries({ queryKey: [texts.recurso] });
      void qc.invalidateQueries({ queryKey: ['relatorios'] });
      reset(EMPTY_COMISSIONADO);
      onDone?.(saved);
    },
    onError: (err) => {
      reportConflict(err);
      console.error(texts.erroSalvar, err);
      if (err instanceof ApiError) {
        for (const f of err.errors) {
          if (f.path in EMPTY_COMISSIONADO)
            setError(f.path as keyof ComissionadoFormValues, { message: f.message });
        }
      }
      // The server's own explanation is the description (spec doc 2 §8); the form stays as typed.
      toastError(texts.erroSalvar, err);
    },
  });

  const masked = (name: 'telefone' | 'cep', mask: (v: string) => string) =>
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
      onSubmit={handleSubmit((v) => save.mutateAsync(v).catch(() => {}))}
      noValidate
    >
      <FormField id={id('nome')} label="Nome" required error={errors.nome?.message}>
        <Input {...fieldA11y(id('nome'), errors.nome?.message)} autoComplete="off" {...register('nome')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('tipo')} label="Tipo" error={errors.tipo?.message}>
          <NativeSelect
            {...fieldA11y(id('tipo'), errors.tipo?.message)}
            {...register('tipo', {
              onChange: (e) => setValue('cpf', maskCpfCnpj(e.target.value, watch('cpf'))),
            })}
          >
            {TIPOS_PESSOA.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={id('cpf')}
          label={tipo === 'Pessoa Jurídica' ? 'CNPJ' : 'CPF'}
          error={errors.cpf?.message}
        >
          <Input
            {...fieldA11y(id('cpf'), errors.cpf?.message)}
            inputMode="numeric"
            placeholder={placeholderDocumento(tipo)}
            {...register('cpf', { onChange: (e) => setValue('cpf', maskCpfCnpj(tipo, e.target.value)) })}
          />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('telefone')} label="Telefone" error={errors.telefone?.message}>
          <Input
            {...fieldA11y(id('telefone'), errors.telefone?.message)}
            type="tel"
            inputMode="tel"
            placeholder="(00) 00000-0000"
            {...masked('telefone', maskTelefone)}
          />
        </FormField>
        <FormField id={id('email')} label="Email" error={errors.email?.message}>
          <Input
            {...fieldA11y(id('email'), errors.email?.message)}
            type="email"
            autoComplete="off"
            {...register('email')}
          />
        </FormField>
      </div>
      <FormField id={id('endereco')} label="Endereço" error={errors.endereco?.message}>
        <Input {...fieldA11y(id('endereco'), errors.endereco?.message)} {...register('endereco')} />
      </FormField>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-[1fr_5rem_9rem]">
        <FormField
          id={id('cidade')}
          label="Cidade"
          error={errors.cidade?.message}
          className="col-span-2 sm:col-span-1"
        >
          <Input {...fieldA11y(id('cidade'), errors.cidade?.message)} {...register('cidade')} />
        </FormField>
        <FormField id={id('uf')} label="UF" error={errors.uf?.message}>
          <Input
            {...fieldA11y(id('uf'), errors.uf?.message)}
            maxLength={2}
            className="uppercase"
            {...register('uf', { onChange: (e) => setValue('uf', e.target.value.toUpperCase()) })}
          />
        </FormField>
        <FormField
          id={id('cep')}
          label="CEP"
          error={errors.cep?.message}
          hint={cep.loading ? 'Buscando endereço...' : undefined}
        >
          <Input
            {...fieldA11y(id('cep'), errors.cep?.message)}
            inputMode="numeric"
            placeholder="00000-000"
            {...masked('cep', maskCep)}
          />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('pct')} label="Comissão (%)" error={errors.percentual_comissao?.message}>
          <Input
            {...fieldA11y(id('pct'), errors.percentual_comissao?.message)}
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            max={100}
            {...register('percentual_comissao', { setValueAs: (v) => parseNumberInput(String(v ?? '')) })}
          />
        </FormField>
        <FormField id={id('status')} label="Status" error={errors.status?.message}>
          <NativeSelect {...fieldA11y(id('status'), errors.status?.message)} {...register('status')}>
            <option value="ativo">Ativo</option>
            <option value="inativo">Inativo</option>
          </NativeSelect>
        </FormField>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button
            variant="outline"
            disabled={save.isPending}
            onClick={() => {
              reset(EMPTY_COMISSIONADO);
              onCancel();
            }}
          >
            {cancelLabel}
          </Button>
        )}
        <Button type="submit" disabled={save.isPending || formState.isSubmitting}>
          {save.isPending ? 'Salvando...' : editing ? 'Salvar Alterações' : texts.botaoCriar}
        </Button>
      </div>
    </form>
  );
}
