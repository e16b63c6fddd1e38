import { FileText, HandCoins, MessageCircle, Settings } from 'lucide-react';
import { useState } from 'react';
import { STATUS_FILTRO_LABEL, STATUS_FILTRO_PARCELA } from '../../../schemas/recebimentos';
import { DataTable } from '../../components/kit/data-table';
import { Options } from '../../components/kit/form-parts';
import { FilterDate, FilterSelect } from '../../components/kit/list-filters';
import { ListSearch } from '../../components/kit/list-search';
import { useResourceList, useUrlParam, useUrlState } from '../../components/kit/use-resource-list';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Labelled } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { IconAction } from '../../components/ui/row-actions';
import { client } from '../../lib/client';
import { ClienteSelect, PessoaSelect } from '../orcamentos/selects';
import { CobrancaDialog } from './cobranca-dialog';
import { parcelaColumns } from './colunas';
import { ConfigDialog } from './config-dialog';
import { ExtratoDialog } from './extrato-dialog';
import { RecebimentosKpis } from './kpis';
import { RegistrarDialog } from './registrar-dialog';

const FILTROS = { status: '', inicio: '', fim: '', cliente_id: '', vendedor_id: '' };

/**
 * Recebimentos (issue 16): the four KPI cards, the instalments by due date with their filters in the
 * URL and Exportar, and per instalment "Registrar recebimento", "Cobrar por WhatsApp" and the
 * customer's statement — each a dialog named in the URL (?receber=, ?cobrar=, ?extrato=), so Back
 * closes it and a pasted link opens it.
 */
export default function RecebimentosPage() {
  const [, patch] = useUrlState();
  const receber = useUrlParam('receber');
  const cobrar = useUrlParam('cobrar');
  const extrato = useUrlParam('extrato');
  const [config, setConfig] = useState(false);
  const list = useResourceList({
    recurso: 'recebimentos',
    endpoint: client.recebiveis,
    filters: FILTROS,
    loadError: { title: 'Erro ao carregar recebimentos', text: 'Não foi possível carregar as parcelas.' },
  });
  const rows = list.query.data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Recebimentos"
        subtitle="Parcelas das vendas, o que entrou e o que está em atraso"
        actions={
          <Button variant="outline" onClick={() => setConfig(true)}>
            <Settings />
            Configurações
          </Button>
        }
      />
      <RecebimentosKpis />

      <Card>
        <CardHeader className="gap-3">
          <CardTitle>Parcelas por vencimento</CardTitle>
          {/* columns of at least 13rem, as many as fit the card (six of a fixed sixth overlapped at 1366 px) */}
          <div className="grid gap-3 sm:grid-cols-[repeat(auto-fill,minmax(13rem,1fr))]">
            <FilterSelect list={list} name="status" id="filtro-status" label="Status" todos="Todos">
              <Options values={STATUS_FILTRO_PARCELA} label={(s) => STATUS_FILTRO_LABEL[s]} />
            </FilterSelect>
            <FilterDate list={list} name="inicio" id="filtro-de" label="Vencimento de" />
            <FilterDate list={list} name="fim" id="filtro-ate" label="Vencimento até" />
            <Labelled id="filtro-cliente" label="Cliente">
              <ClienteSelect
                id="filtro-cliente"
                value={list.filters.cliente_id}
                selectedLabel={rows[0]?.cliente_nome ?? 'Cliente selecionado'}
                onChange={(id) => list.setFilter('cliente_id', id)}
              />
            </Labelled>
            <Labelled id="filtro-vendedor" label="Vendedor">
              <PessoaSelect
                recurso="vendedores"
                id="filtro-vendedor"
                value={list.filters.vendedor_id}
                selectedLabel={rows[0]?.vendedor_nome ?? 'Vendedor selecionado'}
                onChange={(id) => list.setFilter('vendedor_id', id)}
              />
            </Labelled>
          </div>
          <ListSearch
            list={list}
            lista="recebiveis"
            label="Buscar parcelas"
            placeholder="Cliente ou nº da venda..."
            className="items-end"
          />
        </CardHeader>
        <CardContent>
          <DataTable
            list={list}
            columns={parcelaColumns}
            label="Parcelas a receber"
            getRowId={(p) => p.id}
            rowLabel={(p) => `${p.cliente_nome} · venda #${p.venda_numero}`}
            loadingText="Carregando parcelas..."
            emptyText="Nenhuma parcela a receber."
            emptyFilteredText="Nenhuma parcela encontrada para estes filtros."
            actions={(p) => (
              <div className="flex justify-end gap-1">
                {p.saldo > 0 && (
                  <>
                    <IconAction
                      label={`Registrar recebimento da venda #${p.venda_numero}, parcela ${p.parcela}`}
                      icon={HandCoins}
                      title="Registrar recebimento"
                      onClick={() => patch({ receber: p.id })}
                    />
                    <IconAction
                      label={`Cobrar por WhatsApp a venda #${p.venda_numero}, parcela ${p.parcela}`}
                      icon={MessageCircle}
                      title="Cobrar por WhatsApp"
                      onClick={() => patch({ cobrar: p.id })}
                    />
                  </>
                )}
                {p.saldo <= 0 && (
                  <IconAction
                    label={`Recebimentos da venda #${p.venda_numero}, parcela ${p.parcela}`}
                    icon={HandCoins}
                    title="Recebimentos da parcela"
                    onClick={() => patch({ receber: p.id })}
                  />
                )}
                <IconAction
                  label={`Extrato de ${p.cliente_nome}`}
                  icon={FileText}
                  title="Extrato do cliente"
                  onClick={() => patch({ extrato: p.cliente_id })}
                />
              </div>
            )}
          />
        </CardContent>
      </Card>

      {receber && <RegistrarDialog parcelaId={receber} onClose={() => patch({ receber: null })} />}
      {cobrar && <CobrancaDialog parcelaId={cobrar} onClose={() => patch({ cobrar: null })} />}
      {extrato && <ExtratoDialog clienteId={extrato} onClose={() => patch({ extrato: null })} />}
      {config && <ConfigDialog onClose={() => setConfig(false)} />}
    </>
  );
}
