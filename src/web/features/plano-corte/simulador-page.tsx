import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { ApiError, toastError } from '../../lib/api';
import { client, json } from '../../lib/client';
import { DesenhoChapa, ListaCortes } from './desenho-chapa';
import { lerChapas, lerPecas } from './entrada';

const EXEMPLO_PECAS = [
  'bancada pia; 2900; 600; 1',
  'bancada cooktop; 2000; 650; 1',
  'ilha; 1800; 900; 1; veio',
  'peitoril; 1200; 150; 3',
].join('\n');
const EXEMPLO_CHAPAS = ['3000 x 1900 x 4', 'sobra 1300 x 400'].join('\n');

const pct = (n: number) => `${n.toLocaleString('pt-BR')} %`;

/** "Simulador de corte" (Estoque): type or paste pieces and slab sizes, see the plan. Saves nothing. */
export default function SimuladorCortePage() {
  const [pecas, setPecas] = useState(EXEMPLO_PECAS);
  const [chapas, setChapas] = useState(EXEMPLO_CHAPAS);
  const [serra, setSerra] = useState('4');
  const [refilo, setRefilo] = useState('10');
  const [erros, setErros] = useState<string[]>([]);
  const calcular = useMutation({
    mutationFn: (body: Parameters<(typeof client)['planos-corte']['calcular']['$post']>[0]['json']) =>
      json(client['planos-corte'].calcular.$post({ json: body })),
    onError: (err) => {
      if (err instanceof ApiError && err.errors?.length)
        setErros(err.errors.map((e) => `${e.path}: ${e.message}`));
      else toastError('Erro ao calcular o plano', err);
    },
  });

  const enviar = (e: React.FormEvent) => {
    e.preventDefault();
    const p = lerPecas(pecas);
    const c = lerChapas(chapas);
    const locais = [...p.erros.map((m) => `Peças, ${m}`), ...c.erros.map((m) => `Chapas, ${m}`)];
    if (p.itens.length === 0) locais.push('Informe ao menos uma peça.');
    if (c.itens.length === 0) locais.push('Informe ao menos uma chapa.');
    setErros(locais);
    if (locais.length > 0) return;
    calcular.mutate({
      pecas: p.itens,
      chapas: c.itens,
      serra_mm: Number(serra),
      refilo_mm: Number(refilo),
    });
  };

  const plano = calcular.data;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Simulador de corte"
        subtitle="Digite ou cole as peças e as chapas (em milímetros) e veja o plano de corte."
      />
      <TitledCard
        title="Peças e chapas"
        description="Uma por linha: referência; largura; altura; quantidade. Escreva “veio” para não girar a peça e “sobra” numa chapa que é sobra."
      >
        <form className="grid gap-4 md:grid-cols-2" onSubmit={enviar} noValidate>
          <FormField id="sim-pecas" label="Peças">
            <Textarea id="sim-pecas" rows={8} value={pecas} onChange={(e) => setPecas(e.target.value)} />
          </FormField>
          <FormField id="sim-chapas" label="Chapas">
            <Textarea id="sim-chapas" rows={8} value={chapas} onChange={(e) => setChapas(e.target.value)} />
          </FormField>
          <div className="flex gap-4">
            <FormField id="sim-serra" label="Serra (mm)">
              <Input
                id="sim-serra"
                inputMode="numeric"
                value={serra}
                onChange={(e) => setSerra(e.target.value)}
              />
            </FormField>
            <FormField id="sim-refilo" label="Refilo (mm)">
              <Input
                id="sim-refilo"
                inputMode="numeric"
                value={refilo}
                onChange={(e) => setRefilo(e.target.value)}
              />
            </FormField>
          </div>
          <div className="flex items-end">
            <Button type="submit" disabled={calcular.isPending}>
              {calcular.isPending ? 'Calculando…' : 'Calcular plano'}
            </Button>
          </div>
          {erros.length > 0 && (
            <ul className="text-sm text-destructive md:col-span-2" role="alert">
              {erros.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </form>
      </TitledCard>
      {plano && (
        <>
          <TitledCard title="Resultado">
            <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
              <div>
                <dt className="text-muted-foreground">Chapas novas</dt>
                <dd className="text-lg font-semibold" data-testid="chapas-novas">
                  {plano.chapas_novas}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Sobras usadas</dt>
                <dd className="text-lg font-semibold">{plano.sobras_usadas}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Aproveitamento</dt>
                <dd className="text-lg font-semibold">{pct(plano.aproveitamento)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Mínimo de chapas novas</dt>
                <dd className="text-lg font-semibold">
                  {plano.minimo_chapas_novas}
                  {plano.minimo_comprovado ? ' (atingido)' : ''}
                </dd>
              </div>
            </dl>
            {plano.nao_couberam.length > 0 && (
              <div className="mt-4 text-sm">
                <p className="font-semibold">Não couberam</p>
                <ul>
                  {plano.nao_couberam.map((n, i) => (
                    <li key={i}>
                      {n.ref}: {n.motivo}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </TitledCard>
          {plano.chapas.map((c, i) => (
            <TitledCard key={i} title={`Chapa ${i + 1}: ${c.ref}`}>
              <div className="flex flex-col gap-4">
                <DesenhoChapa chapa={c} titulo={`Chapa ${i + 1}`} />
                <ListaCortes chapa={c} />
              </div>
            </TitledCard>
          ))}
        </>
      )}
    </div>
  );
}
