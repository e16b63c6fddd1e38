import { type FornecedorInput, fornecedorCreate } from '../../../schemas/fornecedores';
import { EnderecoFields } from '../../components/kit/endereco-fields';
import { DocumentoField, FormShell, TelefoneField, TextField } from '../../components/kit/form-parts';
import { blankValues, ENDERECO_CAMPOS, textValues } from '../../components/kit/form-values';
import {
  cadastroMessages,
  cadastroShell,
  type ResourceFormProps,
  useResourceForm,
} from '../../components/kit/use-resource-form';
import { client } from '../../lib/client';
import type { Fornecedor } from '../../lib/resources';

const CAMPOS = ['nome', 'cnpj', 'contato', 'telefone', 'email', ...ENDERECO_CAMPOS] as const;
const EMPTY: FornecedorInput = blankValues(CAMPOS);
const valuesOf = (f: Fornecedor): FornecedorInput => textValues(f, CAMPOS);

/**
 * New and edit form of a supplier: nome and telefone required, CNPJ checked when given (doc 2 §5;
 * the spec labels CNPJ required without enforcing it, so it shows the asterisk). An edit reads the
 * supplier fresh. Mount it with `key` = the id.
 */
export function FornecedorForm({ id, onDone, onCancel }: ResourceFormProps) {
  const f = useResourceForm({
    recurso: 'fornecedores',
    endpoint: client.fornecedores,
    schema: fornecedorCreate,
    id,
    empty: EMPTY,
    valuesOf,
    messages: cadastroMessages('fornecedor'),
    invalidates: ['produtos'],
    onSaved: onDone,
  });
  return (
    <FormShell f={f} {...cadastroShell(f.editing, 'Fornecedor')} onCancel={onCancel}>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField f={f} name="nome" label="Nome" required maxLength={200} />
        <DocumentoField f={f} name="cnpj" tipo="Pessoa Jurídica" required />
        <TextField f={f} name="contato" label="Contato" placeholder="Pessoa de contato" />
        <TelefoneField f={f} required placeholder="(00) 0000-0000" />
        <TextField f={f} name="email" label="E-mail" type="email" placeholder="contato@fornecedor.com" />
        <EnderecoFields f={f} />
      </div>
    </FormShell>
  );
}
