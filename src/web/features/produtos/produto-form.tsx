import { useQuery } from '@tanstack/react-query';
import { ORIGEM_LABEL, UNIDADE_COMERCIAL_LABEL, UNIDADES_COMERCIAIS } from '../../../schemas/fiscal';
import { PRODUTO_PADROES, type ProdutoCreate, produtoCreate, TIPOS_UNIDADE } from '../../../schemas/produtos';
import {
  CardFormShell,
  RecordOptions,
  SelectField,
  TextareaField,
  TextField,
} from '../../components/kit/form-parts';
import {
  cadastroMessages,
  type ResourceFormProps,
  useResourceForm,
} from '../../components/kit/use-resource-form';
import { client } from '../../lib/client';
import { decimalText } from '../../lib/decimal';
import type { Produto } from '../../lib/resources';
import { empresaOptions } from '../empresa/api';
import { NcmField } from '../fiscal/campos-fiscais';
import { fornecedoresOpcoesOptions } from '../fornecedores/api';
import { categoriasOpcoesOptions } from './api';

const NOVO: ProdutoCreate = {
  nome: '',
  categoria: '',
  fornecedor_id: '',
  valor_m2: '',
  estoque: String(PRODUTO_PADROES.estoque),
  estoque_minimo: String(PRODUTO_PADROES.estoque_minimo),
  unidade: PRODUTO_PADROES.unidade,
  tipo_unidade: PRODUTO_PADROES.tipo_unidade,
  descricao: '',
  perda_percentual: '0',
  ncm: '',
  cfop: '',
  csosn: '',
  cst: '',
  origem: '0',
  unidade_comercial: '',
};

const decimalBr = (n: number) => String(n).replace('.', ',');

const valuesOf = (p: Produto): ProdutoCreate => ({
  nome: p.nome,
  categoria: p.categoria,
  fornecedor_id: p.fornecedor_id ?? '',
  valor_m2: decimalBr(p.valor_m2),
  estoque: decimalBr(p.estoque),
  estoque_minimo: decimalBr(p.estoque_minimo),
  unidade: p.unidade,
  tipo_unidade: p.tipo_unidade,
  descricao: p.descricao ?? '',
  perda_percentual: decimalBr(p.perda_percentual),
  ncm: p.ncm ?? '',
  cfop: p.cfop ?? '',
  csosn: p.csosn ?? '',
  cst: p.cst ?? '',
  origem: String(p.origem),
  unidade_comercial: p.unidade_comercial ?? '',
});

// The server's own schema reads "1234.56": what was typed as "1.234,56" is turned into it first.
const normalize = (v: ProdutoCreate): ProdutoCreate => ({
  ...v,
  valor_m2: decimalText(v.valor_m2),
  estoque: decimalText(v.estoque),
  estoque_minimo: decimalText(v.estoque_minimo),
  perda_percentual: decimalText(v.perda_percentual) || '0',
});

/** New and edit form of a product (an edit reads the product fresh). Mount with `key` = the id. */
export function ProdutoForm({ id, onDone, onCancel }: ResourceFormProps) {
  const f = useResourceForm({
    recurso: 'produtos',
    endpoint: client.produtos,
    schema: produtoCreate,
    id,
    empty: NOVO,
    valuesOf,
    normalize,
    messages: cadastroMessages('produto'),
    invalidates: ['categorias-produtos'],
    onSaved: onDone,
  });
  const { setValue, getValues, watch } = f.form;
  const produto = f.record;
  const categorias = useQuery(categoriasOpcoesOptions());
  const fornecedores = useQuery(fornecedoresOpcoesOptions());
  // A product keeps showing its own category/supplier even if the short option list leaves it out.
  const categoriaOpcoes = withCurrent(categorias.data, produto?.categoria, produto?.categoria);
  const fornecedorOpcoes = withCurrent(fornecedores.data, produto?.fornecedor_id, produto?.fornecedor_nome);
  const unidadeLabel = watch('tipo_unidade') === 'm²' ? 'R$/m²' : 'R$/un';
  // The ICMS code that applies: CSOSN for a Simples Nacional shop (CRT 1), CST for the others.
  const empresa = useQuery(empresaOptions());
  const regime = empresa.data?.regime_tributario ?? null;
  const usaCsosn = regime === null || regime === 'simples_nacional';
  return (
    <CardFormShell
      f={f}
      Nome="Produto"
      description={
        f.editing
          ? `Altere os dados de ${produto?.nome ?? 'produto'}.`
          : 'Cadastre um material com seu preço e estoque.'
      }
      createLabel="Salvar Produto"
      onCancel={onCancel}
    >
      <TextField f={f} name="nome" label="Nome" required fieldClassName="md:col-span-2" />
      <SelectField
        f={f}
        name="categoria"
        label="Categoria"
        required
        placeholder={categorias.isPending ? 'Carregando...' : 'Selecione a categoria'}
        hint={categorias.data?.length === 0 ? 'Cadastre uma categoria na aba Categorias.' : undefined}
      >
        <RecordOptions records={categoriaOpcoes} value={(c) => c.nome} label={(c) => c.nome} />
      </SelectField>
      <SelectField
        f={f}
        name="fornecedor_id"
        label="Fornecedor"
        placeholder="Nenhum"
        hint={fornecedores.isError ? 'Não foi possível carregar os fornecedores.' : undefined}
      >
        <RecordOptions records={fornecedorOpcoes} value={(o) => o.id} label={(o) => o.nome} />
      </SelectField>
      <SelectField
        f={f}
        name="tipo_unidade"
        label="Tipo de unidade"
        options={TIPOS_UNIDADE}
        onValue={(tipo) => {
          // keep the free-text unit in step while it still holds the other type's default
          const u = getValues('unidade');
          if (tipo === 'unitário' && u === 'm²') setValue('unidade', 'un');
          if (tipo === 'm²' && u === 'un') setValue('unidade', 'm²');
        }}
      />
      <TextField
        f={f}
        name="valor_m2"
        label={`Valor (${unidadeLabel})`}
        required
        inputMode="decimal"
        placeholder="0,00"
      />
      <TextField
        f={f}
        name="perda_percentual"
        label="Perda (%)"
        inputMode="decimal"
        placeholder="0"
        hint="Parte da pedra perdida no corte, cobrada nos orçamentos em m² (0 a 100)."
      />
      <TextField f={f} name="estoque" label="Estoque" inputMode="decimal" />
      <TextField f={f} name="estoque_minimo" label="Estoque mínimo" inputMode="decimal" />
      <TextField f={f} name="unidade" label="Unidade" />
      <TextareaField f={f} name="descricao" label="Descrição" rows={3} fieldClassName="md:col-span-2" />
      <h3 className="text-sm font-semibold md:col-span-2">Dados fiscais (NF-e)</h3>
      <NcmField f={f} name="ncm" label="NCM" hint="Ex.: 6802.93.90 para peças de granito." />
      <TextField
        f={f}
        name="cfop"
        label="CFOP (dentro do estado)"
        inputMode="numeric"
        maxLength={4}
        placeholder="5102"
        hint="Para cliente de outro estado a nota usa o 6xxx correspondente."
      />
      {usaCsosn ? (
        <TextField
          f={f}
          name="csosn"
          label="CSOSN"
          inputMode="numeric"
          maxLength={3}
          placeholder="102"
          hint={regime === null ? 'Simples Nacional; informe o regime na tela Empresa.' : 'Simples Nacional.'}
        />
      ) : (
        <TextField f={f} name="cst" label="CST do ICMS" inputMode="numeric" maxLength={2} placeholder="00" />
      )}
      <SelectField f={f} name="origem" label="Origem">
        {ORIGEM_LABEL.map((label, i) => (
          <option key={label} value={String(i)}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField
        f={f}
        name="unidade_comercial"
        label="Unidade comercial"
        placeholder="Pela unidade do produto"
        options={UNIDADES_COMERCIAIS}
        optionLabel={(u) => UNIDADE_COMERCIAL_LABEL[u]}
      />
    </CardFormShell>
  );
}

function withCurrent(
  list: { id: string; nome: string }[] | undefined,
  id: string | null | undefined,
  nome: string | null | undefined,
) {
  const opts = list ?? [];
  if (!id || !nome || opts.some((o) => o.id === id || o.nome === id)) return opts;
  return [{ id, nome }, ...opts];
}
