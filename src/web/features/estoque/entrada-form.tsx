import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { Input, Labelled, NativeSelect } from '../../components/ui/input';
import { toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { decimalText } from '../../lib/decimal';
import { todayIso } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { despesasKeys } from '../despesas/api';
import { fornecedoresOpcoesOptions } from '../fornecedores/api';
import { produtosOpcoesOptions } from '../produtos/api';
import { chapasKeys } from './api';
import { fieldErrors } from './shared';

const VAZIO = {
  produto_id: '',
  fornecedor_id: '',
  lote: '',
  bloco: '',
  quantidade: '1',
  largura_mm: '',
  altura_mm: '',
  espessura_mm: '20',
  custo_por: 'chapa',
  custo: '',
  localizacao: '',
  despesa: false,
  despesa_descricao: '',
  despesa_valor: '',
  despesa_vencimento: todayIso(),
  despesa_parcelas: '1',
};

/**
 * Entrada: N slabs of one lot from a supplier, and (when asked) the expense in Despesas with its
 * instalments, all in one request; afterwards, the labels of the whole entry in one PDF.
 */
export function EntradaForm({ onDone }: { onDone: () => void }) {
  const qc = useQueryClient();
  const idem = useIdempotencyKey();
  const [v, setV] = useState(VAZIO);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [etiquetas, setEtiquetas] = useState<string | null>(null);
  const pedras = useQuery(produtosOpcoesOptions());
  const fornecedores = useQuery(fornecedoresOpcoesOptions());
  const set = (k: keyof typeof VAZIO) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setV((o) => ({
      ...o,
      [k]: e.target.type === 'checkbox' ? (e.target as HTMLInputElement).checked : e.target.value,
    }));
  const salvar = useMutation({
    mutationFn: () => {
      const parcelas = Number(v.despesa_parcelas) || 1;
      return json(
        client.chapas.entrada.$post(
          {
            json: {
              produto_id: v.produto_id,
              fornecedor_id: v.fornecedor_id || null,
              lote: v.lote,
              bloco: v.bloco,
              quantidade: v.quantidade,
              largura_mm: v.largura_mm,
              altura_mm: v.altura_mm,
              espessura_mm: v.espessura_mm,
              custo_chapa: v.custo_por === 'chapa' ? decimalText(v.custo) : null,
              custo_m2: v.custo_por === 'm2' ? decimalText(v.custo) : null,
              localizacao: v.localizacao,
              despesa: v.despesa
                ? {
                    descricao: v.despesa_descricao,
                    valor: decimalText(v.despesa_valor),
                    data_vencimento: v.despesa_vencimento,
                    tipo: parcelas > 1 ? 'parcelada' : 'avulso',
                    parcelas: parcelas > 1 ? parcelas : null,
                  }
                : null,
            },
          },
          { headers: { 'idempotency-key': idem.key } },
        ),
      );
    },
    onSuccess: (r) => {
      idem.renew();
      setErros({});
      setEtiquetas(r.etiquetas);
      toastSuccess(
        `${r.items.length} chapa(s) cadastrada(s)`,
        `${r.items[0]?.codigo} a ${r.items[r.items.length - 1]?.codigo}`,
      );
      qc.invalidateQueries({ queryKey: chapasKeys.all });
      qc.invalidateQueries({ queryKey: despesasKeys.all });
    },
    onError: (err) => {
      setErros(fieldErrors(err));
      toastError('Erro na entrada de chapas', err);
    },
  });
  const campo = (
    k: keyof typeof VAZIO,
    label: string,
    props: React.ComponentProps<'input'> = {},
    erro: string = k,
  ) => (
    <Labelled id={`entrada-${k}`} label={label}>
      <Input
        id={`entrada-${k}`}
        value={String(v[k])}
        onChange={set(k)}
        aria-invalid={!!erros[erro]}
        aria-describedby={erros[erro] ? `entrada-${k}-erro` : undefined}
        {...props}
      />
      {erros[erro] && (
        <p id={`entrada-${k}-erro`} className="text-sm text-destructive">
          {erros[erro]}
        </p>
      )}
    </Labelled>
  );
  return (
    <TitledCard title="Entrada de chapas" description="Várias chapas de um lote, com a despesa da compra.">
      <form
        className="grid gap-4 md:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          return salvar.mutateAsync().catch(() => {});
        }}
      >
        <Labelled id="entrada-produto_id" label="Pedra">
          <NativeSelect
            id="entrada-produto_id"
            value={v.produto_id}
            onChange={set('produto_id')}
            aria-invalid={!!erros.produto_id}
          >
            <option value="">Selecione a pedra</option>
            {(pedras.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.nome}
              </option>
            ))}
          </NativeSelect>
          {erros.produto_id && <p className="text-sm text-destructive">{erros.produto_id}</p>}
        </Labelled>
        <Labelled id="entrada-fornecedor_id" label="Fornecedor">
          <NativeSelect id="entrada-fornecedor_id" value={v.fornecedor_id} onChange={set('fornecedor_id')}>
            <option value="">Nenhum</option>
            {(fornecedores.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.nome}
              </option>
            ))}
          </NativeSelect>
        </Labelled>
        {campo('lote', 'Lote', { placeholder: 'L339' })}
        {campo('bloco', 'Bloco')}
        {campo('quantidade', 'Quantidade de chapas', { inputMode: 'numeric' })}
        {campo('espessura_mm', 'Espessura (mm)', { inputMode: 'numeric' })}
        {campo('largura_mm', 'Largura (mm)', { inputMode: 'numeric' })}
        {campo('altura_mm', 'Altura (mm)', { inputMode: 'numeric' })}
        <Labelled id="entrada-custo_por" label="Custo informado">
          <NativeSelect id="entrada-custo_por" value={v.custo_por} onChange={set('custo_por')}>
            <option value="chapa">Por chapa</option>
            <option value="m2">Por m²</option>
          </NativeSelect>
        </Labelled>
        {campo(
          'custo',
          v.custo_por === 'chapa' ? 'Custo por chapa (R$)' : 'Custo por m² (R$)',
          { inputMode: 'decimal' },
          v.custo_por === 'chapa' ? 'custo_chapa' : 'custo_m2',
        )}
        {campo('localizacao', 'Localização', { placeholder: 'Rack B3' })}
        <label className="flex items-center gap-2 text-sm md:col-span-2">
          <input type="checkbox" className="size-4" checked={v.despesa} onChange={set('despesa')} />
          Lançar a despesa da compra
        </label>
        {v.despesa && (
          <>
            {campo('despesa_descricao', 'Descrição da despesa', {}, 'despesa.descricao')}
            {campo('despesa_valor', 'Valor de cada parcela (R$)', { inputMode: 'decimal' }, 'despesa.valor')}
            {campo('despesa_vencimento', 'Primeiro vencimento', { type: 'date' }, 'despesa.data_vencimento')}
            {campo('despesa_parcelas', 'Parcelas', { inputMode: 'numeric' }, 'despesa.parcelas')}
          </>
        )}
        <div className="flex flex-wrap gap-2 md:col-span-2">
          <Button type="submit" disabled={salvar.isPending}>
            {salvar.isPending ? 'Salvando...' : 'Registrar entrada'}
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            Voltar à lista
          </Button>
          {etiquetas && (
            <Button asChild variant="outline">
              <a href={etiquetas} target="_blank" rel="noreferrer">
                <FileText aria-hidden /> Etiquetas da entrada (PDF)
              </a>
            </Button>
          )}
        </div>
      </form>
    </TitledCard>
  );
}
