import { STATUS_ATIVO } from '../../../schemas/enums';
import { comissionadoCreate } from '../../../schemas/vendedores';
import type { z } from '../../../schemas/z';
import { ativoLabel } from '../../components/kit/column-kinds';
import { EnderecoFields } from '../../components/kit/endereco-fields';
import {
  FormShell,
  PessoaDocumentoFields,
  SelectField,
  TelefoneField,
  TextField,
} from '../../components/kit/form-parts';
import { blankValues, ENDERECO_CAMPOS, textValues } from '../../components/kit/form-values';
import { useResourceForm } from '../../components/kit/use-resource-form';
import { client } from '../../lib/client';
import { parseNumberInput } from '../../lib/format';
import type { Comissionado } from '../../lib/resources';

/** Texts that differ between the seller and the architect screens (spec wording for each). */
export interface ComissionadoTexts {
  recurso: 'vendedores' | 'arquitetos';
  criado: string;
  criadoDescricao?: string;
  atualizado: string;
  erroSalvar: string;
  botaoCriar: string;
  /** The form's accessible name, new and edit ("Novo Vendedor" / "Editar Vendedor"). */
  titulo: { novo: string; editar: string };
  /** The spec labels these required without enforcing them (arquitetos: telefone and CPF/CNPJ). */
  asteriscos?: boolean;
}

type Values = z.input<typeof comissionadoCreate>;

const CAMPOS = ['nome', 'cpf', 'telefone', 'email', ...ENDERECO_CAMPOS] as const;

export const EMPTY_COMISSIONADO: Values = {
  ...blankValues(CAMPOS),
  tipo: 'Pessoa Física',
  percentual_comissao: '10',
  status: 'ativo',
};

const valuesOf = (item: Comissionado): Values => ({
  ...textValues(item, CAMPOS),
  tipo: item.tipo,
  percentual_comissao: String(item.percentual_comissao),
  status: item.status,
});

// What the person typed; an unparseable or empty commission is saved as 0 (spec doc 2 §5).
const normalize = (v: Values): Values => ({
  ...v,
  percentual_comissao: parseNumberInput(String(v.percentual_comissao ?? '')),
});

/**
 * The form of a seller or an architect (same fields, doc 2 §3), used in the "Novo" tab and in the
 * dialog. Validated with the server's own zod schema; an edit reads the record fresh (`id`).
 */
export function ComissionadoForm({
  id,
  texts,
  onDone,
  onCancel,
  cancelLabel = 'Cancelar',
}: {
  /** null = a new one */
  id: string | null;
  texts: ComissionadoTexts;
  onDone?: (saved: Comissionado) => void;
  onCancel?: () => void;
  cancelLabel?: string;
}) {
  const f = useResourceForm({
    recurso: texts.recurso,
    endpoint: client[texts.recurso],
    schema: comissionadoCreate,
    id,
    empty: EMPTY_COMISSIONADO,
    valuesOf,
    normalize,
    messages: {
      created: texts.criado,
      createdDescription: texts.criadoDescricao,
      updated: texts.atualizado,
      createError: texts.erroSalvar,
      updateError: texts.erroSalvar,
    },
    invalidates: ['relatorios'],
    onSaved: onDone,
  });
  return (
    <FormShell
      f={f}
      label={f.editing ? texts.titulo.editar : texts.titulo.novo}
      submitLabel={f.editing ? 'Salvar Alterações' : texts.botaoCriar}
      onCancel={onCancel}
      cancelLabel={cancelLabel}
    >
      <TextField f={f} name="nome" label="Nome" required />
      <div className="grid gap-4 sm:grid-cols-2">
        <PessoaDocumentoFields f={f} name="cpf" required={texts.asteriscos} />
        <TelefoneField f={f} required={texts.asteriscos} />
        <TextField f={f} name="email" label="E-mail" type="email" />
        <EnderecoFields f={f} />
        <TextField
          f={f}
          name="percentual_comissao"
          label="Comissão (%)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          max={100}
        />
        <SelectField f={f} name="status" label="Status" options={STATUS_ATIVO} optionLabel={ativoLabel} />
      </div>
    </FormShell>
  );
}
