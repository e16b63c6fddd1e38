import type { FieldValues, Path, PathValue } from 'react-hook-form';
import { maskCep } from '../../lib/masks';
import { useCep } from '../../lib/use-cep';
import { TextField } from './form-parts';
import type { ResourceForm, Versioned } from './use-resource-form';

/** The 27 federative units, offered as suggestions of the UF field. */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

/** The address part of a form's values (every field optional text). */
export interface EnderecoValues extends FieldValues {
  cep?: string | null;
  endereco?: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
  cidade?: string | null;
  uf?: string | null;
}

/**
 * CEP (masked; 8 digits fill the address through `GET /api/cep/:cep`, a failed lookup keeps what was
 * typed), Endereço, Cidade and UF (upper case, the 27 units suggested) — the address block of
 * clientes, fornecedores, funcionários, vendedores and arquitetos. `detalhado` (clientes: the NF-e
 * sends them apart) adds Número, Complemento and Bairro, Endereço is then the street alone, and the
 * CEP fills the bairro too.
 */
export function EnderecoFields<In extends EnderecoValues>({
  f,
  enderecoLabel = 'Endereço',
  detalhado = false,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: only the address fields are read
  f: ResourceForm<In, any, Versioned>;
  enderecoLabel?: string;
  detalhado?: boolean;
}) {
  // In is known to have these fields (EnderecoValues); TypeScript cannot narrow Path<In> for a generic In.
  const name = (n: keyof EnderecoValues & string) => n as Path<In>;
  const set = (n: 'endereco' | 'bairro' | 'cidade' | 'uf', v: string) =>
    f.form.setValue(name(n), v as PathValue<In, Path<In>>, { shouldDirty: true, shouldValidate: true });
  const cep = useCep((e) => {
    if (e.logradouro) set('endereco', e.logradouro);
    // a form without the field would send a bairro the server does not take
    if (detalhado && e.bairro) set('bairro', e.bairro);
    if (e.cidade) set('cidade', e.cidade);
    if (e.uf) set('uf', e.uf);
  });
  const listId = `${f.fieldId(name('uf'))}-ufs`;
  return (
    <>
      <TextField
        f={f}
        name={name('cep')}
        label="CEP"
        inputMode="numeric"
        placeholder="00000-000"
        hint={cep.loading ? 'Buscando endereço...' : 'Com 8 dígitos, o endereço é preenchido.'}
        mask={maskCep}
        onValue={(v) => void cep.lookup(v)}
      />
      <TextField
        f={f}
        name={name('endereco')}
        label={enderecoLabel}
        placeholder={detalhado ? 'Rua, avenida, travessa…' : 'Rua, número, complemento'}
      />
      {detalhado && (
        <>
          <TextField
            f={f}
            name={name('numero')}
            label="Número"
            maxLength={20}
            placeholder="123 ou S/N"
            mask={(v) => (/^s\/?n$/i.test(v.trim()) ? 'S/N' : v)}
          />
          <TextField
            f={f}
            name={name('complemento')}
            label="Complemento"
            maxLength={60}
            placeholder="Apto, bloco, sala"
          />
          <TextField f={f} name={name('bairro')} label="Bairro" maxLength={60} />
        </>
      )}
      <TextField f={f} name={name('cidade')} label="Cidade" />
      <TextField
        f={f}
        name={name('uf')}
        label="UF"
        maxLength={2}
        className="uppercase"
        list={listId}
        mask={(v) => v.toUpperCase()}
      />
      <datalist id={listId}>
        {UFS.map((uf) => (
          <option key={uf} value={uf} />
        ))}
      </datalist>
    </>
  );
}
