import { useQuery } from '@tanstack/react-query';
import { type ChapaInput, chapaCreate } from '../../../schemas/chapas';
import {
  CardFormShell,
  RecordOptions,
  SelectField,
  TextareaField,
  TextField,
} from '../../components/kit/form-parts';
import { type ResourceFormProps, useResourceForm } from '../../components/kit/use-resource-form';
import { client } from '../../lib/client';
import { decimalText } from '../../lib/decimal';
import type { Chapa } from '../../lib/resources';
import { fornecedoresOpcoesOptions } from '../fornecedores/api';
import { produtosOpcoesOptions } from '../produtos/api';

const NOVA: ChapaInput = {
  codigo: '',
  produto_id: '',
  tipo: 'chapa',
  lote: '',
  bloco: '',
  espessura_mm: '20',
  largura_mm: '',
  altura_mm: '',
  formato: 'retangulo',
  recorte_largura_mm: '',
  recorte_altura_mm: '',
  localizacao: '',
  custo: '',
  fornecedor_id: '',
  observacoes: '',
};

const valuesOf = (c: Chapa): ChapaInput => ({
  codigo: c.codigo,
  produto_id: c.produto_id,
  tipo: c.tipo,
  lote: c.lote,
  bloco: c.bloco ?? '',
  espessura_mm: String(c.espessura_mm),
  largura_mm: String(c.largura_mm),
  altura_mm: String(c.altura_mm),
  formato: c.formato,
  recorte_largura_mm: c.recorte_largura_mm === null ? '' : String(c.recorte_largura_mm),
  recorte_altura_mm: c.recorte_altura_mm === null ? '' : String(c.recorte_altura_mm),
  localizacao: c.localizacao ?? '',
  custo: String(c.custo).replace('.', ','),
  fornecedor_id: c.fornecedor_id ?? '',
  observacoes: c.observacoes ?? '',
});

const normalize = (v: ChapaInput): ChapaInput => ({
  ...v,
  custo: decimalText(String(v.custo ?? '')),
  fornecedor_id: v.fornecedor_id || null,
});

/** A slab or remnant typed by hand (the code is generated from the lot when left empty). */
export function ChapaForm({ id, onDone, onCancel }: ResourceFormProps) {
  const f = useResourceForm({
    recurso: 'chapas',
    endpoint: client.chapas,
    schema: chapaCreate,
    id,
    empty: NOVA,
    valuesOf,
    normalize,
    messages: {
      created: 'Chapa cadastrada com sucesso!',
      updated: 'Chapa atualizada com sucesso!',
      createError: 'Erro ao cadastrar chapa',
      updateError: 'Erro ao atualizar chapa',
    },
    conflictField: 'codigo',
    invalidates: ['produtos'],
    onSaved: onDone,
  });
  const pedras = useQuery(produtosOpcoesOptions());
  const fornecedores = useQuery(fornecedoresOpcoesOptions());
  const emL = f.form.watch('formato') === 'L';
  return (
    <CardFormShell
      f={f}
      Nome="Chapa"
      description="Uma chapa ou sobra com suas medidas em milímetros."
      createLabel="Salvar Chapa"
      onCancel={onCancel}
    >
      <SelectField f={f} name="produto_id" label="Pedra" required placeholder="Selecione a pedra">
        <RecordOptions records={pedras.data ?? []} value={(p) => p.id} label={(p) => p.nome} />
      </SelectField>
      <SelectField
        f={f}
        name="tipo"
        label="Tipo"
        options={['chapa', 'sobra'] as const}
        optionLabel={(v) => (v === 'chapa' ? 'Chapa' : 'Sobra')}
      />
      <TextField f={f} name="lote" label="Lote" required placeholder="L339" />
      <TextField f={f} name="codigo" label="Código" hint="Vazio: gerado como <lote>-<nn>." />
      <TextField f={f} name="bloco" label="Bloco" />
      <TextField f={f} name="espessura_mm" label="Espessura (mm)" inputMode="numeric" required />
      <TextField f={f} name="largura_mm" label="Largura (mm)" inputMode="numeric" required />
      <TextField f={f} name="altura_mm" label="Altura (mm)" inputMode="numeric" required />
      <SelectField
        f={f}
        name="formato"
        label="Formato"
        options={['retangulo', 'L'] as const}
        optionLabel={(v) => (v === 'L' ? 'L' : 'Retângulo')}
      />
      {emL && (
        <>
          <TextField
            f={f}
            name="recorte_largura_mm"
            label="Recorte do L — largura (mm)"
            inputMode="numeric"
          />
          <TextField f={f} name="recorte_altura_mm" label="Recorte do L — altura (mm)" inputMode="numeric" />
        </>
      )}
      <TextField f={f} name="localizacao" label="Localização" placeholder="Rack B3" />
      <TextField f={f} name="custo" label="Custo (R$)" inputMode="decimal" required placeholder="0,00" />
      <SelectField f={f} name="fornecedor_id" label="Fornecedor" placeholder="Nenhum">
        <RecordOptions records={fornecedores.data ?? []} value={(o) => o.id} label={(o) => o.nome} />
      </SelectField>
      <TextareaField f={f} name="observacoes" label="Observações" rows={2} fieldClassName="md:col-span-2" />
    </CardFormShell>
  );
}
