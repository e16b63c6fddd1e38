import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { orcamentoCreate, TIPO_VENDA_LABEL } from '../../../schemas/orcamentos';
import { useAuth } from '../../app/auth';
import { useUrlState } from '../../components/kit/use-resource-list';
import { BlockedDialog } from '../../components/kit/use-unsaved-warning';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { Loading } from '../../components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ApiError, toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { formatMoney } from '../../lib/format';
import type { OrcamentoDetalhe, OrcamentoLinha } from '../../lib/resources';
import { useAbaInicial } from '../../lib/use-aba-inicial';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { type Empresa, empresaOptions } from '../empresa/api';
import { vendasKeys } from '../vendas/api';
import { atualizarOrcamentos, useOrcamentoFresco, useUmaVez } from './acoes';
import { detalheOptions } from './api';
import { type Erros, errosDe } from './calculo';
import { DetalhesDialog } from './detalhes-dialog';
import { OrcamentoEditor } from './editor';
import { EnviarDialog, type OrcamentoEnvio } from './enviar-cliente';
import { emptyForm, fromDetalhe, type OrcamentoForm, type OrcamentoPayload, toPayload } from './form';
import { HISTORICO_PARAMS, Historico } from './historico';
import { PreviaVenda, usePreviaVenda } from './previa-venda';
import { apagarRascunho, quando, useAvisoAoSair, useRascunho, useRascunhoOferecido } from './rascunho';

type Aba = 'novo' | 'historico';
interface Editando {
  id: string;
  numero: number;
  updated_at: string;
}

export default function OrcamentosPage() {
  const qc = useQueryClient();
  const [aba, setAba] = useState<Aba>(useAbaInicial<Aba>(['novo', 'historico'], 'novo'));
  const { me } = useAuth();
  const [, patchUrl] = useUrlState();
  const [editando, setEditando] = useState<Editando | null>(null);
  const [detalhe, setDetalhe] = useState<{ id: string; numero: number } | null>(null);
  const [excluir, setExcluir] = useState<OrcamentoLinha | null>(null);
  // Only the id and number are taken from the list row: the figures shown are read fresh.
  const [vender, setVender] = useState<{ id: string; numero: number } | null>(null);
  const [errosSalvar, setErrosSalvar] = useState<Erros>({});
  const [envio, setEnvio] = useState<OrcamentoEnvio | null>(null);
  const form = useForm<OrcamentoForm>({ defaultValues: emptyForm() });
  const umaVezSalvar = useUmaVez();
  const umaVezExcluir = useUmaVez();
  const umaVezVender = useUmaVez({ propagar: true });
  const umaVezEditar = useUmaVez();
  // One key per quote being created: "Gerar Orçamento" pressed again after a dropped connection
  // replays the first answer instead of saving the quote twice.
  const idem = useIdempotencyKey();

  // A changed form is not left silently (reload, close, another screen), and a new quote is kept as a
  // draft in this browser until it is saved.
  const alterado = form.formState.isDirty;
  const bloqueio = useAvisoAoSair(alterado);
  const [oferta, setOferta] = useRascunhoOferecido(me?.id);
  useRascunho(form, me?.id, !editando && !oferta);

  // The save's field messages belong to the values they were about: any change clears them.
  useEffect(() => {
    const sub = form.watch(() => setErrosSalvar((e) => (Object.keys(e).length ? {} : e)));
    return () => sub.unsubscribe();
  }, [form]);

  const limpar = () => {
    form.reset(emptyForm());
    setEditando(null);
    setErrosSalvar({});
  };

  const salvar = useMutation({
    mutationFn: (v: { payload: OrcamentoPayload; editando: Editando | null }) =>
      json(
        v.editando
          ? client.orcamentos[':id'].$put({
              param: { id: v.editando.id },
              json: { ...v.payload, updated_at: v.editando.updated_at },
            })
          : client.orcamentos.$post({ json: v.payload }, { headers: { 'idempotency-key': idem.key } }),
      ),
    onSuccess: (o, v) => {
      // "Enviar ao cliente" right after saving (components in enviar-cliente.tsx)
      const enviar = {
        label: 'Enviar ao cliente',
        onClick: () => setEnvio({ ...o, telefone: o.cliente?.telefone ?? null }),
      };
      if (v.editando) toast.success('Orçamento atualizado com sucesso!', { action: enviar });
      else
        toast.success('Orçamento salvo com sucesso!', {
          description: 'O orçamento foi adicionado ao sistema.',
          action: enviar,
        });
      if (!v.editando) idem.renew();
      if (me && !v.editando) apagarRascunho(me.id);
      atualizarOrcamentos(qc);
      limpar();
      // a fresh list, so the quote just saved shows at the top
      patchUrl(HISTORICO_PARAMS);
      setAba('historico');
    },
    onError: (err, v) => {
      if (err instanceof ApiError && err.status === 400) setErrosSalvar(errosDe(err.errors));
      if (err instanceof ApiError && err.status === 409 && err.title === 'Conflito de edição' && v.editando) {
        // Someone saved this quote after it was opened here: offer the server's version instead.
        const id = v.editando.id;
        toast.error('Erro ao atualizar orçamento', {
          description: err.detail,
          action: { label: 'Recarregar', onClick: () => void editar({ id }) },
        });
        return;
      }
      // Bad input reads as the spec's "Erro ao salvar orçamento" with the reason; other failures by action.
      const titulo =
        err instanceof ApiError && err.status === 400
          ? 'Erro ao salvar orçamento'
          : v.editando
            ? 'Erro ao atualizar orçamento'
            : 'Erro ao salvar orçamento';
      toastError(titulo, err);
    },
  });

  const onSalvar = () =>
    umaVezSalvar(async () => {
      const payload = toPayload(form.getValues());
      // The same rules the server applies, checked first so the message shows without a round trip.
      const parsed = orcamentoCreate.safeParse(payload);
      if (!parsed.success) {
        setErrosSalvar(errosDe(parsed.error.issues));
        toast.error('Erro ao salvar orçamento', { description: parsed.error.issues[0]?.message });
        return;
      }
      await salvar.mutateAsync({ payload, editando });
    });

  const editar = (o: Pick<OrcamentoLinha, 'id'>) =>
    umaVezEditar(async () => {
      try {
        // Always read now: the list row (or an earlier opening) may be older than the server's copy.
        const d = await qc.fetchQuery({ ...detalheOptions(o.id), staleTime: 0 });
        form.reset(fromDetalhe(d));
        setErrosSalvar({});
        setEditando({ id: d.id, numero: d.numero, updated_at: d.updated_at });
        setAba('novo');
        window.scrollTo({ top: 0 });
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return;
        toast.error('Erro ao carregar itens', {
          description: 'Não foi possível carregar os itens do orçamento.',
        });
      }
    });

  const imprimir = async (id: string) => {
    // Opened now, while the click still counts as the user's: after an await, browsers block pop-ups.
    const w = window.open('', '_blank');
    if (!w) {
      toast.error('Erro', { description: 'Bloqueio de pop-up detectado. Permita pop-ups para imprimir.' });
      return;
    }
    w.document.title = 'Imprimindo...';
    w.document.body.textContent = 'Preparando impressão...';
    let dados: [OrcamentoDetalhe, Empresa];
    try {
      dados = await Promise.all([
        qc.fetchQuery(detalheOptions(id)),
        qc.fetchQuery({ ...empresaOptions(), staleTime: 300_000 }),
      ]);
    } catch {
      w.close();
      toast.error('Erro', { description: 'Erro ao buscar itens do orçamento.' });
      return;
    }
    try {
      const { renderPrint } = await import('./print');
      renderPrint(w, dados[0], dados[1]);
    } catch (err) {
      console.error('Erro ao imprimir orçamento', err);
      w.close();
      toast.error('Erro', { description: 'Erro ao imprimir orçamento.' });
    }
  };

  const remover = useMutation({
    mutationFn: (o: OrcamentoLinha) => json(client.orcamentos[':id'].$delete({ param: { id: o.id } })),
    onSuccess: (_r, o) => {
      toastSuccess('Orçamento removido com sucesso!');
      if (editando?.id === o.id) limpar();
      setExcluir(null);
      atualizarOrcamentos(qc);
    },
    onError: (err) => toastError('Erro ao remover orçamento', err),
  });

  // The confirmation shows the quote as the server has it when it opens, and sends that version:
  // a quote changed meanwhile answers 409 and the dialog shows the new figures to confirm again.
  const paraVender = useOrcamentoFresco(vender?.id ?? null);
  const [vendaMudou, setVendaMudou] = useState(false);
  const gerarVenda = useMutation({
    mutationFn: (o: OrcamentoDetalhe) =>
      json(client.orcamentos[':id'].venda.$post({ param: { id: o.id }, json: { updated_at: o.updated_at } })),
    onSuccess: (_r, o) => {
      toastSuccess('Venda gerada com sucesso!', `Venda criada a partir do orçamento #${o.numero}`);
      if (editando?.id === o.id) limpar();
      setVender(null);
      atualizarOrcamentos(qc);
      void qc.invalidateQueries({ queryKey: vendasKeys.all });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409 && err.title === 'Conflito de edição') {
        setVendaMudou(true);
        atualizarOrcamentos(qc);
        void paraVender.refetch();
        return;
      }
      toastError('Erro ao gerar venda', err);
    },
  });
  const v = paraVender.data;
  const previa = usePreviaVenda(v);

  return (
    <div>
      <PageHeader
        title="Orçamentos"
        subtitle="Crie orçamentos com cálculo automático de custos e acompanhe o histórico."
        actions={
          <>
            {editando && (
              <Button variant="outline" onClick={limpar} disabled={salvar.isPending}>
                Cancelar
              </Button>
            )}
            <Button onClick={() => void onSalvar()} disabled={salvar.isPending}>
              {salvar.isPending ? 'Salvando...' : editando ? 'Atualizar Orçamento' : 'Gerar Orçamento'}
            </Button>
          </>
        }
      />
      <Tabs value={aba} onValueChange={(v) => setAba(v as Aba)}>
        <TabsList>
          <TabsTrigger value="novo">{editando ? 'Editar Orçamento' : 'Novo Orçamento'}</TabsTrigger>
          <TabsTrigger value="historico">Histórico</TabsTrigger>
        </TabsList>
        <TabsContent value="novo">
          {oferta && !editando && (
            <section
              aria-label="Rascunho não salvo"
              className="mb-3 flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
            >
              <p>
                Há um orçamento não salvo de {quando(oferta.salvo_em)}
                {oferta.valores.cliente_nome ? ` (${oferta.valores.cliente_nome})` : ''}, com{' '}
                {oferta.valores.itens.length} {oferta.valores.itens.length === 1 ? 'item' : 'itens'}.
              </p>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  onClick={() => {
                    // Kept as changes over the empty form, so it still warns and keeps its draft.
                    form.reset(oferta.valores, { keepDefaultValues: true });
                    setOferta(null);
                  }}
                >
                  Recuperar rascunho
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    if (me) apagarRascunho(me.id);
                    setOferta(null);
                  }}
                >
                  Descartar
                </Button>
              </div>
            </section>
          )}
          {editando && (
            <p className="mb-3 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900">
              Editando o orçamento #{editando.numero}.
            </p>
          )}
          <OrcamentoEditor form={form} errosSalvar={errosSalvar} />
        </TabsContent>
        <TabsContent value="historico">
          <Historico
            onView={(o) => setDetalhe({ id: o.id, numero: o.numero })}
            onPrint={(o) => void imprimir(o.id)}
            onEdit={(o) => void editar(o)}
            onVenda={(o) => {
              setVendaMudou(false);
              setVender({ id: o.id, numero: o.numero });
            }}
            onDelete={setExcluir}
          />
        </TabsContent>
      </Tabs>

      <EnviarDialog o={envio} onClose={() => setEnvio(null)} />
      <DetalhesDialog
        id={detalhe?.id ?? null}
        numero={detalhe?.numero ?? null}
        onClose={() => setDetalhe(null)}
        onPrint={(id) => void imprimir(id)}
      />

      <ConfirmDialog
        open={!!excluir}
        onOpenChange={(open) => !open && setExcluir(null)}
        title="Confirmar Exclusão"
        description={`Tem certeza que deseja excluir o orçamento #${excluir?.numero ?? ''}? Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        busy={remover.isPending}
        onConfirm={() => umaVezExcluir(async () => excluir && (await remover.mutateAsync(excluir)))}
      />

      <ConfirmDialog
        open={!!vender}
        onOpenChange={(open) => !open && setVender(null)}
        title="Confirmar Geração de Venda"
        description={`Deseja gerar uma venda a partir do orçamento #${vender?.numero ?? ''}?`}
        confirmLabel="Confirmar"
        destructive={false}
        busy={gerarVenda.isPending}
        waiting={!v || previa.isPending}
        onConfirm={() => umaVezVender(async () => v && (await gerarVenda.mutateAsync(v)))}
      >
        {vendaMudou && v && (
          <p
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          >
            Este orçamento foi alterado enquanto esta janela estava aberta. Confira os valores atualizados e
            confirme de novo.
          </p>
        )}
        {paraVender.carregando ? (
          <Loading text="Carregando orçamento..." className="py-4" />
        ) : !v ? (
          <p role="alert" className="text-sm text-destructive">
            Não foi possível carregar o orçamento. Feche e tente de novo.
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border p-3 text-sm">
              <dt className="text-muted-foreground">Cliente</dt>
              <dd className="min-w-0 break-words font-medium">
                {v.cliente_nome ?? 'Cliente não encontrado'}
              </dd>
              <dt className="text-muted-foreground">Arquiteto</dt>
              <dd className="min-w-0 break-words font-medium">{v.arquiteto_nome ?? 'Nenhum'}</dd>
              <dt className="text-muted-foreground">Valor Total</dt>
              <dd className="font-medium">{formatMoney(v.valor_total)}</dd>
              <dt className="text-muted-foreground">Tipo de Venda</dt>
              <dd className="font-medium">{TIPO_VENDA_LABEL[v.tipo_venda] ?? TIPO_VENDA_LABEL.avista}</dd>
              <dt className="text-muted-foreground">Valor da Entrada</dt>
              <dd className="font-medium">{formatMoney(v.valor_entrada)}</dd>
              <dt className="text-muted-foreground">Parcelas</dt>
              <dd className="font-medium">{v.numero_parcelas}x</dd>
              <dt className="text-muted-foreground">Cartão</dt>
              <dd className="font-medium">
                {v.cartao_bandeira ? `${v.cartao_bandeira} - ${v.cartao_tipo ?? ''}` : 'Nenhum'}
              </dd>
            </dl>
            <PreviaVenda previa={previa} />
            <p className="text-sm">
              O status do orçamento será alterado para <strong>Venda Realizada</strong>.
            </p>
          </>
        )}
      </ConfirmDialog>

      <BlockedDialog
        blocker={bloqueio}
        title="Sair sem salvar?"
        description="O orçamento tem alterações que não foram salvas. Se sair agora, elas ficam só no rascunho deste navegador (orçamentos novos) ou se perdem (edição)."
        confirmLabel="Sair"
      />
    </div>
  );
}
