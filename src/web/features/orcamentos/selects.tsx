import type * as React from 'react';
import { useRef, useState } from 'react';
import { Combobox, type ComboboxOption } from '../../components/ui/combobox';
import { formatMoney, formatPercent } from '../../lib/format';
import { type OpcaoDe, type Recurso, useOpcoes } from './api';

interface BaseProps {
  id: string;
  value: string;
  selectedLabel: string;
  onChange: (id: string, label: string) => void;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** Server-searched selector; loads its options the first time it opens. */
function useRemoteOptions<R extends Recurso>(recurso: R, toOption: (row: OpcaoDe<R>) => ComboboxOption) {
  const [q, setQ] = useState('');
  const [opened, setOpened] = useState(false);
  const query = useOpcoes(recurso, q, opened);
  // Every row shown so far, by id: a choice made on the list just before a new search answered
  // (and replaced it) still finds its row.
  const seen = useRef(new Map<string, OpcaoDe<R>>());
  for (const row of query.data ?? []) seen.current.set(row.id, row);
  return {
    find: (id: string | null) => (id ? seen.current.get(id) : undefined),
    /** The Combobox's search props: spread them on it. */
    combobox: {
      options: (query.data ?? []).map(toOption),
      loading: query.isFetching,
      onSearchChange: setQ,
      stale: query.isPlaceholderData,
      onOpenChange: (open: boolean) => {
        if (open) setOpened(true);
        else setQ('');
      },
    },
  };
}

/** A Combobox choice reported as its id and label ('' for none). */
const byIdAndLabel = (onChange: BaseProps['onChange']) => (v: string | null, o?: ComboboxOption | null) =>
  onChange(v ?? '', o?.label ?? '');

/** The texts of a selector of people ("Selecione um cliente", "Buscar cliente...", …). */
const textsOf = (nome: string) => ({
  placeholder: `Selecione um ${nome}`,
  searchPlaceholder: `Buscar ${nome}...`,
  emptyText: `Nenhum ${nome} encontrado.`,
});

/** What useRemoteOptions hands the Combobox. */
type RemoteSearch = Pick<
  React.ComponentProps<typeof Combobox>,
  'options' | 'loading' | 'onSearchChange' | 'stale' | 'onOpenChange'
>;

/** A selector of a person, reported as its id and name. */
function PessoaCombobox({
  r,
  nome,
  onChange,
  ...props
}: BaseProps & { r: { combobox: RemoteSearch }; nome: string; clearLabel?: string }) {
  return <Combobox {...props} onChange={byIdAndLabel(onChange)} {...r.combobox} {...textsOf(nome)} />;
}

export function ClienteSelect(props: BaseProps) {
  const r = useRemoteOptions('clientes', (c) => ({
    value: c.id,
    label: c.nome,
    hint: c.cpf_cnpj ?? undefined,
  }));
  return <PessoaCombobox {...props} r={r} nome="cliente" />;
}

export function PessoaSelect({ recurso, ...props }: BaseProps & { recurso: 'vendedores' | 'arquitetos' }) {
  const r = useRemoteOptions(recurso, (p) => ({
    value: p.id,
    label: p.nome,
    hint: `Comissão ${formatPercent(p.percentual_comissao)}`,
  }));
  const nome = recurso === 'vendedores' ? 'vendedor' : 'arquiteto';
  return <PessoaCombobox {...props} r={r} nome={nome} clearLabel="Nenhum" />;
}

export function ProdutoSelect({
  id,
  value,
  selectedLabel,
  onSelect,
  ...aria
}: Omit<BaseProps, 'onChange'> & { onSelect: (p: OpcaoDe<'produtos'>) => void }) {
  const r = useRemoteOptions('produtos', (p) => ({
    value: p.id,
    label: p.nome,
    hint: `${formatMoney(p.valor_m2)} / ${p.tipo_unidade === 'm²' ? 'm²' : 'unidade'}`,
  }));
  return (
    <Combobox
      id={id}
      value={value}
      selectedLabel={selectedLabel}
      onChange={(v) => {
        const p = r.find(v);
        if (p) onSelect(p);
      }}
      {...r.combobox}
      wrap
      placeholder="Selecione o produto"
      searchPlaceholder="Buscar produto..."
      emptyText="Nenhum produto encontrado."
      {...aria}
    />
  );
}

export function ItemVendaSelect({
  id,
  value,
  selectedLabel,
  onSelect,
  ...aria
}: Omit<BaseProps, 'onChange'> & { onSelect: (i: OpcaoDe<'itens-venda'> | null) => void }) {
  const r = useRemoteOptions('itens-venda', (i) => ({
    value: i.id,
    label: i.nome,
    hint: i.formato_medida,
  }));
  return (
    <Combobox
      id={id}
      value={value}
      selectedLabel={selectedLabel}
      onChange={(v) => onSelect(r.find(v) ?? null)}
      {...r.combobox}
      clearLabel="Nenhum"
      wrap
      placeholder="Selecione o item"
      searchPlaceholder="Buscar item de venda..."
      emptyText="Nenhum item de venda encontrado."
      {...aria}
    />
  );
}
