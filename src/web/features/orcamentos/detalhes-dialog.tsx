import { Printer } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { HistoricoRegistro } from '../../components/kit/historico-registro';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Loading } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError } from '../../lib/api';
import { formatDate, formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { useOrcamentoFresco } from './acoes';
import { EnviarCliente } from './enviar-cliente';
import { DesenhoDoItem } from './peca-desenho';
import { StatusBadge } from './status';
import { medidasTexto, pecaLinhas, temPeca } from './texto';

function Campo({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

export function DetalhesDialog({
  id,
  numero,
  onClose,
  onPrint,
}: {
  id: string | null;
  numero: number | null;
  onClose: () => void;
  onPrint: (id: string) => void;
}) {
  // Read when it opens: the figures are the server's now, not an older cached copy.
  const query = useOrcamentoFresco(id);
  const o = query.data;
  useEffect(() => {
    if (query.error && !(query.error instanceof ApiError && query.error.status === 401)) {
      toast.error('Erro ao carregar itens', {
        description: 'Não foi possível carregar os itens do orçamento.',
      });
    }
  }, [query.error]);
  const r = o?.resumo;

  return (
    <Dialog open={!!id} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>Detalhes do Orçamento #{o?.numero ?? numero}</DialogTitle>
          <DialogDescription className="sr-only">
            Dados, produtos e resumo financeiro do orçamento.
          </DialogDescription>
        </DialogHeader>
        {o && (
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Campo label="Cliente">
              <span className="break-words">{o.cliente_nome ?? 'Cliente não encontrado'}</span>
            </Campo>
            <Campo label="Data">{formatDate(o.created_at)}</Campo>
            <Campo label="Status">
              <StatusBadge status={o.status} />
            </Campo>
            {o.validade && <Campo label="Validade">{formatDate(o.validade)}</Campo>}
            <Campo label="Vendedor">{o.vendedor_nome ?? 'Nenhum'}</Campo>
            <Campo label="Arquiteto">{o.arquiteto_nome ?? 'Nenhum'}</Campo>
          </dl>
        )}

        <section aria-labelledby="detalhes-produtos" className="flex flex-col gap-2">
          <h3 id="detalhes-produtos" className="font-semibold">
            Produtos
          </h3>
          {query.carregando ? (
            <Loading text="Carregando produtos..." className="py-6" />
          ) : !o || o.itens.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">
              Nenhum produto encontrado para este orçamento.
            </p>
          ) : (
            <>
              {/* On a phone, one card per item: every figure in view, nothing to scroll sideways. */}
              <ul aria-label="Produtos do orçamento" className="flex flex-col gap-2 sm:hidden">
                {o.itens.map((i) => (
                  <li key={i.id} className="rounded-md border p-3 text-sm">
                    <p className="break-words font-medium">{i.produto_nome ?? 'Produto não encontrado'}</p>
                    {(i.item_venda_nome || medidasTexto(i)) && (
                      <p className="break-words text-xs text-muted-foreground">
                        {[i.item_venda_nome, medidasTexto(i)].filter(Boolean).join(' · ')}
                      </p>
                    )}
                    <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5">
                      <dt className="text-muted-foreground">Quantidade</dt>
                      <dd className="text-right tabular-nums">{formatNumber(i.quantidade)}</dd>
                      <dt className="text-muted-foreground">Valor Unitário/M²</dt>
                      <dd className="text-right tabular-nums">{formatMoney(i.valor_unitario_exibido)}</dd>
                      <dt className="font-medium">Total</dt>
                      <dd className="text-right font-semibold tabular-nums">
                        {formatMoney(i.valor_total_exibido)}
                      </dd>
                    </dl>
                  </li>
                ))}
                {o.custos_adicionais !== 0 && (
                  <li className="flex justify-between gap-3 rounded-md border p-3 text-sm">
                    <span>Custos adicionais</span>
                    <span className="tabular-nums">{formatMoney(o.custos_adicionais)}</span>
                  </li>
                )}
              </ul>
              <div className="hidden sm:block">
                <Table>
                  <THead>
                    <TR>
                      <TH>Item de Venda</TH>
                      <TH>Produto</TH>
                      <TH className="text-right">Quantidade</TH>
                      <TH className="text-right">Valor Unitário/M²</TH>
                      <TH className="text-right">Total</TH>
                    </TR>
                  </THead>
                  <TBody>
                    {o.itens.map((i) => (
                      <TR key={i.id}>
                        <TD>
                          <span className="block">{i.item_venda_nome ?? '—'}</span>
                          {medidasTexto(i) && (
                            <span className="block text-xs text-muted-foreground">{medidasTexto(i)}</span>
                          )}
                        </TD>
                        <TD>{i.produto_nome ?? 'Produto não encontrado'}</TD>
                        <TD className="text-right tabular-nums">{formatNumber(i.quantidade)}</TD>
                        <TD className="text-right tabular-nums">{formatMoney(i.valor_unitario_exibido)}</TD>
                        <TD className="text-right tabular-nums">{formatMoney(i.valor_total_exibido)}</TD>
                      </TR>
                    ))}
                    {o.custos_adicionais !== 0 && (
                      <TR>
                        <TD colSpan={4}>Custos adicionais</TD>
                        <TD className="text-right tabular-nums">{formatMoney(o.custos_adicionais)}</TD>
                      </TR>
                    )}
                  </TBody>
                </Table>
              </div>
              {o.itens.some(temPeca) && (
                <ul aria-label="Peças do orçamento" className="flex flex-col gap-3">
                  {o.itens.map((i, idx) =>
                    temPeca(i) ? (
                      <li
                        key={i.id}
                        className="grid gap-2 rounded-md border p-3 text-sm sm:grid-cols-[minmax(0,18rem)_1fr]"
                      >
                        <DesenhoDoItem
                          item={i}
                          titulo={`Item ${idx + 1}: ${i.item_venda_nome ?? i.produto_nome ?? 'Peça'}`}
                        />
                        <div className="min-w-0">
                          <p className="font-medium">
                            Item {idx + 1}: {i.item_venda_nome ?? i.produto_nome ?? 'Peça'}
                          </p>
                          <ul className="text-xs text-muted-foreground">
                            {pecaLinhas(i).map((l) => (
                              <li key={l}>{l}</li>
                            ))}
                          </ul>
                        </div>
                      </li>
                    ) : null,
                  )}
                </ul>
              )}
            </>
          )}
        </section>

        {o && r && (
          <section aria-labelledby="detalhes-resumo" className="flex flex-col gap-2">
            <h3 id="detalhes-resumo" className="font-semibold">
              Resumo Financeiro
            </h3>
            <dl
              aria-label="Resumo Financeiro"
              className="grid gap-x-6 gap-y-1 rounded-md border p-3 text-sm sm:grid-cols-2"
            >
              <ResumoLinha label="Frete" value={o.valor_frete} />
              <ResumoLinha label="Instalação" value={o.valor_instalacao} />
              <ResumoLinha
                label={`Mão de Obra (${formatNumber(o.horas_trabalho)} h)`}
                value={r.mao_de_obra}
              />
              <ResumoLinha label={`Margem de Lucro (${formatPercent(o.margem_lucro)})`} value={r.margem} />
              {r.valor_taxa_cartao > 0 && (
                <ResumoLinha
                  label={`Taxa do Cartão (${formatPercent(r.taxa_cartao_percentual)})`}
                  value={r.valor_taxa_cartao}
                />
              )}
              {o.vendedor_id && <ResumoLinha label="Comissão Vendedor" value={r.comissao_vendedor} />}
              <ResumoLinha label="Comissão Arquiteto" value={r.comissao_arquiteto} />
              <div className="flex justify-between gap-3 border-t pt-2 text-base font-bold sm:col-span-2">
                <dt>Total</dt>
                <dd className="tabular-nums">{formatMoney(o.valor_total)}</dd>
              </div>
            </dl>
          </section>
        )}

        {o?.observacoes && (
          <section aria-labelledby="detalhes-obs" className="flex flex-col gap-1">
            <h3 id="detalhes-obs" className="font-semibold">
              Observações
            </h3>
            <p className="whitespace-pre-wrap text-sm">{o.observacoes}</p>
          </section>
        )}

        {o && <EnviarCliente o={{ ...o, telefone: o.cliente?.telefone ?? null }} />}
        <HistoricoRegistro recurso="orcamentos" registro={id} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Fechar</Button>
          </DialogClose>
          <Button onClick={() => id && onPrint(id)} disabled={!id}>
            <Printer /> Imprimir
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ResumoLinha({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="min-w-0 text-muted-foreground">{label}</dt>
      <dd className="whitespace-nowrap tabular-nums">{formatMoney(value)}</dd>
    </div>
  );
}
