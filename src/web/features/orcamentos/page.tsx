import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type OrcamentoDetalhe,
  type OrcamentoListItem,
  orcamentoCreate,
  TIPO_VENDA_LABEL,
} from '../../../schemas/orcamentos';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ApiError, api, toastError, toastSuccess } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useAbaInicial } from '../../lib/use-aba-inicial';
import { detalheKey, empresaKey, fetchDetalhe, fetchEmpresa } from './api';
import { DetalhesDialog } from './detalhes-dialog';
import { OrcamentoEditor } from './editor';
import { emptyForm, fromDetalhe, type OrcamentoForm, type OrcamentoPayload, toPayload } from './form';
import { FILTROS_INICIAIS, Historico } from './historico';

type Aba = 'novo' | 'historico';
interface Editando {
  id: string;
  numero: number;
  updated_at: string;
}

export default function OrcamentosPage() {
  const qc = useQueryClient();
  const [aba, setAba] = useState<Aba>(useAbaInicial<Aba>(['novo', 'historico'], 'novo'));
  const [filtros, setFiltros] = useState(FILTROS_INICIAIS);
  const [editando, setEditando] = useState<Editando | null>(null);
  const [detalhe, setDetalhe] = useState<{ id: string; numero: number } | null>(null);
  const [excluir, setExcluir] = useState<OrcamentoListItem | null>(null);
  const [vender, setVender] = useState<OrcamentoListItem | null>(null);
  const form = useForm<OrcamentoForm>({ defaultValues: emptyForm() });

  const limpar = () => {
    form.reset(emptyForm());
    setEditando(null);
  };

  const salvar = useMutation({
    mutationFn: (v: { payload: OrcamentoPayload; editando: Editando | null }) =>
      v.editando
        ? api.put<OrcamentoDetalhe>(`/orcamentos/${v.editando.id}`, {
            ...v.payload,
            updated_at: v.editando.updated_at,
          })
        : api.post<OrcamentoDetalhe>('/orcamentos', v.payload),
    onSuccess: (_o, v) => {
      if (v.editando) toastSuccess('Orçamento atualizado com sucesso!');
      else toastSuccess('Orçamento salvo com sucesso!', 'O orçamento foi adicionado ao sistema.');
      void qc.invalidateQueries({ queryKey: ['orcamentos'] });
      limpar();
      // a fresh list, so the quote just saved shows at the top
      setFiltros(FILTROS_INICIAIS);
      setAba('historico');
    },
    onError: (err, v) => {
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

  const onSalvar = () => {
    const payload = toPayload(form.getValues());
    // The same rules the server applies, checked first so the message shows without a round trip.
    const parsed = orcamentoCreate.safeParse(payload);
    if (!parsed.success) {
      toast.error('Erro ao salvar orçamento', { description: parsed.error.issues[0]?.message });
      return;
    }
    salvar.mutate({ payload, editando });
  };

  const editar = async (o: OrcamentoListItem) => {
    try {
      const d = await qc.fetchQuery({
        queryKey: detalheKey(o.id),
        queryFn: ({ signal }) => fetchDetalhe(o.id, signal),
        staleTime: 0,
      });
      form.reset(fromDetalhe(d));
      setEditando({ id: d.id, numero: d.numero, updated_at: d.updated_at });
      setAba('novo');
      window.scrollTo({ top: 0 });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      toast.error('Erro ao carregar itens', {
        description: 'Não foi possível carregar os itens do orçamento.',
      });
    }
  };

  const imprimir = async (id: string) => {
    // Opened now, while the click still counts as the user's: after an await, browsers block pop-ups.
    const w = window.open('', '_blank');
    if (!w) {
      toast.error('Erro', { description: 'Bloqueio de pop-up detectado. Permita pop-ups para imprimir.' });
      return;
    }
    w.document.title = 'Imprimindo...';
    w.document.body.textContent = 'Preparando impressão...';
    let dados: [OrcamentoDetalhe, Awaited<ReturnType<typeof fetchEmpresa>>];
    try {
      dados = await Promise.all([
        qc.fetchQuery({ queryKey: detalheKey(id), queryFn: ({ signal }) => fetchDetalhe(id, signal) }),
        qc.fetchQuery({
          queryKey: empresaKey,
          queryFn: ({ signal }) => fetchEmpresa(signal),
          staleTime: 300_000,
        }),
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
    mutationFn: (o: OrcamentoListItem) => api.delete(`/orcamentos/${o.id}`),
    onSuccess: (_r, o) => {
      toastSuccess('Orçamento removido com sucesso!');
      if (editando?.id === o.id) limpar();
      setExcluir(null);
      void qc.invalidateQueries({ queryKey: ['orcamentos'] });
    },
    onError: (err) => toastError('Erro ao remover orçamento', err),
  });

  const gerarVenda = useMutation({
    mutationFn: (o: OrcamentoListItem) => api.post(`/orcamentos/${o.id}/venda`),
    onSuccess: (_r, o) => {
      toastSuccess('Venda gerada com sucesso!', `Venda criada a partir do orçamento #${o.numero}`);
      if (editando?.id === o.id) limpar();
      setVender(null);
      void qc.invalidateQueries({ queryKey: ['orcamentos'] });
      void qc.invalidateQueries({ queryKey: ['vendas'] });
    },
    onError: (err) => toastError('Erro ao gerar venda', err),
  });

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
            <Button onClick={onSalvar} disabled={salvar.isPending}>
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
          {editando && (
            <p className="mb-3 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900">
              Editando o orçamento #{editando.numero}.
            </p>
          )}
          <OrcamentoEditor form={form} />
        </TabsContent>
        <TabsContent value="historico">
          <Historico
            filtros={filtros}
            onFiltros={setFiltros}
            onView={(o) => setDetalhe({ id: o.id, numero: o.numero })}
            onPrint={(o) => void imprimir(o.id)}
            onEdit={(o) => void editar(o)}
            onVenda={setVender}
            onDelete={setExcluir}
          />
        </TabsContent>
      </Tabs>

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
        onConfirm={() => excluir && remover.mutate(excluir)}
      />

      <ConfirmDialog
        open={!!vender}
        onOpenChange={(open) => !open && setVender(null)}
        title="Confirmar Geração de Venda"
        description={`Deseja gerar uma venda a partir do orçamento #${vender?.numero ?? ''}?`}
        confirmLabel="Confirmar"
        destructive={false}
        busy={gerarVenda.isPending}
        onConfirm={() => vender && gerarVenda.mutate(vender)}
      >
        {vender && (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border p-3 text-sm">
              <dt className="text-muted-foreground">Cliente</dt>
              <dd className="font-medium">{vender.cliente_nome ?? 'Cliente não encontrado'}</dd>
              <dt className="text-muted-foreground">Arquiteto</dt>
              <dd className="font-medium">{vender.arquiteto_nome ?? 'Nenhum'}</dd>
              <dt className="text-muted-foreground">Valor Total</dt>
              <dd className="font-medium">{formatMoney(vender.valor_total)}</dd>
              <dt className="text-muted-foreground">Tipo de Venda</dt>
              <dd className="font-medium">
                {TIPO_VENDA_LABEL[vender.tipo_venda] ?? TIPO_VENDA_LABEL.avista}
              </dd>
              <dt className="text-muted-foreground">Valor da Entrada</dt>
              <dd className="font-medium">{formatMoney(vender.valor_entrada)}</dd>
              <dt className="text-muted-foreground">Parcelas</dt>
              <dd className="font-medium">{vender.numero_parcelas}x</dd>
              <dt className="text-muted-foreground">Cartão</dt>
              <dd className="font-medium">
                {vender.cartao_bandeira
                  ? `${vender.cartao_bandeira} - ${vender.cartao_tipo ?? ''}`
                  : 'Nenhum'}
              </dd>
            </dl>
            <p className="text-sm">
              O status do orçamento será alterado para <strong>Venda Realizada</strong>.
            </p>
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}
