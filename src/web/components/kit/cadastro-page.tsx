import type { RowData } from '@tanstack/react-table';
import type * as React from 'react';
import { Button } from '../ui/button';
import { PageHeader } from '../ui/page-header';
import { type Column, DataTable, type ListView, listTexts } from './data-table';
import { FormCard, type FormTabProps, formTab, type ResourceTab, ResourceTabs } from './resource-tabs';
import type { useCadastro } from './use-cadastro';

/**
 * A register screen as clientes lays it out: the page's title, what stands above the tabs (KPIs),
 * the Lista tab (`children`), the Novo/Editar tab with the form in its card, the screen's other
 * tabs, then the delete's confirmation and whatever else floats over the page (`after`).
 */
export function CadastroPage({
  title,
  subtitle,
  c,
  above,
  listLabel = 'Lista',
  listClassName,
  children,
  form,
  formDescription,
  tabs = [],
  after,
}: {
  title: string;
  subtitle: string;
  c: Pick<ReturnType<typeof useCadastro>, 't' | 'title'> & { remove: { dialog: React.ReactNode } };
  above?: React.ReactNode;
  listLabel?: React.ReactNode;
  listClassName?: string;
  children: React.ReactNode;
  form: (p: FormTabProps) => React.ReactNode;
  formDescription?: React.ReactNode;
  tabs?: ResourceTab[];
  after?: React.ReactNode;
}) {
  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} />
      {above}
      <ResourceTabs
        t={c.t}
        tabs={[
          { value: 'lista', label: listLabel, className: listClassName, content: children },
          formTab(c.t, c.title, (p) => (
            <FormCard title={c.title} description={formDescription}>
              {form(p)}
            </FormCard>
          )),
          ...tabs,
        ]}
      />
      {c.remove.dialog}
      {after}
    </div>
  );
}

/**
 * A register's table (`useCadastro`'s list): Editar/Excluir on each row, the spec's texts ("Nenhum
 * cliente encontrado para esta busca.") and, on an empty register, "Cadastrar o primeiro cliente".
 */
export function CadastroTable<T extends RowData>({
  c,
  columns,
  label,
  nome,
  plural,
}: {
  c: { list: ListView<T>; rowActions: (row: T) => React.ReactNode; t: { openNew: () => void } };
  columns: Column<T>[];
  label: string;
  nome: string;
  plural: string;
}) {
  return (
    <DataTable
      list={c.list}
      columns={columns}
      label={label}
      {...listTexts(nome, plural, { busca: true })}
      emptyAction={<Button onClick={c.t.openNew}>Cadastrar o primeiro {nome}</Button>}
      actions={c.rowActions}
    />
  );
}
