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

const CAMPOS = ['nome', 'cpf_cnpj', 'telefone', 'email', ...ENDERECO_CAMPOS] as const;
const EMPTY: ClienteInput = { ...blankValues(CAMPOS), tipo: 'Pessoa Física' };
const valuesOf = (c: Cliente): ClienteInput => ({ ...textValues(c, CAMPOS), tipo: c.tipo });

/**
 * New and edit in one form (doc 2 §4), validated with the server's own schema: the required fields
 * say which one is missing, the CPF/CNPJ label and mask follow the tipo, an 8-digit CEP fills the
 * address. An edit reads the client fresh from the server. Mount it with `key` = the id.
 */
export function ClienteForm({ id, onDone, onCancel }: ResourceFormProps) {
  const f = useResourceForm({
    recurso: 'clientes',
    endpoint: client.clientes,
    schema: clienteCreate,
    id,
    empty: EMPTY,
    valuesOf,
    messages: cadastroMessages('cliente'),
    onSaved: onDone,
  });

  return (
    <FormShell f={f} {...cadastroShell(f.editing, 'Cliente')} onCancel={onCancel}>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField f={f} name="nome" label="Nome" required maxLength={200} fieldClassName="md:col-span-2" />
        <PessoaDocumentoFields f={f} name="cpf_cnpj" required tipoRequired />
        <TelefoneField f={f} required />
        <TextField f={f} name="email" label="E-mail" type="email" placeholder="cliente@exemplo.com" />
        <EnderecoFields f={f} />
      </div>
    </FormShell>
  );
}
