import { Plus, Trash2 } from 'lucide-react';
import type * as React from 'react';
import { useId, useState } from 'react';
import { LADOS_PECA } from '../../../schemas/enums';
import type { Faixa, Lado } from '../../../schemas/orcamentos';
import { Options, RecordOptions } from '../../components/kit/form-parts';
import { Button } from '../../components/ui/button';
import { Input, Label, NativeSelect } from '../../components/ui/input';
import { formatMoney, formatNumber, formatPercent, parseNumberInput } from '../../lib/format';
import { useOpcoes } from './api';
import { useCalculo, useLinhaCalculo } from './calculo';
import type { LinhaForm } from './form';
import { PecaDesenho } from './peca-desenho';

export const LADO_LABEL: Record<Lado, string> = {
  frente: 'Frente',
  fundo: 'Fundo',
  esquerda: 'Esquerda',
  direita: 'Direita',
};

export const FAIXA_LABEL: Record<Faixa['tipo'], string> = { saia: 'Saia', frontao: 'Frontão' };

/** Length of a side of a line: frente/fundo run along medida1, esquerda/direita along medida2. */
export function comprimento(linha: Pick<LinhaForm, 'medida1' | 'medida2'>, lado: Lado): number {
  const v = lado === 'frente' || lado === 'fundo' ? linha.medida1 : linha.medida2;
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/** The API's problems for this line's pieces (finish, cutout, loss, strip), in the order they came. */
function useErrosPeca(index: number): string[] {
  const { erros } = useCalculo();
  const prefixos = ['bordas', 'recortes', 'perda_percentual', 'faixa'].map((c) => `itens.${index}.${c}`);
  return [
    ...new Set(
      Object.entries(erros)
        .filter(([path]) => prefixos.some((p) => path === p || path.startsWith(`${p}.`)))
        .map(([, m]) => m),
    ),
  ];
}

/**
 * Issue 14, one m² line: the piece drawn to scale, each side a button choosing its finish (or none);
 * the cutouts with their quantities; the loss; and "Adicionar saia/frontão" along a chosen side.
 * Everything is a plain control (buttons, selects, inputs), so it works by keyboard and by touch.
 */
/** A decimal box whose value is a number, or '' while empty (the piece's own fields, not the form's). */
function DecimalInput({
  onValue,
  ...props
}: Omit<React.ComponentProps<'input'>, 'type' | 'onChange'> & { onValue: (v: number | '') => void }) {
  return (
    <Input
      type="number"
      inputMode="decimal"
      step="0.01"
      {...props}
      onChange={(e) => {
        const v = e.target.value.trim();
        onValue(v === '' ? '' : parseNumberInput(v));
      }}
    />
  );
}

export function PecaEditor({
  index,
  linha,
  set,
  onAddFaixa,
}: {
  index: number;
  linha: LinhaForm;
  set: <K extends keyof LinhaForm>(k: K, v: LinhaForm[K]) => void;
  onAddFaixa: (tipo: Faixa['tipo'], lado: Lado, altura: number) => void;
}) {
  const uid = useId();
  const n = index + 1;
  const [lado, setLado] = useState<Lado>('frente');
  const [altura, setAltura] = useState<number | ''>('');
  const [novoRecorte, setNovoRecorte] = useState('');
  const acabamentos = useOpcoes('acabamentos').data ?? [];
  const recortesOp = useOpcoes('recortes').data ?? [];
  const calc = useLinhaCalculo(linha.key);
  const erros = useErrosPeca(index);
  const bordas = linha.bordas ?? [];
  const recortes = linha.recortes ?? [];
  const atual = bordas.find((b) => b.lado === lado);
  // A finish saved earlier but no longer offered stays visible, so the user sees what to change.
  const fora = atual && !acabamentos.some((a) => a.id === atual.acabamento_id) ? atual : null;

  const escolherAcabamento = (id: string) => {
    const a = acabamentos.find((x) => x.id === id);
    const resto = bordas.filter((b) => b.lado !== lado);
    set('bordas', a ? [...resto, { lado, acabamento_id: a.id, nome: a.nome }] : resto);
  };
  const adicionarRecorte = () => {
    const r = recortesOp.find((x) => x.id === novoRecorte);
    if (!r) return;
    const existente = recortes.findIndex((x) => x.recorte_id === r.id);
    set(
      'recortes',
      existente >= 0
        ? recortes.map((x, i) => (i === existente ? { ...x, quantidade: x.quantidade + 1 } : x))
        : [...recortes, { recorte_id: r.id, nome: r.nome, quantidade: 1 }],
    );
    setNovoRecorte('');
  };
  const alturaOk = typeof altura === 'number' && altura > 0;

  return (
    <section
      aria-label={`Peça do item ${n}`}
      className="flex flex-col gap-3 rounded-md border border-dashed p-3 sm:col-span-2 xl:col-span-7"
    >
      <div className="grid gap-4 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-2">
          <PecaDesenho
            medida1={linha.medida1}
            medida2={linha.medida2}
            bordas={bordas}
            recortes={recortes}
            titulo={linha.faixa ? FAIXA_LABEL[linha.faixa.tipo] : linha.item_venda_nome || `Item ${n}`}
            onLadoClick={setLado}
            ladoSelecionado={lado}
            className="w-full rounded border bg-white"
          />
          <p className="text-xs text-muted-foreground">
            Toque ou clique num lado do desenho para escolher o acabamento dele.
          </p>
          <p className="text-xs" data-testid={`peca-figuras-${n}`}>
            Pedra {calc ? formatMoney(calc.valor_material) : '—'}
            {calc && calc.perda_percentual > 0 ? ` (perda ${formatPercent(calc.perda_percentual)})` : ''} ·
            Bordas {calc ? formatMoney(calc.valor_bordas) : '—'}
            {calc ? ` (${formatNumber(calc.metros_borda)} m)` : ''} · Recortes{' '}
            {calc ? formatMoney(calc.valor_recortes) : '—'}
          </p>
        </div>

        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${uid}-acab`}>Acabamento do lado {LADO_LABEL[lado].toLowerCase()}</Label>
            <fieldset className="flex flex-wrap gap-1" aria-label={`Lado do item ${n}`}>
              {LADOS_PECA.map((l) => (
                <Button
                  key={l}
                  type="button"
                  size="sm"
                  variant={l === lado ? 'default' : 'outline'}
                  aria-pressed={l === lado}
                  onClick={() => setLado(l)}
                >
                  {LADO_LABEL[l]}
                </Button>
              ))}
            </fieldset>
            <NativeSelect
              id={`${uid}-acab`}
              value={atual?.acabamento_id ?? ''}
              onChange={(e) => escolherAcabamento(e.target.value)}
            >
              <option value="">Sem acabamento</option>
              <RecordOptions
                records={acabamentos}
                value={(a) => a.id}
                label={(a) => `${a.nome} — ${formatMoney(a.valor_ml)}/m`}
              />
              {fora && (
                <option value={fora.acabamento_id} disabled>
                  {fora.nome} (indisponível)
                </option>
              )}
            </NativeSelect>
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Recortes</legend>
            {recortes.length === 0 && <p className="text-xs text-muted-foreground">Nenhum recorte.</p>}
            <ul className="flex flex-col gap-1">
              {recortes.map((r, i) => (
                <li key={r.recorte_id} className="flex items-center gap-2">
                  <span className="min-w-0 flex-1 break-words text-sm">{r.nome}</span>
                  <Input
                    type="number"
                    inputMode="numeric"
                    min="1"
                    max="99"
                    step="1"
                    aria-label={`Quantidade de ${r.nome} no item ${n}`}
                    className="w-20 px-2"
                    value={r.quantidade}
                    onChange={(e) => {
                      const q = parseNumberInput(e.target.value);
                      set(
                        'recortes',
                        recortes.map((x, j) =>
                          j === i ? { ...x, quantidade: Number.isFinite(q) ? q : 0 } : x,
                        ),
                      );
                    }}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remover ${r.nome} do item ${n}`}
                    onClick={() =>
                      set(
                        'recortes',
                        recortes.filter((_, j) => j !== i),
                      )
                    }
                  >
                    <Trash2 className="text-destructive" />
                  </Button>
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap items-center gap-2">
              <NativeSelect
                aria-label={`Recorte a adicionar no item ${n}`}
                className="min-w-0 flex-1"
                value={novoRecorte}
                onChange={(e) => setNovoRecorte(e.target.value)}
              >
                <option value="">Escolha um recorte</option>
                <RecordOptions
                  records={recortesOp}
                  value={(r) => r.id}
                  label={(r) => `${r.nome} — ${formatMoney(r.valor)}`}
                />
              </NativeSelect>
              <Button type="button" variant="outline" disabled={!novoRecorte} onClick={adicionarRecorte}>
                <Plus /> Adicionar recorte
              </Button>
            </div>
          </fieldset>

          <div className="grid gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${uid}-perda`}>Perda (%)</Label>
              <DecimalInput
                id={`${uid}-perda`}
                min="0"
                max="100"
                placeholder={`${formatNumber(linha.produto_perda ?? 0)} (do produto)`}
                value={linha.perda_percentual ?? ''}
                onValue={(v) => set('perda_percentual', v)}
              />
            </div>
          </div>

          {!linha.faixa && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">Saia ou frontão</legend>
              <div className="flex flex-wrap items-end gap-2">
                <div className="flex flex-col gap-1">
                  <Label htmlFor={`${uid}-faixa-lado`}>Ao longo do lado</Label>
                  <NativeSelect
                    id={`${uid}-faixa-lado`}
                    value={lado}
                    onChange={(e) => setLado(e.target.value as Lado)}
                  >
                    <Options
                      values={LADOS_PECA}
                      label={(l) => `${LADO_LABEL[l]} (${formatNumber(comprimento(linha, l))} m)`}
                    />
                  </NativeSelect>
                </div>
                <div className="flex flex-col gap-1">
                  <Label htmlFor={`${uid}-altura`}>Altura da faixa (m)</Label>
                  <DecimalInput
                    id={`${uid}-altura`}
                    min="0.01"
                    max="99.99"
                    className="w-28 px-2"
                    value={altura}
                    onValue={setAltura}
                  />
                </div>
                {(['saia', 'frontao'] as const).map((tipo) => (
                  <Button
                    key={tipo}
                    type="button"
                    variant="outline"
                    disabled={!alturaOk || comprimento(linha, lado) <= 0}
                    onClick={() => {
                      if (alturaOk) onAddFaixa(tipo, lado, altura);
                      setAltura('');
                    }}
                  >
                    <Plus /> Adicionar {FAIXA_LABEL[tipo].toLowerCase()}
                  </Button>
                ))}
              </div>
            </fieldset>
          )}
        </div>
      </div>
      {erros.length > 0 && (
        <ul role="alert" className="text-xs font-medium text-destructive">
          {erros.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
