import {
  despesaCreate,
  TIPO_DESPESA_LABEL,
  TIPOS_DESPESA,
  type TipoDespesa,
} from '../../../schemas/despesas';
import type { z } from '../../../schemas/z';
import { MoneyField, SelectField, TextareaField, TextField } from '../../components/kit/form-parts';
import { useResourceForm } from '../../components/kit/use-resource-form';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
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
  const { watch, reset } = f.form;
  const tipo = watch('tipo') ?? 'avulso'; // the schema's default

  return (
    <TitledCard title="Nova Despesa">
      <form noValidate aria-label="Nova despesa" onSubmit={f.onSubmit} className="grid gap-4 md:grid-cols-2">
        <TextField
          f={f}
          name="descricao"
          label="Descrição"
          required
          placeholder="Ex.: Aluguel do galpão"
          fieldClassName="md:col-span-2"
        />
        <MoneyField f={f} name="valor" label="Valor (R$)" required />
        <TextField f={f} name="data_vencimento" label="Data de Vencimento" required type="date" />
        <SelectField
          f={f}
          name="tipo"
          label="Tipo"
          hint={TIPO_HINT[tipo]}
          options={TIPOS_DESPESA}
          optionLabel={(t) => TIPO_DESPESA_LABEL[t]}
        />
        {tipo === 'parcelada' && (
          <TextField
            f={f}
            name="parcelas"
            label="Parcelas"
            required
            hint="De 2 a 60."
            type="number"
            inputMode="numeric"
            min={2}
            max={60}
            step={1}
          />
        )}
        <TextareaField f={f} name="observacoes" label="Observações" fieldClassName="md:col-span-2" />
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
