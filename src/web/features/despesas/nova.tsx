import {
  despesaCreate,
  TIPO_DESPESA_LABEL,
  TIPOS_DESPESA,
  type TipoDespesa,
} from '../../../schemas/despesas';
import type { z } from '../../../schemas/z';
import { Options } from '../../components/kit/form-parts';
import { useResourceForm } from '../../components/kit/use-resource-form';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { client, json } from '../../lib/client';
import { todayIso } from '../../lib/format';
import type { Despesa } from '../../lib/resources';

// What the fields hold is the schema's input (strings, the tipo); the submit gets its output.
type FormValues = z.input<typeof despesaCreate>;

const empty = (): FormValues => ({
  descricao: '',
  valor: '',
  data_vencimento: todayIso(),
  tipo: 'avulso',
  parcelas: '2',
  observacoes: '',
});

const TIPO_HINT: Record<TipoDespesa, string> = {
  avulso: 'Uma única despesa.',
  mensal: 'Uma despesa por mês, do mês do vencimento até dezembro, no mesmo dia.',
  parcelada: 'Uma parcela por mês, cada uma com o valor informado.',
};

/** The "Nova" tab: one form creates the whole schedule on the server. */
export function NovaDespesa({ onCreated }: { onCreated: (items: Despesa[]) => void }) {
  // The whole schedule is created by one POST, which answers its rows (`{ items }`), not one record.
  const f = useResourceForm({
    recurso: 'despesas',
    endpoint: client.despesas,
    schema: despesaCreate,
    id: null,
    empty: empty(),
    valuesOf: (): FormValues => empty(),
    save: (v, { idempotencyKey }) =>
      json(client.despesas.$post({ json: v }, { headers: { 'idempotency-key': idempotencyKey } })),
    messages: {
      created: 'Despesa(s) cadastrada(s) com sucesso!',
      createdDescription: ({ items }) =>
        `${items.length} ${items.length === 1 ? 'despesa cadastrada' : 'despesas cadastradas'}.`,
      updated: 'Despesa atualizada com sucesso!',
      createError: 'Erro ao salvar despesa',
      updateError: 'Erro ao atualizar despesa',
    },
    onSaved: ({ items }) => onCreated(items),
  });
  const { register, watch, reset } = f.form;
  const errors = f.form.formState.errors;
  const tipo = watch('tipo') ?? 'avulso'; // the schema's default

  return (
    <TitledCard title="Nova Despesa">
      <form noValidate aria-label="Nova despesa" onSubmit={f.onSubmit} className="grid gap-4 md:grid-cols-2">
        <FormField
          id="despesa-descricao"
          label="Descrição"
          required
          error={errors.descricao?.message}
          className="md:col-span-2"
        >
          <Input
            {...fieldA11y('despesa-descricao', errors.descricao?.message)}
            placeholder="Ex.: Aluguel do galpão"
            {...register('descricao')}
          />
        </FormField>
        <FormField id="despesa-valor" label="Valor (R$)" required error={errors.valor?.message}>
          <Input
            {...fieldA11y('despesa-valor', errors.valor?.message)}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            placeholder="0,00"
            {...register('valor')}
          />
        </FormField>
        <FormField
          id="despesa-vencimento"
          label="Data de Vencimento"
          required
          error={errors.data_vencimento?.message}
        >
          <Input
            {...fieldA11y('despesa-vencimento', errors.data_vencimento?.message)}
            type="date"
            {...register('data_vencimento')}
          />
        </FormField>
        <FormField id="despesa-tipo" label="Tipo" error={errors.tipo?.message} hint={TIPO_HINT[tipo]}>
          <NativeSelect {...fieldA11y('despesa-tipo', errors.tipo?.message)} {...register('tipo')}>
            <Options values={TIPOS_DESPESA} label={(t) => TIPO_DESPESA_LABEL[t]} />
          </NativeSelect>
        </FormField>
        {tipo === 'parcelada' && (
          <FormField
            id="despesa-parcelas"
            label="Parcelas"
            required
            error={errors.parcelas?.message}
            hint="De 2 a 60."
          >
            <Input
              {...fieldA11y('despesa-parcelas', errors.parcelas?.message)}
              type="number"
              inputMode="numeric"
              min={2}
              max={60}
              step={1}
              {...register('parcelas')}
            />
          </FormField>
        )}
        <FormField
          id="despesa-observacoes"
          label="Observações"
          error={errors.observacoes?.message}
          className="md:col-span-2"
        >
          <Textarea
            {...fieldA11y('despesa-observacoes', errors.observacoes?.message)}
            {...register('observacoes')}
          />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end md:col-span-2">
          <Button type="button" variant="outline" onClick={() => reset(empty())} disabled={f.saving}>
            Limpar
          </Button>
          <Button type="submit" disabled={f.saving}>
            {f.saving ? 'Salvando...' : 'Cadastrar Despesa'}
          </Button>
        </div>
        {f.leaveDialog}
      </form>
    </TitledCard>
  );
}
