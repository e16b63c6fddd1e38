import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { columnsOf, DataTable } from '../../components/kit/data-table';
import { FilterSelect } from '../../components/kit/list-filters';
import { ListSearch } from '../../components/kit/list-search';
import { formTab, ListCard, ResourceTabs } from '../../components/kit/resource-tabs';
import { useRemove } from '../../components/kit/use-remove';
import { listaError, useListFormTabs, useResourceList } from '../../components/kit/use-resource-list';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Labelled } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { IconAction } from '../../components/ui/row-actions';
import { client } from '../../lib/client';
import { formatArea, formatMoney } from '../../lib/format';
import type { Chapa } from '../../lib/resources';
import { produtosOpcoesOptions } from '../produtos/api';
import { resumoOptions } from './api';
import { ChapaDetalhes } from './chapa-detalhes';
import { ChapaForm } from './chapa-form';
import { fotoChapaUrl } from './chapa-fotos';
import { EntradaForm } from './entrada-form';
import { LerEtiqueta } from './ler-etiqueta';
import { medidas, STATUS_CHAPA_LABEL, StatusChapaBadge, TIPO_CHAPA_LABEL } from './shared';

const col = columnsOf<Chapa>();
const columns = [
  col.accessor('codigo', {
    header: 'Código',
    enableSorting: true,
    meta: { card: 'title', nowrap: true },
    // the first photo beside the code: in the yard a slab is found by its look as much as by its label
    cell: ({ row: { original: c } }) => (
      <span className="inline-flex items-center gap-2">
        {c.foto_id ? (
          <img
            src={fotoChapaUrl(c.id, c.foto_id)}
            alt=""
            className="h-8 w-12 shrink-0 rounded border object-cover"
            loading="lazy"
          />
        ) : null}
        {c.codigo}
      </span>
    ),
  }),
  col.accessor('produto_nome', { header: 'Pedra', meta: { card: 'subtitle' } }),
  col.accessor('tipo', { header: 'Tipo', cell: (c) => TIPO_CHAPA_LABEL[c.getValue()] }),
  col.accessor('lote', { header: 'Lote', enableSorting: true, meta: { nowrap: true } }),
  col.accessor('largura_mm', {
    header: 'Medidas',
    meta: { card: 'figure' },
    cell: ({ row: { original: c } }) => `${medidas(c)} · ${c.espessura_mm} mm`,
  }),
  col.accessor('localizacao', {
    header: 'Local',
    meta: { card: 'figure' },
    cell: (c) => c.getValue() ?? '—',
  }),
  col.accessor('custo', {
    header: 'Custo',
    enableSorting: true,
    meta: { numeric: true },
    cell: (c) => formatMoney(c.getValue()),
  }),
  col.accessor('status', {
    header: 'Status',
    meta: { card: 'status', nowrap: true },
    cell: ({ row: { original: c } }) => (
      <span className="inline-flex items-center gap-1">
        <StatusChapaBadge status={c.status} />
        {c.os_numero !== null && <span className="text-xs text-muted-foreground">OS {c.os_numero}</span>}
      </span>
    ),
  }),
];

/** Per stone: slabs, remnants, m² available and reserved, value, remnants waiting too long. */
function ResumoPorPedra() {
  const resumo = useQuery(resumoOptions());
  const items = resumo.data?.items ?? [];
  if (!items.length) return null;
  return (
    <Card className="mb-4">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Estoque por pedra</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="Estoque por pedra">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-1 pr-3">Pedra</th>
              <th className="py-1 pr-3 text-right">Chapas</th>
              <th className="py-1 pr-3 text-right">Sobras</th>
              <th className="py-1 pr-3 text-right">m² disponível</th>
              <th className="py-1 pr-3 text-right">m² reservado</th>
              <th className="py-1 pr-3 text-right">Valor</th>
              <th className="py-1 text-right">Sobras há +{resumo.data?.dias_sobra} dias</th>
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={r.produto_id} className="border-t">
                <td className="py-1 pr-3">{r.produto_nome}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{r.chapas}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{r.sobras}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatArea(r.m2_disponivel)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatArea(r.m2_reservado)}</td>
                <td className="whitespace-nowrap py-1 pr-3 text-right tabular-nums">
                  {formatMoney(r.valor)}
                </td>
                <td className="py-1 text-right tabular-nums">{r.sobras_antigas}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

function Lista({ onEditar }: { onEditar: (c: Chapa) => void }) {
  const [sp, setSp] = useSearchParams();
  const list = useResourceList({
    recurso: 'chapas',
    endpoint: client.chapas,
    filters: { produto_id: '', tipo: '', status: '', lote: '', localizacao: '', cabe: '' },
    loadError: listaError('chapas'),
  });
  const remove = useRemove<Chapa>({
    recurso: 'chapas',
    endpoint: client.chapas,
    question: (c) => `Tem certeza que deseja excluir a chapa ${c.codigo}? Esta ação não pode ser desfeita.`,
    success: 'Chapa removida com sucesso!',
    errorTitle: 'Erro ao remover chapa',
  });
  const pedras = useQuery(produtosOpcoesOptions());
  const aberta = sp.get('chapa');
  const abrir = (id: string | null) =>
    setSp(
      (p) => {
        const n = new URLSearchParams(p);
        if (id) n.set('chapa', id);
        else n.delete('chapa');
        return n;
      },
      { replace: !id },
    );
  const texto = (name: 'lote' | 'localizacao' | 'cabe', label: string, placeholder: string) => (
    <Labelled id={`filtro-${name}`} label={label}>
      <Input
        id={`filtro-${name}`}
        defaultValue={list.filters[name]}
        placeholder={placeholder}
        onBlur={(e) => list.setFilter(name, e.target.value.trim())}
        onKeyDown={(e) => {
          if (e.key === 'Enter') list.setFilter(name, (e.target as HTMLInputElement).value.trim());
        }}
      />
    </Labelled>
  );
  return (
    <>
      <LerEtiqueta onAchou={(id) => abrir(id)} />
      <ResumoPorPedra />
      <ListCard
        header={
          <div className="flex flex-col gap-3">
            <ListSearch
              list={list}
              lista="chapas"
              label="Buscar chapas"
              placeholder="Buscar por código, lote, bloco ou local..."
              className="flex w-full gap-2"
            />
            <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
              <FilterSelect list={list} name="produto_id" id="filtro-produto" label="Pedra" todos="Todas">
                {(pedras.data ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.nome}
                  </option>
                ))}
              </FilterSelect>
              <FilterSelect list={list} name="tipo" id="filtro-tipo" label="Tipo" todos="Todos">
                <option value="chapa">Chapa</option>
                <option value="sobra">Sobra</option>
              </FilterSelect>
              <FilterSelect list={list} name="status" id="filtro-status" label="Status" todos="Todos">
                {Object.entries(STATUS_CHAPA_LABEL).map(([v, l]) => (
                  <option key={v} value={v}>
                    {l}
                  </option>
                ))}
              </FilterSelect>
              {texto('lote', 'Lote', 'L339')}
              {texto('localizacao', 'Localização', 'Rack B3')}
              {texto('cabe', 'Cabe a peça (mm)', '1200x400')}
            </div>
          </div>
        }
      >
        <DataTable
          list={list}
          columns={columns}
          label="Chapas"
          rowLabel={(c) => c.codigo}
          loadingText="Carregando chapas..."
          emptyText="Nenhuma chapa cadastrada."
          emptyFilteredText="Nenhuma chapa encontrada."
          actions={(c) => (
            <div className="flex gap-1">
              <IconAction label={`Detalhes de ${c.codigo}`} icon={Eye} onClick={() => abrir(c.id)} />
              {remove.rowActions(
                (r) => r.codigo,
                (r) => onEditar(r),
              )(c)}
            </div>
          )}
        />
      </ListCard>
      {remove.dialog}
      {aberta && <ChapaDetalhes id={aberta} onClose={() => abrir(null)} />}
    </>
  );
}

/** Estoque (issue 28): slabs and remnants by lot, their entry, labels, reservations and history. */
export default function EstoquePage() {
  const t = useListFormTabs();
  return (
    <>
      <PageHeader title="Estoque" subtitle="Chapas e sobras, por lote, reservadas e consumidas pelas obras" />
      <ResourceTabs
        t={t}
        tabs={[
          { value: 'lista', label: 'Lista', content: <Lista onEditar={(c) => t.edit(c.id)} /> },
          formTab(t, t.editId ? 'Editar Chapa' : 'Nova Chapa', (p) => <ChapaForm {...p} />),
          { value: 'entrada', label: 'Entrada', content: <EntradaForm onDone={t.backToList} /> },
        ]}
      />
    </>
  );
}
