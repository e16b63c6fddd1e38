import type * as React from 'react';
import { Fragment } from 'react';
import { Badge } from '../ui/badge';
import { Card, CardContent, CardHeader, TitledCard } from '../ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import type { useListFormTabs } from './use-resource-list';

export interface ResourceTab {
  /** The tab's value in the URL (`?tab=`): 'lista', 'novo', or the screen's own. */
  value: string;
  label: React.ReactNode;
  content: React.ReactNode;
  className?: string;
}

/**
 * A register screen's tabs (Lista, Novo/Editar and the screen's others), the active one in the URL
 * (`useListFormTabs`). Each screen then reads as its list of tabs.
 */
export function ResourceTabs({ t, tabs }: { t: ReturnType<typeof useListFormTabs>; tabs: ResourceTab[] }) {
  return (
    <Tabs value={t.tab} onValueChange={t.onTab}>
      <TabsList>
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value} className={tab.className}>
          {tab.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** What a register form takes from its tab: the record (null: a new one) and where to go after. */
export interface FormTabProps {
  id: string | null;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The Novo/Editar tab: the form for `t.editId` (null: a new record), mounted afresh for each record,
 * back to the list when saved or cancelled.
 */
export function formTab(
  t: ReturnType<typeof useListFormTabs>,
  label: React.ReactNode,
  form: (p: FormTabProps) => React.ReactNode,
): ResourceTab {
  return {
    value: 'novo',
    label,
    content: (
      <Fragment key={t.editId ?? 'novo'}>
        {form({ id: t.editId, onDone: t.backToList, onCancel: t.backToList })}
      </Fragment>
    ),
  };
}

/**
 * Lista and Novo/Editar of a register whose list and form are components of their own (Produtos,
 * Pagamentos): a row's Editar opens its record in the form tab ("Editar Produto").
 */
export function listaFormTabs<R extends { id: string }>(
  t: ReturnType<typeof useListFormTabs>,
  Nome: string,
  Lista: React.ComponentType<{ onEditar: (row: R) => void }>,
  Form: React.ComponentType<FormTabProps>,
): ResourceTab[] {
  return [
    { value: 'lista', label: 'Lista', content: <Lista onEditar={(r) => t.edit(r.id)} /> },
    formTab(t, `${t.editId ? 'Editar' : 'Novo'} ${Nome}`, (p) => <Form {...p} />),
  ];
}

/**
 * A tab's label with the count of its records beside it ("Lista de Clientes 42", the badge named
 * "42 clientes" for screen readers); no badge while the count is unknown.
 */
export function CountLabel({
  text,
  total,
  plural,
}: {
  text: string;
  total: number | undefined;
  plural: string;
}) {
  return (
    <>
      {text}
      {total !== undefined && (
        <Badge variant="secondary" aria-label={`${total} ${plural}`}>
          {total.toLocaleString('pt-BR')}
        </Badge>
      )}
    </>
  );
}

/** The card a register form sits in: its title (Novo/Editar …), an optional line under it, the form. */
export const FormCard = TitledCard;

/**
 * The card a list sits in: its header (a title or a hint, the search, a button) laid out in a row
 * from `sm` up, then the table.
 */
export function ListCard({
  header,
  headerClassName = 'gap-3 sm:flex-row sm:items-center sm:justify-between',
  contentClassName,
  children,
}: {
  header: React.ReactNode;
  headerClassName?: string;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader className={headerClassName}>{header}</CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
