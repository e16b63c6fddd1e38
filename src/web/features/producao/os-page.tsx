import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MapPin, Phone } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { linkMapa } from '../../../domain/producao';
import { useAuth } from '../../app/auth';
import { orNone } from '../../components/kit/data-table';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Empty, Loading } from '../../components/ui/states';
import { ApiError, toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { formatDateTime, formatMedidas, formatMoney, formatNumber } from '../../lib/format';
import { OsChapas } from '../estoque/os-chapas';
import { OsPlanoCorte } from '../plano-corte/os-plano';
import { EtapaAcoes, FilaPendente } from './acoes';
import { type Etapa, type OsDetalhe, producaoKeys, useOs } from './api';
import { Desenhos } from './desenhos';
import { EtapaForm } from './etapa-form';
import {
  etapaLabel,
  fotoUrl,
  Progresso,
  STATUS_ETAPA_BADGE,
  STATUS_OS_BADGE,
  statusEtapaLabel,
  statusOsLabel,
} from './shared';

export default function OsPage() {
  const { id } = useParams();
  const os = useOs(id ?? null);
  const { can } = useAuth();
  if (os.isPending) return <Loading text="Carregando ordem de serviço..." />;
  // A failed re-read (no signal after a queued save) keeps the OS on screen, not "não encontrada".
  if (!os.data)
    return (
      <Empty
        text={
          os.error instanceof ApiError && os.error.status === 403
            ? 'Você não tem acesso a esta ordem de serviço.'
            : 'Ordem de serviço não encontrada.'
        }
      >
        <Button asChild variant="outline">
          <Link to={can('producao') ? '/producao' : '/minha-agenda'}>Voltar</Link>
        </Button>
      </Empty>
    );
  return <OsDetalhes os={os.data} editavel={can('producao')} estoque={can('producao') || can('estoque')} />;
}

function OsDetalhes({ os, editavel, estoque }: { os: OsDetalhe; editavel: boolean; estoque: boolean }) {
  const mapa = linkMapa(os);
  return (
    <>
      <PageHeader
        title={`OS #${os.numero}`}
        subtitle={`${os.cliente_nome}${os.venda_numero ? ` · Venda #${os.venda_numero}` : ''}`}
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Button asChild variant="ghost" size="sm">
          <Link to={editavel ? '/producao' : '/minha-agenda'}>
            <ArrowLeft aria-hidden /> Voltar
          </Link>
        </Button>
        <Badge variant={STATUS_OS_BADGE[os.status]}>{statusOsLabel(os.status)}</Badge>
        <Progresso feitas={os.etapas_concluidas} total={os.etapas_total} className="w-48" />
        {os.motivo_cancelamento && <span className="text-sm text-destructive">{os.motivo_cancelamento}</span>}
      </div>
      <FilaPendente />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr] [&>*]:min-w-0">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6 [&>*]:min-w-0">
          <TitledCard title="Etapas">
            <ol className="grid gap-4" aria-label="Etapas da OS">
              {os.etapas.map((e) => (
                <EtapaItem key={e.id} os={os} etapa={e} editavel={editavel && os.status !== 'cancelada'} />
              ))}
            </ol>
          </TitledCard>
          <Itens os={os} />
          {editavel && <OsPlanoCorte osId={os.id} editavel={os.status === 'aberta'} />}
          <Fotos os={os} />
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6 [&>*]:min-w-0">
          <TitledCard title="Cliente e obra" contentClassName="grid gap-2 text-sm">
            <div className="font-medium">{os.cliente_nome}</div>
            {os.cliente_telefone && (
              <a
                className="flex items-center gap-2 underline"
                href={`tel:${os.cliente_telefone.replace(/[^\d+]/g, '')}`}
              >
                <Phone aria-hidden className="size-4" /> {os.cliente_telefone}
              </a>
            )}
            {mapa && (
              <a className="flex items-center gap-2 underline" href={mapa} target="_blank" rel="noreferrer">
                <MapPin aria-hidden className="size-4" /> Abrir endereço no mapa
              </a>
            )}
            {editavel ? (
              <EnderecoForm os={os} />
            ) : (
              <p>{[os.endereco, os.cidade, os.uf].filter(Boolean).join(' - ') || '—'}</p>
            )}
          </TitledCard>
          {estoque && <OsChapas osId={os.id} editavel={os.status === 'aberta'} />}
        </div>
      </div>
    </>
  );
}

function EtapaItem({ os, etapa, editavel }: { os: OsDetalhe; etapa: Etapa; editavel: boolean }) {
  const [editando, setEditando] = useState(false);
  const inicio = etapa.inicio ? String(etapa.inicio) : null;
  const fim = etapa.fim ? String(etapa.fim) : null;
  const alvo = { ...etapa, inicio, fim, updated_at: String(etapa.updated_at) };
  return (
    <li className="rounded-md border p-3" aria-label={`Etapa ${etapaLabel(etapa.etapa)}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <span className="font-semibold">{etapaLabel(etapa.etapa)}</span>
          <Badge variant={STATUS_ETAPA_BADGE[etapa.status]}>{statusEtapaLabel(etapa.status)}</Badge>
        </div>
        <span className="text-sm text-muted-foreground">
          {inicio && fim ? `${formatDateTime(inicio)} – ${formatDateTime(fim)}` : 'Não agendada'}
        </span>
      </div>
      <div className="mt-1 grid gap-1 text-sm text-muted-foreground">
        <span>
          Equipe: {etapa.funcionarios.length ? etapa.funcionarios.map((f) => f.nome).join(', ') : '—'}
        </span>
        {etapa.iniciada_em && (
          <span>
            Iniciada em {formatDateTime(String(etapa.iniciada_em))}
            {etapa.iniciada_por_nome ? ` por ${etapa.iniciada_por_nome}` : ''}
          </span>
        )}
        {etapa.concluida_em && (
          <span>
            Concluída em {formatDateTime(String(etapa.concluida_em))}
            {etapa.concluida_por_nome ? ` por ${etapa.concluida_por_nome}` : ''}
          </span>
        )}
        {etapa.notas && <span className="whitespace-pre-wrap text-foreground">Notas: {etapa.notas}</span>}
      </div>
      {os.status !== 'cancelada' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <EtapaAcoes os={os} etapa={alvo} compact />
          {editavel && (
            <Button size="sm" variant="ghost" onClick={() => setEditando((v) => !v)} aria-expanded={editando}>
              {editando ? 'Fechar edição' : 'Agenda, equipe e notas'}
            </Button>
          )}
        </div>
      )}
      {editando && <EtapaForm etapa={etapa} onDone={() => setEditando(false)} />}
    </li>
  );
}

function EnderecoForm({ os }: { os: OsDetalhe }) {
  const qc = useQueryClient();
  const [v, setV] = useState({
    endereco: os.endereco ?? '',
    cidade: os.cidade ?? '',
    uf: os.uf ?? '',
    cep: os.cep ?? '',
  });
  const save = useMutation({
    mutationFn: () =>
      json(
        client['ordens-servico'][':id'].$patch({
          param: { id: os.id },
          json: { ...v, updated_at: String(os.updated_at) },
        }),
      ),
    onSuccess: () => {
      toastSuccess('Endereço da obra salvo');
      void qc.invalidateQueries({ queryKey: producaoKeys.all });
    },
    onError: (err) => toastError('Erro ao salvar o endereço', err),
  });
  const campo = (k: keyof typeof v, label: string, extra: React.ComponentProps<'input'> = {}) => (
    <div className="grid gap-1">
      <Label htmlFor={`os-${k}`}>{label}</Label>
      <Input id={`os-${k}`} value={v[k]} onChange={(e) => setV({ ...v, [k]: e.target.value })} {...extra} />
    </div>
  );
  return (
    <form
      className="mt-2 grid gap-2"
      aria-label="Endereço da obra"
      onSubmit={(e) => {
        e.preventDefault();
        return save.mutateAsync().catch(() => {});
      }}
    >
      {campo('endereco', 'Endereço da obra')}
      <div className="grid grid-cols-[1fr_4rem] gap-2">
        {campo('cidade', 'Cidade')}
        {campo('uf', 'UF', { maxLength: 2 })}
      </div>
      {campo('cep', 'CEP', { maxLength: 9 })}
      <div>
        <Button type="submit" size="sm" disabled={save.isPending || os.status === 'cancelada'}>
          Salvar endereço
        </Button>
      </div>
    </form>
  );
}

function medidas(i: OsDetalhe['itens'][number]) {
  if (i.medida1 == null || i.medida2 == null) return '—';
  return formatMedidas(i.medida1, i.medida2);
}

/** The quote's items as the workshop's specification (prices only for who sees sales). */
function Itens({ os }: { os: OsDetalhe }) {
  const precos = os.itens.some((i) => i.valor_total != null);
  return (
    <TitledCard title="Especificação (itens do orçamento)" contentClassName="overflow-x-auto">
      {os.itens.length === 0 ? (
        <p className="text-sm text-muted-foreground">Sem itens de orçamento.</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-1 pr-3">Material</th>
              <th className="py-1 pr-3">Peça</th>
              <th className="py-1 pr-3">Medidas</th>
              <th className="py-1 pr-3 text-right">Área (m²)</th>
              <th className="py-1 pr-3 text-right">Qtd.</th>
              {precos && <th className="py-1 text-right">Valor</th>}
            </tr>
          </thead>
          <tbody>
            {os.itens.map((i) => (
              <tr key={i.id} className="border-t">
                <td className="py-1 pr-3">{orNone(i.produto_nome)}</td>
                <td className="py-1 pr-3">{orNone(i.item_venda_nome)}</td>
                <td className="py-1 pr-3 whitespace-nowrap">{medidas(i)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {i.area != null ? formatNumber(i.area) : '—'}
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatNumber(i.quantidade)}</td>
                {precos && <td className="py-1 text-right tabular-nums">{formatMoney(i.valor_total)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Desenhos itens={os.itens} />
    </TitledCard>
  );
}

function Fotos({ os }: { os: OsDetalhe }) {
  const etapaDe = (id: string | null) => os.etapas.find((e) => e.id === id)?.etapa;
  return (
    <TitledCard title="Fotos e assinaturas">
      {os.fotos.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma foto ainda.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {os.fotos.map((f) => (
            <li key={f.id} className="grid gap-1 text-xs text-muted-foreground">
              <a href={fotoUrl(os.id, f.id)} target="_blank" rel="noreferrer">
                <img
                  src={fotoUrl(os.id, f.id)}
                  alt={`${f.tipo === 'assinatura' ? 'Assinatura' : 'Foto'} — ${etapaLabel(etapaDe(f.etapa_id))}`}
                  loading="lazy"
                  className="aspect-square w-full rounded-md border object-cover"
                />
              </a>
              <span>
                {f.tipo === 'assinatura' ? 'Assinatura' : etapaLabel(etapaDe(f.etapa_id))} ·{' '}
                {formatDateTime(String(f.created_at))}
                {f.created_by_nome ? ` · ${f.created_by_nome}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
