import { useState } from 'react';
import {
  type Acabamento,
  acabamentoCreate,
  type Recorte,
  recorteCreate,
} from '../../../schemas/catalogos-pecas';
import { STATUS_ATIVO } from '../../../schemas/enums';
import type { z } from '../../../schemas/z';
import { ativoColumn, ativoLabel, titleColumn } from '../../components/kit/column-kinds';
import { columnsOf, DataTable, listTexts } from '../../components/kit/data-table';
import { ExportButton } from '../../components/kit/export-button';
import { FormShell, SelectField, TextField } from '../../components/kit/form-parts';
import { removeMessages, useRemove } from '../../components/kit/use-remove';
import { useResourceForm } from '../../components/kit/use-resource-form';
import { listaError, useResourceList } from '../../components/kit/use-resource-list';
import { TitledCard } from '../../components/ui/card';
import { RowActions } from '../../components/ui/row-actions';
import { SearchInput } from '../../components/ui/search-input';
import { client } from '../../lib/client';
import { decimalText } from '../../lib/decimal';
import { formatMoney } from '../../lib/format';

/**
 * Issue 14: the two piece catalogues under Produtos share one screen — a form beside a list — and
 * differ only in words and in their price column (R$ per linear metre or R$ per cutout).
 */
interface Catalogo {
  recurso: 'acabamentos' | 'recortes';
  /** The price field: valor_ml (per metre) or valor (each). */
  campo: 'valor_ml' | 'valor';
  precoLabel: string;
  precoSufixo: string;
  singular: string;
  placeholder: string;
  // Either schema: the form is typed loosely (its fields are named by `campo`).
  schema: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  endpoint: typeof client.acabamentos | typeof client.recortes;
}

const ACABAMENTOS: Catalogo = {
  recurso: 'acabamentos',
  campo: 'valor_ml',
  precoLabel: 'Valor por metro linear (R$)',
  precoSufixo: '/m',
  singular: 'Acabamento',
  placeholder: 'Ex.: Boleado, Reto polido, Meia-esquadria',
  schema: acabamentoCreate,
  endpoint: client.acabamentos,
};

const RECORTES: Catalogo = {
  recurso: 'recortes',
  campo: 'valor',
  precoLabel: 'Valor por recorte (R$)',
  precoSufixo: '/un',
  singular: 'Recorte',
  placeholder: 'Ex.: Cuba de embutir, Cooktop, Furo de torneira',
  schema: recorteCreate,
  endpoint: client.recortes,
};

type Entrada = { id: string; nome: string; status: string; updated_at: string } & Partial<
  Pick<Acabamento, 'valor_ml'> & Pick<Recorte, 'valor'>
>;

const precoDe = (c: Catalogo, e: Entrada) => (c.campo === 'valor_ml' ? e.valor_ml : e.valor) ?? 0;

function CatalogoForm({ c, id, onDone }: { c: Catalogo; id: string | null; onDone: () => void }) {
  const f = useResourceForm({
    recurso: c.recurso,
    endpoint: c.endpoint,
    schema: c.schema,
    id,
    empty: { nome: '', [c.campo]: '', status: 'ativo' },
    valuesOf: (e: Entrada) => ({
      nome: e.nome,
      [c.campo]: String(precoDe(c, e)).replace('.', ','),
      status: e.status,
    }),
    normalize: (v) => ({ ...v, [c.campo]: decimalText(v[c.campo]) }),
    messages: {
      created: `${c.singular} salvo com sucesso!`,
      updated: `${c.singular} atualizado com sucesso!`,
      createError: `Erro ao salvar ${c.singular.toLowerCase()}`,
      updateError: `Erro ao atualizar ${c.singular.toLowerCase()}`,
    },
    onSaved: onDone,
  });
  const titulo = f.editing ? `Editar ${c.singular}` : `Novo ${c.singular}`;
  return (
    <TitledCard title={titulo}>
      <FormShell
        f={f}
        label={titulo}
        submitLabel={f.editing ? 'Salvar Alterações' : `Adicionar ${c.singular}`}
        onCancel={f.editing ? onDone : undefined}
      >
        <TextField f={f} name="nome" label="Nome" required placeholder={c.placeholder} />
        <TextField
          f={f}
          name={c.campo}
          label={c.precoLabel}
          required
          inputMode="decimal"
          placeholder="0,00"
        />
        <SelectField f={f} name="status" label="Status" options={STATUS_ATIVO} optionLabel={ativoLabel} />
      </FormShell>
    </TitledCard>
  );
}

const col = columnsOf<Entrada>();

function CatalogoTab({ c }: { c: Catalogo }) {
  const [editando, setEditando] = useState<string | null>(null);
  const list = useResourceList({
    recurso: c.recurso,
    endpoint: c.endpoint,
    prefix: c.recurso,
    limit: 50,
    loadError: listaError(c.recurso),
  });
  const remove = useRemove<Entrada>({
    recurso: c.recurso,
    endpoint: c.endpoint,
    ...removeMessages(c.singular.toLowerCase(), { aspas: true }),
    onRemoved: (e) => e.id === editando && setEditando(null),
  });
  const columns = [
    col.accessor('nome', titleColumn('Nome', { sortable: true, className: 'font-medium' })),
    col.accessor(c.campo, {
      id: c.campo,
      header: c.precoLabel.replace(' (R$)', ''),
      enableSorting: true,
      meta: { numeric: true, card: 'figure' },
      cell: ({ row: { original: e } }) => (
        <>
          {formatMoney(precoDe(c, e))}
          <span className="text-muted-foreground">{c.precoSufixo}</span>
        </>
      ),
    }),
    col.accessor('status', ativoColumn({ sortable: true })),
  ];
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <CatalogoForm key={editando ?? 'novo'} c={c} id={editando} onDone={() => setEditando(null)} />
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <div className="min-w-0 flex-1">
            <SearchInput
              value={list.q}
              onChange={list.setQ}
              placeholder={`Buscar ${c.singular.toLowerCase()}...`}
              label={`Buscar ${c.recurso}`}
            />
          </div>
          <ExportButton lista={c.recurso} params={list.params} />
        </div>
        <DataTable
          list={list}
          columns={columns}
          label={c.singular === 'Acabamento' ? 'Acabamentos' : 'Recortes'}
          getRowId={(e) => e.id}
          rowLabel={(e) => e.nome}
          rowClassName={(e) => e.id === editando && 'bg-muted'}
          {...listTexts(c.singular.toLowerCase(), c.recurso)}
          actions={(e) => (
            <RowActions
              editLabel={`Editar ${e.nome}`}
              deleteLabel={`Excluir ${e.nome}`}
              onEdit={() => setEditando(e.id)}
              onDelete={() => remove.ask(e)}
            />
          )}
        />
      </div>
      {remove.dialog}
    </div>
  );
}

/** Produtos → Acabamentos: edge finishes priced per linear metre. */
export const AcabamentosTab = () => <CatalogoTab c={ACABAMENTOS} />;
/** Produtos → Recortes: cutouts priced each. */
export const RecortesTab = () => <CatalogoTab c={RECORTES} />;
