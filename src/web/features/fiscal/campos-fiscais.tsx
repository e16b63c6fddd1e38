// The fiscal fields shared by the Empresa, Produto and Cliente forms (issue 30): the NCM and the IBGE
// município are chosen from the shipped tables, searched on the server (GET /api/fiscal/ncm and
// /api/fiscal/municipios), never typed free.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, Path, PathValue } from 'react-hook-form';
import type { BoundFieldProps } from '../../components/kit/form-parts';
import { Combobox, type ComboboxOption } from '../../components/ui/combobox';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { municipiosOptions, ncmOptions } from './api';

/** "68029390" → "6802.93.90" (what the NF-e and the shop's accountant write). */
export const formatNcm = (v: string) =>
  /^\d{8}$/.test(v) ? `${v.slice(0, 4)}.${v.slice(4, 6)}.${v.slice(6)}` : v;

/** A combobox bound to a form field whose options come from a server search. */
function SearchField<In extends FieldValues>({
  f,
  name,
  label,
  required,
  hint,
  fieldClassName,
  options,
  loading,
  stale,
  onSearch,
  selectedLabel,
  texts,
}: BoundFieldProps<In> & {
  options: ComboboxOption[];
  loading: boolean;
  stale: boolean;
  onSearch: (q: string) => void;
  selectedLabel: (value: string) => string;
  texts: { placeholder: string; searchPlaceholder: string; emptyText: string };
}) {
  const id = f.fieldId(name);
  const error = f.error(name);
  const value = (f.form.watch(name) as string | null | undefined) ?? '';
  return (
    <FormField id={id} label={label} required={required} error={error} hint={hint} className={fieldClassName}>
      <Combobox
        {...fieldA11y(id, error)}
        value={value}
        selectedLabel={value ? selectedLabel(value) : undefined}
        onChange={(v) =>
          f.form.setValue(name, (v ?? '') as PathValue<In, Path<In>>, {
            shouldDirty: true,
            shouldValidate: false,
          })
        }
        options={options}
        loading={loading}
        stale={stale}
        onSearchChange={onSearch}
        clearLabel="Nenhum"
        {...texts}
      />
    </FormField>
  );
}

/** The product's NCM, searched by code ("6802") or by words ("granito"). */
export function NcmField<In extends FieldValues>(props: BoundFieldProps<In>) {
  const [q, setQ] = useState('');
  const query = useQuery(ncmOptions(q));
  const options = (query.data?.items ?? []).map((n) => ({
    value: n.codigo,
    label: formatNcm(n.codigo),
    hint: n.descricao,
  }));
  return (
    <SearchField
      {...props}
      options={options}
      loading={query.isFetching}
      stale={query.isPlaceholderData}
      onSearch={setQ}
      selectedLabel={formatNcm}
      texts={{
        placeholder: 'Selecione o NCM',
        searchPlaceholder: 'Código (6802) ou descrição (granito)...',
        emptyText: 'Nenhum NCM encontrado.',
      }}
    />
  );
}

/** A município of the IBGE list, of the form's UF when it has one. */
export function MunicipioField<In extends FieldValues>({
  uf,
  nomeAtual,
  ...props
}: BoundFieldProps<In> & { uf: string | null | undefined; nomeAtual?: string | null }) {
  const [q, setQ] = useState('');
  const estado = /^[A-Za-z]{2}$/.test(uf ?? '') ? (uf as string).toUpperCase() : '';
  const query = useQuery(municipiosOptions(estado, q));
  const options = (query.data?.items ?? []).map((m) => ({
    value: m.codigo,
    label: `${m.nome}/${m.uf}`,
    hint: `IBGE ${m.codigo}`,
  }));
  return (
    <SearchField
      {...props}
      options={options}
      loading={query.isFetching}
      stale={query.isPlaceholderData}
      onSearch={setQ}
      selectedLabel={(v) => options.find((o) => o.value === v)?.label ?? nomeAtual ?? `IBGE ${v}`}
      texts={{
        placeholder: 'Selecione o município',
        searchPlaceholder: 'Buscar município...',
        emptyText: estado ? 'Nenhum município encontrado nesta UF.' : 'Nenhum município encontrado.',
      }}
    />
  );
}
