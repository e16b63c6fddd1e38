import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleArrowDown, CircleArrowUp, Vault, Wallet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { KpiGrid, type Tone } from '../../components/ui/kpi-card';
import { client, json } from '../../lib/client';
import { formatMoney } from '../../lib/format';
import type { CaixaResumo } from '../../lib/resources';
import { caixaKeys } from './api';
import { errorMessage } from './movimentacao-form';

/** "Definir Caixa Inicial": the opening balance the totals start from. */
export function CaixaInicialCard({ atual }: { atual: number | undefined }) {
  const qc = useQueryClient();
  const [valor, setValor] = useState('');
  const [erro, setErro] = useState<string>();
  const save = useMutation({
    mutationFn: (v: string) => json(client.caixa.inicial.$put({ json: { valor: v } })),
    onSuccess: () => {
      toast.success('Sucesso', { description: 'Caixa inicial atualizado com sucesso!' });
      setValor('');
      void qc.invalidateQueries({ queryKey: caixaKeys.all });
    },
    onError: (err) => {
      toast.error('Erro', { description: `Erro ao atualizar caixa inicial: ${errorMessage(err)}` });
    },
  });
  return (
    <TitledCard title="Definir Caixa Inicial">
      <form
        noValidate
        aria-label="Definir Caixa Inicial"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valor.trim()) {
            setErro('Informe o valor inicial.');
            return;
          }
          setErro(undefined);
          save.mutate(valor);
        }}
      >
        <FormField id="caixa-inicial" label="Valor Inicial" error={erro} className="sm:w-64">
          <Input
            {...fieldA11y('caixa-inicial', erro)}
            // text: "4.400,00" as typed in Brazil (the server's moneyInput reads it)
            inputMode="decimal"
            autoComplete="off"
            // a pt-BR money hint, not the raw "48000.00" of the stored value
            placeholder={atual !== undefined ? formatMoney(atual).replace('R$ ', '') : '0,00'}
            value={valor}
            onChange={(e) => {
              setValor(e.target.value);
              if (erro) setErro(undefined);
            }}
          />
        </FormField>
        <Button type="submit" disabled={save.isPending}>
          Atualizar Caixa Inicial
        </Button>
      </form>
    </TitledCard>
  );
}

// The cash summary's figures: title, icon, the field of GET /caixa, its colour, the test id.
const KPIS = [
  ['Caixa Inicial', Vault, 'caixa_inicial', undefined, 'caixa-inicial'],
  ['Total Entradas', CircleArrowUp, 'total_entradas', 'positivo', 'caixa-entradas'],
  ['Total Saídas', CircleArrowDown, 'total_saidas', 'negativo', 'caixa-saidas'],
  ['Saldo Atual', Wallet, 'saldo', undefined, 'caixa-saldo'],
] as const;

/** Caixa Inicial, Total Entradas, Total Saídas, Saldo Atual (green when not negative, red below). */
export function CaixaKpis({ r }: { r: CaixaResumo | undefined }) {
  const saldo: Tone | undefined = r && (r.saldo >= 0 ? 'positivo' : 'negativo');
  return (
    <KpiGrid
      kpis={KPIS.map(([title, icon, campo, tone, testId]) => ({
        title,
        icon,
        testId,
        value: r ? formatMoney(r[campo]) : '—',
        tone: campo === 'saldo' ? saldo : tone,
      }))}
    />
  );
}
