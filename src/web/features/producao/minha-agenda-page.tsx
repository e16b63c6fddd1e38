import { useQuery } from '@tanstack/react-query';
import { MapPin, MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { linkMapa, linkWhatsApp } from '../../../domain/producao';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Empty, Loading } from '../../components/ui/states';
import { formatDateTime, formatMedidas, isoDateIn } from '../../lib/format';
import { EtapaAcoes, FilaPendente } from './acoes';
import { type MinhaAgendaJob, minhaAgendaOptions, useOs } from './api';
import { Desenhos } from './desenhos';
import { etapaLabel, STATUS_ETAPA_BADGE, statusEtapaLabel } from './shared';

type Job = MinhaAgendaJob;

/**
 * An installer's day on the phone: their stages of today and the next days, with what the job needs.
 * The saves waiting for a connection show (and are sent) even when the agenda itself cannot load.
 */
export default function MinhaAgendaPage() {
  return (
    <>
      <PageHeader title="Minha agenda" subtitle="Suas etapas de hoje e dos próximos dias" />
      <FilaPendente />
      <Jobs />
    </>
  );
}

function Jobs() {
  const q = useQuery(minhaAgendaOptions());
  if (q.isPending) return <Loading text="Carregando sua agenda..." />;
  // A failed re-read (one bar of signal) keeps the jobs already on screen: only a first load that
  // failed has nothing to show.
  if (!q.data) return <Empty text="Não foi possível carregar sua agenda." />;
  if (!q.data.funcionario_id)
    return (
      <Empty text="Seu usuário não está vinculado a um funcionário. Peça ao administrador para fazer o vínculo em Usuários." />
    );
  const hoje = isoDateIn(new Date());
  const dia = (j: Job) => (j.inicio ? isoDateIn(j.inicio) : 'sem-data');
  const grupos = new Map<string, Job[]>();
  for (const j of q.data.items) grupos.set(dia(j), [...(grupos.get(dia(j)) ?? []), j]);
  return (
    <>
      {q.data.items.length === 0 && <Empty text="Nenhuma etapa atribuída a você nos próximos dias." />}
      <div className="grid gap-6">
        {[...grupos.entries()].map(([d, jobs]) => (
          <section key={d} aria-label={d === hoje ? 'Hoje' : d}>
            <h2 className="mb-2 text-lg font-semibold">
              {d === 'sem-data'
                ? 'Sem data marcada'
                : d === hoje
                  ? 'Hoje'
                  : new Date(`${d}T12:00:00`).toLocaleDateString('pt-BR', {
                      weekday: 'long',
                      day: '2-digit',
                      month: '2-digit',
                    })}
            </h2>
            <div className="grid gap-3">
              {jobs.map((j) => (
                <JobCard key={j.id} job={j} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}

function JobCard({ job }: { job: Job }) {
  const mapa = linkMapa(job);
  const tel = job.cliente_telefone?.replace(/[^\d+]/g, '');
  const whats = linkWhatsApp(
    job.cliente_telefone,
    `Olá, ${job.cliente_nome.split(' ')[0]}! Aqui é da marmoraria, sobre a ${etapaLabel(job.etapa).toLowerCase()} da OS #${job.os_numero}.`,
  );
  const os = {
    id: job.os_id,
    numero: job.os_numero,
    cliente_nome: job.cliente_nome,
    cliente_telefone: job.cliente_telefone,
    endereco: job.endereco,
    cidade: job.cidade,
    uf: job.uf,
  };
  return (
    <Card aria-label={`${etapaLabel(job.etapa)} — OS #${job.os_numero}`}>
      <CardHeader className="pb-2">
        <CardTitle className="flex flex-wrap items-center justify-between gap-2 text-base">
          <span>
            {etapaLabel(job.etapa)} · OS #{job.os_numero}
          </span>
          <Badge variant={STATUS_ETAPA_BADGE[job.status]}>{statusEtapaLabel(job.status)}</Badge>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div>
          <div className="font-medium">{job.cliente_nome}</div>
          {job.inicio && job.fim && (
            <div className="text-muted-foreground">
              {formatDateTime(job.inicio)} – {formatDateTime(job.fim).slice(-5)}
            </div>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {mapa && (
            // A long address wraps inside the screen (a button's one line made the page ≈ 469 px wide)
            <Button
              asChild
              size="sm"
              variant="outline"
              className="h-auto min-h-8 max-w-full whitespace-normal py-1 text-left [overflow-wrap:anywhere]"
            >
              <a href={mapa} target="_blank" rel="noreferrer">
                <MapPin aria-hidden /> {[job.endereco, job.cidade].filter(Boolean).join(' - ')}
              </a>
            </Button>
          )}
          {tel && (
            <Button asChild size="sm" variant="outline">
              <a href={`tel:${tel}`}>
                <Phone aria-hidden /> Ligar
              </a>
            </Button>
          )}
          {whats && (
            <Button asChild size="sm" variant="outline">
              <a href={whats} target="_blank" rel="noreferrer">
                <MessageCircle aria-hidden /> WhatsApp
              </a>
            </Button>
          )}
        </div>
        {job.notas && <p className="whitespace-pre-wrap">Notas: {job.notas}</p>}
        <Pecas osId={job.os_id} />
        <EtapaAcoes os={os} etapa={job} />
        <Link className="text-primary underline" to={`/producao/os/${job.os_id}`}>
          Ver a OS completa
        </Link>
      </CardContent>
    </Card>
  );
}

/** The pieces of the job (material, piece, measures), read with the OS. */
function Pecas({ osId }: { osId: string }) {
  const os = useOs(osId);
  if (!os.data?.itens.length) return null;
  return (
    <details>
      <summary className="cursor-pointer font-medium">Peças ({os.data.itens.length})</summary>
      <ul className="mt-2 grid gap-1">
        {os.data.itens.map((i) => (
          <li key={i.id}>
            {[i.produto_nome, i.item_venda_nome].filter(Boolean).join(' — ')}
            {i.medida1 != null && i.medida2 != null ? ` · ${formatMedidas(i.medida1, i.medida2)}` : ''}
            {i.area != null ? ` · ${i.area} m²` : ''}
          </li>
        ))}
      </ul>
      <Desenhos itens={os.data.itens} />
    </details>
  );
}
