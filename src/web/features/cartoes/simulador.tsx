import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { ItemsOf } from '../../components/ui/states';
import { MoneyTD, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { toastError } from '../../lib/api';
import { formatPercent } from '../../lib/format';
import { simuladorOptions } from './api';
import { nomeCartao } from './shared';
import { parseValor, simular } from './simulacao';

/** Spec doc 2 §2: the first 4 payment methods, with fee and net value (credit at 1x, 2x, 3x, 6x, 12x). */
export function Simulador() {
  const [texto, setTexto] = useState('1.000,00');
  const valor = parseValor(texto);

  const metodos = useQuery(simuladorOptions());
  useEffect(() => {
    if (metodos.error)
      toastError('Erro ao carregar cartões', metodos.error, 'Não foi possível carregar a lista de cartões.');
  }, [metodos.error]);

  const erro = texto.trim() && !valor ? 'Informe um valor válido, por exemplo 1.500,00.' : undefined;
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardContent className="pt-4 md:pt-6">
          <FormField
            id="sim-valor"
            label="Valor da venda (R$)"
            error={erro}
            hint="Veja quanto cada forma de pagamento cobra e quanto sobra."
            className="max-w-xs"
          >
            <Input
              {...fieldA11y('sim-valor', erro)}
              inputMode="decimal"
              autoComplete="off"
              value={texto}
              onChange={(e) => setTexto(e.target.value)}
            />
          </FormField>
        </CardContent>
      </Card>
      <ItemsOf
        query={metodos}
        loading="Carregando cartões..."
        empty="Nenhum método de pagamento ativo para simular."
      >
        {(items) => (
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {items.map((c) => (
              <Card key={c.id} data-testid="simulacao" className="min-w-0">
                <CardHeader>
                  <CardTitle>{nomeCartao(c)}</CardTitle>
                  {c.observacoes && <CardDescription>{c.observacoes}</CardDescription>}
                </CardHeader>
                <CardContent>
                  {valor ? (
                    <Table aria-label={`Simulação ${nomeCartao(c)}`}>
                      <THead>
                        <TR>
                          <TH>Parcelas</TH>
                          <TH className="text-right">Taxa</TH>
                          <TH className="text-right">Valor da taxa</TH>
                          <TH className="text-right">Valor líquido</TH>
                        </TR>
                      </THead>
                      <TBody>
                        {simular(valor, c).map((l) => (
                          <TR key={l.parcelas ?? 'avista'}>
                            <TD>{l.parcelas === null ? 'À vista' : `${l.parcelas}x`}</TD>
                            <TD className="text-right">{formatPercent(l.taxa)}</TD>
                            <MoneyTD value={l.valor_taxa} className="text-destructive" />
                            <MoneyTD value={l.valor_liquido} className="font-medium" />
                          </TR>
                        ))}
                      </TBody>
                    </Table>
                  ) : (
                    <p className="text-sm text-muted-foreground">Informe o valor da venda.</p>
                  )}
                </CardContent>
              </Card>
            ))}
          </div>
        )}
      </ItemsOf>
    </div>
  );
}
