import { Plus, Trash2 } from 'lucide-react';
import { Fragment, useEffect } from 'react';
import {
  type Control,
  type UseFormRegister,
  type UseFormSetValue,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { normalize } from '../../../domain/texto';
import { type Faixa, LIMITES } from '../../../schemas/orcamentos';
import { Button } from '../../components/ui/button';
import { FieldError } from '../../components/ui/form-field';
import { Input, Label } from '../../components/ui/input';
import { client, json } from '../../lib/client';
import { formatMoney, formatNumber, parseNumberInput } from '../../lib/format';
import { cn } from '../../lib/utils';
import { SugestaoSobra } from '../estoque/sugestao-sobra';
import { EstimativaDaPedra, ultimaLinhaDaPedra, useEstimativaChapas } from '../plano-corte/estimativa-chapas';
import { useCalculo, useLinhaCalculo } from './calculo';
import { type LinhaForm, novaLinha, type OrcamentoForm } from './form';
import { erroA11y, numeroMascarado } from './numero';
import { comprimento, FAIXA_LABEL, LADO_LABEL, PecaEditor } from './peca-editor';
import { ItemVendaSelect, ProdutoSelect } from './selects';

const asNumber = {
  setValueAs: (v: unknown) => (typeof v === 'number' ? v : parseNumberInput(String(v ?? ''))),
};

/** "Largura x Profundidade" → Largura/Profundidade; any other format → Largura/Altura (spec §3). */
export function measureLabels(formato: string | null | undefined): [string, string] {
  return formato === 'Largura x Profundidade' ? ['Largura', 'Profundidade'] : ['Largura', 'Altura'];
}

// One grid for the header and the rows on wide screens; below xl each row is a card with its own labels.
const ROW_GRID =
  'xl:grid xl:grid-cols-[minmax(8.5rem,1.1fr)_minmax(11rem,1.3fr)_minmax(9.5rem,1.3fr)_4.75rem_7rem_7rem_2.5rem] xl:items-start xl:gap-2';
const HEADERS = [
  'Item de Venda',
  'Medidas / Área',
  'Produto',
  'Qtd (Unidades)',
  'Valor Unitário/M²',
  'Total',
  'Ações',
];

export function ItensEditor({
  control,
  register,
  setValue,
}: {
  control: Control<OrcamentoForm>;
  register: UseFormRegister<OrcamentoForm>;
  setValue: UseFormSetValue<OrcamentoForm>;
}) {
  const { fields, append, insert, remove } = useFieldArray({ control, name: 'itens', keyName: 'fieldId' });
  const erroItens = useCalculo().erros.itens;
  // Each stone's slab estimate right under its last line, from the lines as they are typed.
  const itens = (useWatch({ control, name: 'itens' }) ?? []) as LinhaForm[];
  const estimativas = useEstimativaChapas(itens);
  const ultimas = ultimaLinhaDaPedra(itens);
  return (
    <div className="flex flex-col gap-3">
      {erroItens && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {erroItens}
        </p>
      )}
      {fields.length > 0 && (
        <div aria-hidden className={cn('hidden px-3 text-sm font-medium text-muted-foreground', ROW_GRID)}>
          {HEADERS.map((h) => (
            <span key={h}>{h}</span>
          ))}
        </div>
      )}
      {fields.length === 0 && (
        <p className="rounded-md border border-dashed py-6 text-center text-sm text-muted-foreground">
          Nenhum item adicionado. Clique em Adicionar Item.
        </p>
      )}
      {fields.map((f, index) => {
        const estimativa = estimativas?.get(ultimas.get(index) ?? '');
        return (
          <Fragment key={f.fieldId}>
            <LinhaItem
              index={index}
              control={control}
              register={register}
              setValue={setValue}
              onRemove={() => remove(index)}
              onAdd={(linha) => insert(index + 1, linha)}
            />
            {estimativa && <EstimativaDaPedra estimativa={estimativa} />}
          </Fragment>
        );
      })}
      <div>
        <Button type="button" variant="outline" onClick={() => append(novaLinha())}>
          <Plus /> Adicionar Item
        </Button>
      </div>
    </div>
  );
}

/**
 * The Item de Venda a new strip arrives with: the catalogue's "Saia" or "Frontão" (by name, accents and
 * case aside), or, when the catalogue has none, its piece's own item (a strip is part of that piece).
 */
async function itemDaFaixa(tipo: Faixa['tipo']) {
  const nome = normalize(FAIXA_LABEL[tipo]);
  try {
    const rows = await json(client['itens-venda'].opcoes.$get({ query: { q: FAIXA_LABEL[tipo] } }));
    return rows.find((r) => normalize(r.nome) === nome) ?? null;
  } catch {
    return null;
  }
}

/** One measure of a line (metres, 2 decimals), marked with the server's message when refused. */
function MedidaInput({
  label,
  erro,
  idErro,
  reg,
}: {
  label: string;
  erro: string | undefined;
  idErro: string;
  reg: ReturnType<UseFormRegister<OrcamentoForm>>;
}) {
  return (
    <Input
      type="number"
      inputMode="decimal"
      step="0.01"
      min="0"
      max={LIMITES.medida.max}
      aria-label={`${label} (m)`}
      title={label}
      placeholder={label}
      className="min-w-0 px-2"
      {...erroA11y(idErro, erro)}
      {...numeroMascarado(reg, LIMITES.medida.casas)}
    />
  );
}

function LinhaItem({
  index,
  control,
  register,
  setValue,
  onRemove,
  onAdd,
}: {
  index: number;
  control: Control<OrcamentoForm>;
  register: UseFormRegister<OrcamentoForm>;
  setValue: UseFormSetValue<OrcamentoForm>;
  onRemove: () => void;
  /** Inserts a line right after this one (a saia or frontão of this piece). */
  onAdd: (linha: LinhaForm) => void;
}) {
  const linha = useWatch({ control, name: `itens.${index}` }) as LinhaForm;
  const itens = useWatch({ control, name: 'itens' }) as LinhaForm[];
  const calc = useLinhaCalculo(linha.key);
  const origem = linha.faixa ? itens.findIndex((i) => i.key === linha.faixa?.de) : -1;
  const pai = origem >= 0 ? itens[origem] : undefined;
  const [l1, l2] = linha.faixa ? ['Comprimento', 'Altura'] : measureLabels(linha.formato_medida);
  const n = index + 1;
  const idp = `item-${linha.key}`;
  const set = <K extends keyof LinhaForm>(k: K, v: LinhaForm[K]) =>
    setValue(`itens.${index}.${k}` as `itens.${number}.${K}`, v as never, { shouldDirty: true });
  const valorUnitario = calc && calc.valor_unitario > 0 ? calc.valor_unitario : linha.valor_unitario;
  const area =
    calc?.area ?? Math.round(Number(linha.medida1 || 0) * Number(linha.medida2 || 0) * 10000) / 10000;
  const fieldLabel = 'text-xs font-medium text-muted-foreground xl:sr-only';
  const { erros } = useCalculo();
  const erro = (campo: string) => erros[`itens.${index}.${campo}`];
  const erroM1 = erro('medida1');
  const erroM2 = erro('medida2');
  const erroQtd = erro('quantidade');
  const erroProduto = erro('produto_id');
  const erroLinha = erros[`itens.${index}`];
  const erroMedidas = erroM1 ?? erroM2;
  // A strip is as long as the side it follows: when that piece's measure changes, so does the strip.
  const ladoPai = pai && linha.faixa ? comprimento(pai, linha.faixa.lado) : null;
  useEffect(() => {
    if (ladoPai !== null && ladoPai !== linha.medida1)
      setValue(`itens.${index}.medida1`, ladoPai, { shouldDirty: true });
  }, [ladoPai, linha.medida1, index, setValue]);

  return (
    <fieldset
      aria-label={`Item ${n}`}
      className={cn('grid min-w-0 grid-cols-1 gap-3 rounded-md border bg-card p-3 sm:grid-cols-2', ROW_GRID)}
    >
      {linha.faixa && (
        <p className="text-sm font-medium sm:col-span-2 xl:col-span-7" data-testid={`faixa-${n}`}>
          {FAIXA_LABEL[linha.faixa.tipo]}{' '}
          {pai
            ? `ao longo do lado ${LADO_LABEL[linha.faixa.lado].toLowerCase()} do item ${origem + 1}`
            : '(a peça de origem foi removida)'}
        </p>
      )}
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idp}-iv`} className={fieldLabel}>
          Item de Venda
        </Label>
        <ItemVendaSelect
          id={`${idp}-iv`}
          value={linha.item_venda_id}
          selectedLabel={linha.item_venda_nome}
          onSelect={(iv) => {
            set('item_venda_id', iv?.id ?? '');
            set('item_venda_nome', iv?.nome ?? '');
            set('formato_medida', iv?.formato_medida ?? '');
            // A strip's measures come from its piece and its height: naming its item changes neither.
            // Another line's measures meant the old item's format (spec §5 clears them): they go blank,
            // never 0, so saving asks for them; the quantity stays (a 0 would price the piece at nothing).
            if (!linha.faixa) {
              set('medida1', '');
              set('medida2', '');
            }
          }}
        />
      </div>
      <fieldset className="flex min-w-0 flex-col gap-1">
        <legend className={cn(fieldLabel, 'mb-1')}>Medidas / Área</legend>
        <div className="flex items-center gap-1">
          <MedidaInput
            label={l1}
            erro={erroM1}
            idErro={`${idp}-medidas`}
            reg={register(`itens.${index}.medida1`, asNumber)}
          />
          <span aria-hidden className="text-muted-foreground">
            x
          </span>
          <MedidaInput
            label={l2}
            erro={erroM2}
            idErro={`${idp}-medidas`}
            reg={register(`itens.${index}.medida2`, asNumber)}
          />
        </div>
        {erroMedidas ? (
          <FieldError id={`${idp}-medidas`} error={erroMedidas} />
        ) : (
          <span className="text-xs text-muted-foreground" aria-live="polite">
            {l1} x {l2}: <span className="font-medium text-foreground">{formatNumber(area)} m²</span>
          </span>
        )}
      </fieldset>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idp}-produto`} className={fieldLabel}>
          Produto
        </Label>
        <ProdutoSelect
          id={`${idp}-produto`}
          {...erroA11y(`${idp}-produto`, erroProduto)}
          value={linha.produto_id}
          selectedLabel={linha.produto_nome}
          onSelect={(p) => {
            set('produto_id', p.id);
            set('produto_nome', p.nome);
            set('valor_unitario', p.valor_m2);
            set('tipo_unidade', p.tipo_unidade);
            set('produto_perda', p.perda_percentual ?? 0);
          }}
        />
        <FieldError id={`${idp}-produto`} error={erroProduto} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idp}-qtd`} className={fieldLabel}>
          Qtd (Unidades)
        </Label>
        <Input
          id={`${idp}-qtd`}
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
          max={LIMITES.quantidade.max}
          className="px-2"
          {...erroA11y(`${idp}-qtd`, erroQtd)}
          {...numeroMascarado(register(`itens.${index}.quantidade`, asNumber), 0)}
        />
        <FieldError id={`${idp}-qtd`} error={erroQtd} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idp}-vu`} className={fieldLabel}>
          Valor Unitário/M²
        </Label>
        <Input
          id={`${idp}-vu`}
          readOnly
          tabIndex={-1}
          value={linha.produto_id ? formatMoney(valorUnitario) : ''}
          placeholder="—"
          className="bg-muted px-2"
        />
      </div>
      <div className="flex flex-col gap-1">
        <span className={fieldLabel}>Total</span>
        <output className="flex h-10 items-center font-semibold" aria-label={`Total do item ${n}`}>
          {calc ? formatMoney(calc.valor_total) : '—'}
        </output>
      </div>
      <div className="flex items-end justify-end xl:items-start">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remover item ${n}`}
          title="Remover item"
          onClick={onRemove}
        >
          <Trash2 className="text-destructive" />
        </Button>
      </div>
      {erroLinha && (
        <p role="alert" className="text-xs font-medium text-destructive sm:col-span-2 xl:col-span-7">
          {erroLinha}
        </p>
      )}
      {linha.tipo_unidade === 'm²' && (
        <PecaEditor
          index={index}
          linha={linha}
          set={set}
          onAddFaixa={async (tipo, lado, altura) => {
            const iv = (await itemDaFaixa(tipo)) ?? {
              id: linha.item_venda_id,
              nome: linha.item_venda_nome,
              formato_medida: linha.formato_medida,
            };
            onAdd({
              ...novaLinha(),
              item_venda_id: iv.id,
              item_venda_nome: iv.nome,
              formato_medida: iv.formato_medida ?? '',
              produto_id: linha.produto_id,
              produto_nome: linha.produto_nome,
              valor_unitario: linha.valor_unitario,
              tipo_unidade: 'm²',
              produto_perda: linha.produto_perda ?? 0,
              quantidade: linha.quantidade,
              medida1: comprimento(linha, lado),
              medida2: altura,
              faixa: { tipo, de: linha.key, lado },
            });
          }}
        />
      )}
      <SugestaoSobra
        produtoId={linha.produto_id}
        medida1={Number(linha.medida1 || 0)}
        medida2={Number(linha.medida2 || 0)}
        tipoUnidade={linha.tipo_unidade}
      />
    </fieldset>
  );
}
