import { type FornecedorInput, fornecedorCreate } from '../../../schemas/fornecedores';
import { EnderecoFields } from '../../components/kit/endereco-fields';
import { FormShell, TextField } from '../../components/kit/form-parts';
import {
  cadastroMessages,
  type ResourceFormProps,
  useResourceForm,
} from '../../components/kit/use-resource-form';
import { client } from '../../lib/client';
import { maskCnpj, maskTelefone } from '../../lib/masks';
import type { Fornecedor } from '../../lib/resources';

const EMPTY: FornecedorInput = {
  nome: '',
  cnpj: '',
  contato: '',
  telefone: '',
  email: '',
  endereco: '',
  cidade: '',
  uf: '',
  cep: '',
};

const valuesOf = (f: Fornecedor): FornecedorInput => ({
  nome: f.nome,
  cnpj: f.cnpj ?? '',
  contato: f.contato ?? '',
  telefone: f.telefone ?? '',
  email: f.email ?? '',
  endereco: f.endereco ?? '',
  cidade: f.cidade ?? '',
  uf: f.uf ?? '',
  cep: f.cep ?? '',
});

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
    <FormShell
      f={f}
      label={f.editing ? 'Editar Fornecedor' : 'Novo Fornecedor'}
      loadingText="Carregando fornecedor..."
      submitLabel={f.editing ? 'Atualizar Fornecedor' : 'Salvar Fornecedor'}
      onCancel={onCancel}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField f={f} name="nome" label="Nome" required maxLength={200} />
        <TextField
          f={f}
          name="cnpj"
          label="CNPJ"
          required
          inputMode="numeric"
          placeholder="00.000.000/0000-00"
          mask={maskCnpj}
        />
        <TextField f={f} name="contato" label="Contato" placeholder="Pessoa de contato" />
        <TextField
          f={f}
          name="telefone"
          label="Telefone"
          required
          type="tel"
          inputMode="tel"
          placeholder="(00) 0000-0000"
          mask={maskTelefone}
        />
        <TextField f={f} name="email" label="E-mail" type="email" placeholder="contato@fornecedor.com" />
        <EnderecoFields f={f} />
      </div>
    </FormShell>
  );
}
