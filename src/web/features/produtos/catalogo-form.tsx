import {
  type Acabamento,
  acabamentoCreate,
  type Recorte,
  recorteCreate,
} from '../../../schemas/catalogos-pecas';
import { STATUS_ATIVO } from '../../../schemas/enums';
import type { z } from '../../../schemas/z';
import { ativoLabel } from '../../components/kit/column-kinds';
import { FormShell, SelectField, TextField } from '../../components/kit/form-parts';
import { useResourceForm } from '../../components/kit/use-resource-form';
import { TitledCard } from '../../components/ui/card';
import { client } from '../../lib/client';
import { decimalText } from '../../lib/decimal';

/**
 * Issue 14: the two piece catalogues under Produtos share one screen — a form beside a list — and
 * differ only in words and in their price column (R$ per linear metre or R$ per cutout).
 */
export interface Catalogo {
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

export const ACABAMENTOS: Catalogo = {
  recurso: 'acabamentos',
  campo: 'valor_ml',
  precoLabel: 'Valor por metro linear (R$)',
  precoSufixo: '/m',
  singular: 'Acabamento',
  placeholder: 'Ex.: Boleado, Reto polido, Meia-esquadria',
  schema: acabamentoCreate,
  endpoint: client.acabamentos,
};

export const RECORTES: Catalogo = {
  recurso: 'recortes',
  campo: 'valor',
  precoLabel: 'Valor por recorte (R$)',
  precoSufixo: '/un',
  singular: 'Recorte',
  placeholder: 'Ex.: Cuba de embutir, Cooktop, Furo de torneira',
  schema: recorteCreate,
  endpoint: client.recortes,
};

export type Entrada = { id: string; nome: string; status: string; updated_at: string } & Partial<
  Pick<Acabamento, 'valor_ml'> & Pick<Recorte, 'valor'>
>;

export const precoDe = (c: Catalogo, e: Entrada) => (c.campo === 'valor_ml' ? e.valor_ml : e.valor) ?? 0;

export function CatalogoForm({ c, id, onDone }: { c: Catalogo; id: string | null; onDone: () => void }) {
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
