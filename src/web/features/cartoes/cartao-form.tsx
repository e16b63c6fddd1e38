import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import {
  BANDEIRAS,
  type Bandeira,
  type Cartao,
  cartaoCreate,
  PARCELAS,
  STATUS_CARTAO,
  type StatusCartao,
  TAXAS_PARCELA,
  type TaxaParcela,
  TIPOS_CARTAO,
  type TipoCartao,
} from '../../../schemas/cartoes';
import type { z } from '../../../schemas/z';
import { useReportConflict } from '../../components/fresh-record';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { ApiError, api, toastError, toastSuccess } from '../../lib/api';
import { decimalText } from '../../lib/decimal';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { nomeCartao } from './shared';

type FormValues = {
  bandeira: Bandeira | '';
  tipo: TipoCartao | '';
  taxa: string;
  status: StatusCartao;
  observacoes: string;
} & Record<TaxaParcela, string>;

const RATE_FIELDS = ['taxa', ...TAXAS_PARCELA] as const;
const FIELDS = ['bandeira', 'tipo', 'status', 'observacoes', ...RATE_FIELDS] as string[];

const pctText = (v: number | null | undefined) =>
  v === null || v === undefined ? '' : String(v).replace('.', ',');

function valuesOf(c: Cartao | null): FormValues {
  const rates = Object.fromEntries(RATE_FIELDS.map((k) => [k, pctText(c?.[k])])) as Record<
    (typeof RATE_FIELDS)[number],
    string
  >;
  return {
    bandeira: c?.bandeira ?? '',
    tipo: c?.tipo ?? '',
    status: c?.status ?? 'Ativo',
    observacoes: c?.observacoes ?? '',
    ...rates,
  };
}

// The server's own schema (debit needs taxa, credit taxa_1x), after turning "3,5" into "3.5".
const zod = zodResolver(cartaoCreate as unknown as z.ZodType<FormValues, FormValues>);
const resolver: Resolver<FormValues> = (values, ctx, opts) =>
  zod(
    { ...values, ...Object.fromEntries(RATE_FIELDS.map((k) => [k, decimalText(values[k])])) } as FormValues,
    ctx,
    opts,
  );

/** Rates that do not apply to the chosen type are cleared, so a debit never carries installment rates. */
function payload(v: FormValues) {
  const out: Record<string, unknown> = { ...v };
  if (v.tipo === 'Débito') for (const k of TAXAS_PARCELA) out[k] = null;
  else out.taxa = null;
  return out;
}

export function CartaoForm({
  cartao,
  onDone,
  onCancel,
}: {
  cartao: Cartao | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const editing = !!cartao;
  const qc = useQueryClient();
  // one key per record to create: a "Salvar" pressed again after a dropped connection reuses it
  const idem = useIdempotencyKey();
  // a stale-write 409 offers to reload the record (inside <FreshRecord>)
  const reportConflict = useReportConflict();
  const { register, handleSubmit, setError, watch, formState } = useForm<FormValues>({
    resolver,
    defaultValues: valuesOf(cartao),
  });
  const errors = formState.errors;
  const tipo = watch('tipo');
  const err = (k: keyof FormValues) => errors[k]?.message;

  const salvar = useMutation({
    mutationFn: (v: FormValues) =>
      editing
        ? api.patch<Cartao>(`/cartoes/${cartao.id}`, { ...payload(v), updated_at: cartao.updated_at })
        : api.post<Cartao>('/cartoes', payload(v), { idempotencyKey: idem.key }),
    onSuccess: () => {
      idem.renew();
      toastSuccess(editing ? 'Cartão atualizado com sucesso!' : 'Cartão cadastrado com sucesso!');
      void qc.invalidateQueries({ queryKey: ['cartoes'] });
      onDone();
    },
    onError: (e) => {
      reportConflict(e);
      if (e instanceof ApiError) {
        for (const f of e.errors) {
          if (FIELDS.includes(f.path)) setError(f.path as keyof FormValues, { message: f.message });
        }
      }
      toastError(editing ? 'Erro ao atualizar cartão' : 'Erro ao salvar cartão', e);
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{editing ? 'Editar Pagamento' : 'Novo Pagamento'}</CardTitle>
        <CardDescription>
          {editing
            ? `Altere as taxas de ${nomeCartao(cartao)}.`
            : 'Cadastre uma forma de pagamento e suas taxas (em %).'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4 md:grid-cols-2"
          onSubmit={handleSubmit((v) => salvar.mutateAsync(v).catch(() => {}))}
          noValidate
        >
          <FormField id="c-bandeira" label="Bandeira" required error={err('bandeira')}>
            <NativeSelect {...fieldA11y('c-bandeira', err('bandeira'))} {...register('bandeira')}>
              <option value="">Selecione a bandeira</option>
              {BANDEIRAS.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="c-tipo" label="Tipo" required error={err('tipo')}>
            <NativeSelect {...fieldA11y('c-tipo', err('tipo'))} {...register('tipo')}>
              <option value="">Selecione o tipo</option>
              {TIPOS_CARTAO.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </NativeSelect>
          </FormField>

          {tipo === 'Débito' && (
            <FormField id="c-taxa" label="Taxa do débito (%)" required error={err('taxa')}>
              <Input
                {...fieldA11y('c-taxa', err('taxa'))}
                inputMode="decimal"
                placeholder="0,00"
                autoComplete="off"
                {...register('taxa')}
              />
            </FormField>
          )}
          {tipo === 'Crédito' && (
            <fieldset className="grid gap-3 md:col-span-2">
              <legend className="mb-1 text-sm font-medium">
                Taxas do crédito por número de parcelas (%)
              </legend>
              <p className="text-xs text-muted-foreground">
                A taxa 1x é obrigatória. Parcelas sem taxa própria usam a taxa 1x.
              </p>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
                {PARCELAS.map((n, i) => {
                  const k = TAXAS_PARCELA[i]!;
                  return (
                    <FormField key={k} id={`c-${k}`} label={`Taxa ${n}x`} required={n === 1} error={err(k)}>
                      <Input
                        {...fieldA11y(`c-${k}`, err(k))}
                        inputMode="decimal"
                        placeholder={n === 1 ? '0,00' : ''}
                        autoComplete="off"
                        {...register(k)}
                      />
                    </FormField>
                  );
                })}
              </div>
            </fieldset>
          )}

          <FormField id="c-status" label="Status" error={err('status')}>
            <NativeSelect {...fieldA11y('c-status', err('status'))} {...register('status')}>
              {STATUS_CARTAO.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            id="c-observacoes"
            label="Observações"
            error={err('observacoes')}
            className="md:col-span-2"
          >
            <Textarea
              {...fieldA11y('c-observacoes', err('observacoes'))}
              rows={3}
              {...register('observacoes')}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end md:col-span-2">
            <Button variant="outline" onClick={onCancel} disabled={salvar.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={salvar.isPending || formState.isSubmitting}>
              {salvar.isPending ? 'Salvando...' : editing ? 'Salvar Alterações' : 'Cadastrar Pagamento'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
