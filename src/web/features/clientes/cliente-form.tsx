import { type ClienteInput, clienteCreate } from '../../../schemas/clientes';
import { EnderecoFields } from '../../components/kit/endereco-fields';
import { FormShell, PessoaDocumentoFields, TelefoneField, TextField } from '../../components/kit/form-parts';
import { blankValues, ENDERECO_CAMPOS, textValues } from '../../components/kit/form-values';
import {
  cadastroMessages,
  cadastroShell,
  type ResourceFormProps,
  useResourceForm,
} from '../../components/kit/use-resource-form';
import { client } from '../../lib/client';
import type { Cliente } from '../../lib/resources';

const CAMPOS = [
  'nome',
  'cpf_cnpj',
  'telefone',
  'email',
  ...ENDERECO_CAMPOS,
  'numero',
  'complemento',
  'bairro',
  'inscricao_estadual',
] as const;
// municipio_ibge is not a field: the server finds it from cidade + UF when the form saves.
const EMPTY: ClienteInput = { ...blankValues(CAMPOS), tipo: 'Pessoa Física', ie_isento: false };
const valuesOf = (c: Cliente): ClienteInput => ({
  ...textValues(c, CAMPOS),
  tipo: c.tipo,
  ie_isento: c.ie_isento,
});

/** The state registration, or "Isento" (which empties and locks the number: never both). */
function InscricaoEstadual({ f }: { f: ClienteFormState }) {
  const isento = f.form.watch('ie_isento');
  return (
    <div className="grid gap-2">
      <TextField
        f={f}
        name="inscricao_estadual"
        label="Inscrição estadual"
        inputMode="numeric"
        maxLength={20}
        readOnly={!!isento}
        placeholder={isento ? 'Isento' : undefined}
        hint="Para a nota fiscal de cliente contribuinte do ICMS."
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          {...f.form.register('ie_isento', {
            onChange: (e) => {
              if (e.target.checked) f.form.setValue('inscricao_estadual', '', { shouldDirty: true });
            },
          })}
        />
        Isento de inscrição estadual
      </label>
    </div>
  );
}

type ClienteFormState = ReturnType<typeof useClienteForm>;
function useClienteForm(id: ResourceFormProps['id'], onDone: ResourceFormProps['onDone']) {
  return useResourceForm({
    recurso: 'clientes',
    endpoint: client.clientes,
    schema: clienteCreate,
    id,
    empty: EMPTY,
    valuesOf,
    messages: cadastroMessages('cliente'),
    onSaved: onDone,
  });
}

/**
 * New and edit in one form (doc 2 §4), validated with the server's own schema: the required fields
 * say which one is missing, the CPF/CNPJ label and mask follow the tipo, an 8-digit CEP fills the
 * address (street, bairro, city, UF; número and complemento apart, as the NF-e sends them). An edit reads the client fresh from the server. Mount it with `key` = the id.
 */
export function ClienteForm({ id, onDone, onCancel }: ResourceFormProps) {
  const f = useClienteForm(id, onDone);

  return (
    <FormShell f={f} {...cadastroShell(f.editing, 'Cliente')} onCancel={onCancel}>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField f={f} name="nome" label="Nome" required maxLength={200} fieldClassName="md:col-span-2" />
        <PessoaDocumentoFields f={f} name="cpf_cnpj" required tipoRequired />
        <TelefoneField f={f} required />
        <TextField f={f} name="email" label="E-mail" type="email" placeholder="cliente@exemplo.com" />
        <EnderecoFields f={f} detalhado />
        <InscricaoEstadual f={f} />
      </div>
    </FormShell>
  );
}
