import { useQuery } from '@tanstack/react-query';
import { HandCoins, Pencil, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '../../app/auth';
import { DataTable } from '../../components/kit/data-table';
import { ListSearch } from '../../components/kit/list-search';
import { useRemove } from '../../components/kit/use-remove';
import { useResourceList, useUrlParam, useUrlState } from '../../components/kit/use-resource-list';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { IconAction } from '../../components/ui/row-actions';
import { client } from '../../lib/client';
import type { Movimentacao } from '../../lib/resources';
import { resumoOptions } from './api';
import { CaixaInicialCard, CaixaKpis } from './caixa-inicial';
import { movimentacaoColumns } from './colunas';
import { errorMessage, MovimentacaoForm } from './movimentacao-form';

export default function CaixaPage() {
  const editId = useUrlParam('id');
  // Reading is the dashboard's; writing needs Financeiro (the server refuses it otherwise).
  const podeEscrever = useAuth().can('financeiro');
  const [, patch] = useUrlState();
  const resumo = useQuery(resumoOptions());
  const list = useResourceList({
    recurso: 'caixa',
    endpoint: client.caixa.movimentacoes,
    keyPart: 'movimentacoes',
    loadError: { title: 'Erro', text: 'Erro ao carregar o caixa.' },
  });
  useEffect(() => {
    if (resumo.error)
      toast.error('Erro', { description: `Erro ao carregar o caixa: ${errorMessage(resumo.error)}` });
  }, [resumo.error]);
  const remove = useRemove<Movimentacao>({
    recurso: 'caixa',
    endpoint: client.caixa.movimentacoes,
    title: 'Confirmar Exclusão',
    question: () => 'Tem certeza que deseja excluir esta movimentação?',
    success: 'Sucesso',
    successDescription: () => 'Movimentação excluída com sucesso!',
    errorTitle: 'Erro ao excluir movimentação',
    onError: (err) => {
      toast.error('Erro', { description: `Erro ao excluir movimentação: ${errorMessage(err)}` });
      return true;
    },
    onRemoved: (m) => m.id === editId && patch({ id: null }),
  });

  const r = resumo.data;
  return (
    <>
      <PageHeader title="Fluxo de Caixa" subtitle="Caixa inicial, entradas e saídas" />
      <CaixaKpis r={r} />
      <div className="mb-6 grid gap-6">
        {podeEscrever ? (
          <>
            <CaixaInicialCard atual={r?.caixa_inicial} />
            <MovimentacaoForm key={editId ?? 'nova'} id={editId} onDone={() => patch({ id: null })} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            Para registrar ou alterar movimentações é preciso a permissão Financeiro.
          </p>
        )}
      </div>
      <TitledCard title="Histórico de Movimentações" contentClassName="flex flex-col gap-4">
        <ListSearch
          list={list}
          lista="caixa/movimentacoes"
          label="Buscar movimentações"
          placeholder="Buscar por nome..."
        />
        <DataTable
          list={list}
          columns={movimentacaoColumns}
          label="Histórico de Movimentações"
          rowClassName={(m) => m.id === editId && 'bg-accent'}
          loadingText="Carregando movimentações..."
          emptyText="Nenhuma movimentação registrada."
          emptyFilteredText="Nenhuma movimentação encontrada para a busca."
          actions={
            podeEscrever
              ? (m) =>
                  m.recebimento_id ? (
                    // A payment's entrada changes only with the payment: undone in Recebimentos.
                    <div className="flex justify-end">
                      <Button asChild variant="ghost" size="sm">
                        <Link
                          to={`/recebimentos?receber=${m.recebimento_parcela_id}`}
                          aria-label={`Recebimento: ${m.nome}`}
                        >
                          <HandCoins />
                          Recebimento
                        </Link>
                      </Button>
                    </div>
                  ) : (
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Editar ${m.nome}`}
                        onClick={() => {
                          patch({ id: m.id });
                          window.scrollTo({ top: 0, behavior: 'smooth' });
                        }}
                      >
                        <Pencil />
                      </Button>
                      <IconAction
                        label={`Excluir ${m.nome}`}
                        icon={Trash2}
                        onClick={() => remove.ask(m)}
                        iconClassName="text-destructive"
                      />
                    </div>
                  )
              : undefined
          }
        />
      </TitledCard>
      {remove.dialog}
    </>
  );
}
