import { type ClienteInput, clienteCreate } from '../../../schemas/clientes';
import { documentoLabel, TIPOS_PESSOA, type TipoPessoa } from '../../../schemas/documentos';
import { EnderecoFields } from '../../components/kit/endereco-fields';
import { FormShell, TextField } from '../../components/kit/form-parts';
import {
  cadastroMessages,
  type ResourceFormProps,
  useResourceForm,
} from '../../components/kit/use-resource-form';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { NativeSelect } from '../../components/ui/input';
import { client } from '../../lib/client';
import { maskCpfCnpj, maskTelefone, placeholderDocumento } from '../../lib/masks';
import type { Cliente } from '../../lib/resources';

const EMPTY: ClienteInput = {
  nome: '',
  tipo: 'Pessoa Física',
  cpf_cnpj: '',
  telefone: '',
  email: '',
  endereco: '',
  cidade: '',
  uf: '',
  cep: '',
};

const valuesOf = (c: Cliente): ClienteInput => ({
  nome: c.nome,
  tipo: c.tipo,
  cpf_cnpj: c.cpf_cnpj ?? '',
  telefone: c.telefone ?? '',
  email: c.email ?? '',
  endereco: c.endereco ?? '',
  cidade: c.cidade ?? '',
  uf: c.uf ?? '',
  cep: c.cep ?? '',
});

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
  const { register, setValue, getValues, watch } = f.form;
  const tipo = (watch('tipo') ?? 'Pessoa Física') as TipoPessoa;
  const tipoErr = f.error('tipo');

  return (
    <FormShell
      f={f}
      label={f.editing ? 'Editar Cliente' : 'Novo Cliente'}
      loadingText="Carregando cliente..."
      submitLabel={f.editing ? 'Atualizar Cliente' : 'Salvar Cliente'}
      onCancel={onCancel}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField f={f} name="nome" label="Nome" required maxLength={200} fieldClassName="md:col-span-2" />
        <FormField id={f.fieldId('tipo')} label="Tipo" required error={tipoErr}>
          <NativeSelect
            {...fieldA11y(f.fieldId('tipo'), tipoErr)}
            {...register('tipo', {
              // the same digits, re-masked as a CPF or a CNPJ
              onChange: (e) => setValue('cpf_cnpj', maskCpfCnpj(e.target.value, getValues('cpf_cnpj') ?? '')),
            })}
          >
            {TIPOS_PESSOA.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <TextField
          f={f}
          name="cpf_cnpj"
          label={documentoLabel(tipo)}
          required
          inputMode="numeric"
          placeholder={placeholderDocumento(tipo)}
          mask={(v) => maskCpfCnpj(getValues('tipo'), v)}
        />
        <TextField
          f={f}
          name="telefone"
          label="Telefone"
          required
          type="tel"
          inputMode="tel"
          placeholder="(00) 00000-0000"
          mask={maskTelefone}
        />
        <TextField f={f} name="email" label="E-mail" type="email" placeholder="cliente@exemplo.com" />
        <EnderecoFields f={f} />
      </div>
    </FormShell>
  );
}
