import type * as React from 'react';
import type { FieldValues, Path, PathValue } from 'react-hook-form';
import { TIPOS_PESSOA, type TipoPessoa } from '../../../schemas/documentos';
import { documentoLabel, maskCpfCnpj, maskTelefone, placeholderDocumento } from '../../lib/masks';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { TitledCard } from '../ui/card';
import { FormField, fieldA11y } from '../ui/form-field';
import { Input, NativeSelect, Textarea } from '../ui/input';
import { Empty, Loading } from '../ui/states';
import type { ResourceForm, Versioned } from './use-resource-form';

// biome-ignore lint/suspicious/noExplicitAny: the parts read a form of any shape through its field names
type AnyForm<In extends FieldValues> = ResourceForm<In, any, Versioned>;

/**
 * The frame of a resource form: the loading state while the edited record is read, the 409 banner
 * with "Recarregar", the fields, and Cancelar / the submit button (disabled while saving).
 */
export function FormShell<In extends FieldValues>({
  f,
  label,
  loadingText = 'Carregando...',
  submitLabel,
  onCancel,
  children,
  className,
  footerExtra,
  footerClassName,
  cancelLabel = 'Cancelar',
}: {
  f: AnyForm<In>;
  /** The form's accessible name ("Novo Cliente" / "Editar Cliente"). */
  label: string;
  loadingText?: string;
  submitLabel: string;
  onCancel?: () => void;
  children: React.ReactNode;
  className?: string;
  /** Anything beside the buttons (e.g. a total). */
  footerExtra?: React.ReactNode;
  /** Classes of the buttons' row (e.g. a column span in a grid form). */
  footerClassName?: string;
  cancelLabel?: string;
}) {
  if (f.loading) return <Loading text={loadingText} />;
  if (f.loadFailed)
    return (
      <Empty text="Não foi possível carregar este registro.">
        <Button variant="outline" onClick={f.reload}>
          Tentar novamente
        </Button>
      </Empty>
    );
  return (
    <form className={cn('grid gap-4', className)} noValidate aria-label={label} onSubmit={f.onSubmit}>
      {f.conflict && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-destructive/50 p-3 text-sm"
        >
          <span>Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.</span>
          <Button variant="outline" size="sm" onClick={f.reload}>
            Recarregar
          </Button>
        </div>
      )}
      {children}
      <div
        className={cn(
          'flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end',
          footerClassName,
        )}
      >
        {footerExtra}
        <FormButtons f={f} onCancel={onCancel} submitLabel={submitLabel} cancelLabel={cancelLabel} />
      </div>
      {f.leaveDialog}
    </form>
  );
}

/**
 * A form that is its own card, on two columns from `md` (Produtos, Pagamentos): the card's title is
 * the form's name ("Novo Produto" / "Editar Produto"), an edit is saved with "Salvar Alterações".
 */
export function CardFormShell<In extends FieldValues>({
  f,
  Nome,
  description,
  createLabel,
  onCancel,
  children,
  after,
}: {
  f: AnyForm<In>;
  /** The record's noun, capitalised ("Produto"). */
  Nome: string;
  description: React.ReactNode;
  /** The submit button of a new record ("Salvar Produto"). */
  createLabel: string;
  onCancel?: () => void;
  children: React.ReactNode;
  /** Under the form, in the same card (the record's history). */
  after?: React.ReactNode;
}) {
  const label = `${f.editing ? 'Editar' : 'Novo'} ${Nome}`;
  return (
    <TitledCard title={label} description={description}>
      <FormShell
        f={f}
        label={label}
        loadingText={`Carregando ${Nome.toLowerCase()}...`}
        submitLabel={f.editing ? 'Salvar Alterações' : createLabel}
        onCancel={onCancel}
        className="md:grid-cols-2"
        footerClassName="md:col-span-2"
      >
        {children}
      </FormShell>
      {after}
    </TitledCard>
  );
}

/**
 * A form's Cancelar (drops the edits without the leave warning) and its submit button, both disabled
 * while saving ("Salvando..."). FormShell's footer; a dialog's own footer uses it too.
 */
export function FormButtons<In extends FieldValues>({
  f,
  onCancel,
  submitLabel,
  cancelLabel = 'Cancelar',
}: {
  f: AnyForm<In>;
  onCancel?: () => void;
  submitLabel: string;
  cancelLabel?: string;
}) {
  return (
    <>
      {onCancel && (
        <Button
          variant="outline"
          onClick={() => {
            f.discard();
            onCancel();
          }}
          disabled={f.saving}
        >
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" disabled={f.saving}>
        {f.saving ? 'Salvando...' : submitLabel}
      </Button>
    </>
  );
}

/** What every field bound to a form takes: the form, the field's name, its label, hint and place. */
export interface BoundFieldProps<In extends FieldValues> {
  f: AnyForm<In>;
  name: Path<In>;
  label: string;
  required?: boolean;
  hint?: string;
  fieldClassName?: string;
}

/** The label, hint and error around one bound control; `children` gets the control's a11y attributes. */
function BoundField<In extends FieldValues>({
  f,
  name,
  label,
  required,
  hint,
  fieldClassName,
  children,
}: BoundFieldProps<In> & { children: (a11y: ReturnType<typeof fieldA11y>) => React.ReactNode }) {
  const id = f.fieldId(name);
  const error = f.error(name);
  return (
    <FormField id={id} label={label} required={required} error={error} hint={hint} className={fieldClassName}>
      {children(fieldA11y(id, error))}
    </FormField>
  );
}

export interface TextFieldProps<In extends FieldValues>
  extends Omit<React.ComponentProps<'input'>, 'name' | 'form'>,
    BoundFieldProps<In> {
  /** Rewrites what is typed (CPF, phone, CEP masks) before the form stores it. */
  mask?: (value: string) => string;
  /** Called with the stored (masked) value after each change (e.g. the CEP lookup). */
  onValue?: (value: string) => void;
}

/** A labelled input bound to a form field, with its error and an optional mask. */
export function TextField<In extends FieldValues>({
  f,
  name,
  label,
  required,
  hint,
  mask,
  onValue,
  fieldClassName,
  ...input
}: TextFieldProps<In>) {
  const reg = f.form.register(name);
  return (
    <BoundField {...{ f, name, label, required, hint, fieldClassName }}>
      {(a11y) => (
        <Input
          {...a11y}
          autoComplete="off"
          {...input}
          {...reg}
          onChange={(e) => {
            if (mask) e.target.value = mask(e.target.value);
            const done = reg.onChange(e);
            onValue?.(e.target.value);
            return done;
          }}
        />
      )}
    </BoundField>
  );
}

/**
 * The person's document for their `tipo` (Pessoa Física: CPF, Pessoa Jurídica: CNPJ): its label,
 * placeholder and mask follow the type.
 */
export function DocumentoField<In extends FieldValues>({
  tipo,
  label = documentoLabel(tipo),
  ...props
}: Omit<TextFieldProps<In>, 'label' | 'mask'> & { tipo: TipoPessoa; label?: string }) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      placeholder={placeholderDocumento(tipo)}
      mask={(v) => maskCpfCnpj(tipo, v)}
      {...props}
    />
  );
}

/**
 * A person's Tipo (Física/Jurídica) and their document (`name`): a new type re-masks the digits
 * already typed as a CPF or a CNPJ. The form's field `tipo` holds the type.
 */
export function PessoaDocumentoFields<In extends FieldValues>({
  f,
  name,
  required,
  tipoRequired,
}: {
  f: AnyForm<In>;
  name: Path<In>;
  required?: boolean;
  tipoRequired?: boolean;
}) {
  const form = f.form;
  const tipo = (form.watch('tipo' as Path<In>) || 'Pessoa Física') as TipoPessoa;
  return (
    <>
      <SelectField
        f={f}
        name={'tipo' as Path<In>}
        label="Tipo"
        required={tipoRequired}
        options={TIPOS_PESSOA}
        // the same digits, re-masked as a CPF or a CNPJ
        onValue={(t) =>
          form.setValue(name, maskCpfCnpj(t, String(form.getValues(name) ?? '')) as PathValue<In, Path<In>>)
        }
      />
      <DocumentoField f={f} name={name} tipo={tipo} required={required} />
    </>
  );
}

/** Telefone, masked as it is typed; the placeholder shows a mobile number unless told otherwise. */
export function TelefoneField<In extends FieldValues>({
  name = 'telefone' as Path<In>,
  label = 'Telefone',
  placeholder = '(00) 00000-0000',
  ...props
}: Omit<TextFieldProps<In>, 'name' | 'label'> & { name?: Path<In>; label?: string }) {
  return (
    <TextField
      name={name}
      label={label}
      type="tel"
      inputMode="tel"
      placeholder={placeholder}
      mask={maskTelefone}
      {...props}
    />
  );
}

/** The `<option>`s of a fixed list (value = the item; label = the item unless told). */
export function Options<V extends string | number>({
  values,
  label = (v) => v,
}: {
  values: readonly V[];
  label?: (v: V) => React.ReactNode;
}) {
  return values.map((v) => (
    <option key={v} value={v}>
      {label(v)}
    </option>
  ));
}

/** The `<option>`s of records read from the server (`/opcoes`): value and label per record. */
export function RecordOptions<R>({
  records,
  value,
  label,
}: {
  records: readonly R[] | undefined;
  value: (r: R) => string;
  label: (r: R) => React.ReactNode;
}) {
  return (records ?? []).map((r) => (
    <option key={value(r)} value={value(r)}>
      {label(r)}
    </option>
  ));
}

/**
 * A labelled select bound to a form field, with its error: the options of a fixed list
 * (`options`, `optionLabel`), or its own `<option>`s as children; `placeholder` is the empty first one.
 */
export function SelectField<In extends FieldValues, V extends string = string>({
  placeholder,
  placeholderDisabled,
  options,
  optionLabel,
  onValue,
  children,
  ...field
}: BoundFieldProps<In> & {
  placeholder?: React.ReactNode;
  /** The placeholder cannot be chosen again once a value is (a required list without a blank). */
  placeholderDisabled?: boolean;
  options?: readonly V[];
  optionLabel?: (v: V) => React.ReactNode;
  /** Called with the chosen value after the form stored it (e.g. re-mask another field). */
  onValue?: (value: string) => void;
  children?: React.ReactNode;
}) {
  return (
    <BoundField {...field}>
      {(a11y) => (
        <NativeSelect
          {...a11y}
          {...field.f.form.register(field.name, { onChange: onValue && ((e) => onValue(e.target.value)) })}
        >
          {placeholder !== undefined && (
            <option value="" disabled={placeholderDisabled}>
              {placeholder}
            </option>
          )}
          {options && <Options values={options} label={optionLabel} />}
          {children}
        </NativeSelect>
      )}
    </BoundField>
  );
}

/** An amount in R$: a decimal number from 0, in cents ("0,00" until typed). */
export function MoneyField<In extends FieldValues>(props: TextFieldProps<In>) {
  // Text, not type=number: a pt-BR browser refuses "4.400,00" in a number field, and an English one
  // read "4400,00" as 440000. The shared schemas' moneyInput reads what was typed (textoDinheiro).
  return <TextField inputMode="decimal" placeholder="0,00" {...props} />;
}

/** A labelled text area bound to a form field, with its error. */
export function TextareaField<In extends FieldValues>({
  f,
  name,
  label,
  required,
  hint,
  fieldClassName,
  ...textarea
}: Omit<React.ComponentProps<'textarea'>, 'name' | 'form'> & BoundFieldProps<In>) {
  return (
    <BoundField {...{ f, name, label, required, hint, fieldClassName }}>
      {(a11y) => <Textarea {...a11y} {...textarea} {...f.form.register(name)} />}
    </BoundField>
  );
}
