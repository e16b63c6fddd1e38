import {
  BANDEIRAS,
  type CartaoCreate,
  cartaoCreate,
  PARCELAS,
  STATUS_CARTAO,
  TAXAS_PARCELA,
  TIPOS_CARTAO,
} from '../../../schemas/cartoes';
import { CardFormShell, SelectField, TextareaField } from '../../components/kit/form-parts';
import { HistoricoRegistro } from '../../components/kit/historico-registro';
import { type ResourceFormProps, useResourceForm } from '../../components/kit/use-resource-form';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { client } from '../../lib/client';
import { decimalText } from '../../lib/decimal';
import type { Cartao } from '../../lib/resources';
import { nomeCartao } from './shared';

const RATE_FIELDS = ['taxa', ...TAXAS_PARCELA] as const;

const pctText = (v: number | null | undefined) =>
  v === null || v === undefined ? '' : String(v).replace('.', ',');

const rates = (c: Cartao | null) => Object.fromEntries(RATE_FIELDS.map((k) => [k, pctText(c?.[k])]));

const NOVO: CartaoCreate = {
  bandeira: '' as CartaoCreate['bandeira'],
  tipo: '' as CartaoCreate['tipo'],
  status: 'Ativo',
  observacoes: '',
  ...rates(null),
};

const valuesOf = (c: Cartao): CartaoCreate => ({
  bandeira: c.bandeira,
  tipo: c.tipo,
  status: c.status,
  observacoes: c.observacoes ?? '',
  ...rates(c),
});

// The server's own schema (debit needs taxa, credit taxa_1x) reads "3.5": "3,5" is turned into it first.
const normalize = (v: CartaoCreate): CartaoCreate => ({
  ...v,
  ...Object.fromEntries(RATE_FIELDS.map((k) => [k, decimalText(v[k])])),
});

/** Rates that do not apply to the chosen type are cleared, so a debit never carries installment rates. */
function payload(v: object & { tipo?: string }) {
  const out: Record<string, unknown> = { ...v };
  if (v.tipo === 'Débito') for (const k of TAXAS_PARCELA) out[k] = null;
  else out.taxa = null;
  return out;
}

/** New and edit form of a payment method (an edit reads it fresh). Mount with `key` = the id. */
export function CartaoForm({ id, onDone, onCancel }: ResourceFormProps) {
  const f = useResourceForm({
    recurso: 'cartoes',
    endpoint: client.cartoes,
    schema: cartaoCreate,
    id,
    empty: NOVO,
    valuesOf,
    normalize,
    toBody: (v) => payload(v),
    messages: {
      created: 'Cartão cadastrado com sucesso!',
      updated: 'Cartão atualizado com sucesso!',
      createError: 'Erro ao salvar cartão',
      updateError: 'Erro ao atualizar cartão',
    },
    onSaved: onDone,
  });
  const tipo = f.form.watch('tipo');
  return (
    <CardFormShell
      f={f}
      Nome="Pagamento"
      description={
        f.editing
          ? `Altere as taxas de ${f.record ? nomeCartao(f.record) : 'pagamento'}.`
          : 'Cadastre uma forma de pagamento e suas taxas (em %).'
      }
      createLabel="Cadastrar Pagamento"
      onCancel={onCancel}
      after={f.editing && <HistoricoRegistro recurso="cartoes" registro={id} />}
    >
      <SelectField
        f={f}
        name="bandeira"
        label="Bandeira"
        required
        placeholder="Selecione a bandeira"
        options={BANDEIRAS}
      />
      <SelectField
        f={f}
        name="tipo"
        label="Tipo"
        required
        placeholder="Selecione o tipo"
        options={TIPOS_CARTAO}
      />

      {tipo === 'Débito' && (
        <FormField id={f.fieldId('taxa')} label="Taxa do débito (%)" required error={f.error('taxa')}>
          <Input
            {...fieldA11y(f.fieldId('taxa'), f.error('taxa'))}
            inputMode="decimal"
            placeholder="0,00"
            autoComplete="off"
            {...f.form.register('taxa')}
          />
        </FormField>
      )}
      {tipo === 'Crédito' && (
        <fieldset className="grid gap-3 md:col-span-2">
          <legend className="mb-1 text-sm font-medium">Taxas do crédito por número de parcelas (%)</legend>
          <p className="text-xs text-muted-foreground">
            A taxa 1x é obrigatória. Parcelas sem taxa própria usam a taxa 1x.
          </p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {PARCELAS.map((n, i) => {
              const k = TAXAS_PARCELA[i]!;
              return (
                <FormField
                  key={k}
                  id={f.fieldId(k)}
                  label={`Taxa ${n}x`}
                  required={n === 1}
                  error={f.error(k)}
                >
                  <Input
                    {...fieldA11y(f.fieldId(k), f.error(k))}
                    inputMode="decimal"
                    placeholder={n === 1 ? '0,00' : ''}
                    autoComplete="off"
                    {...f.form.register(k)}
                  />
                </FormField>
              );
            })}
          </div>
        </fieldset>
      )}

      <SelectField f={f} name="status" label="Status" options={STATUS_CARTAO} />
      <TextareaField f={f} name="observacoes" label="Observações" rows={3} fieldClassName="md:col-span-2" />
    </CardFormShell>
  );
}
