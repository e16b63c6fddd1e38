import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { AUDITORIA_RECURSOS, type AuditoriaRecurso } from '../../../schemas/auditoria';
import type { Page } from '../../../schemas/common';

import { useAuth } from '../../app/auth';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input, Label, NativeSelect } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { Empty, Loading } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { api, qs, toastError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import type { AuditoriaRegistro, Usuario } from '../../lib/resources';

const LIMIT = 50;
const ACAO: Record<AuditoriaRegistro['acao'], { label: string; variant: 'green' | 'secondary' | 'red' }> = {
  criado: { label: 'Criado', variant: 'green' },
  atualizado: { label: 'Alterado', variant: 'secondary' },
  removido: { label: 'Removido', variant: 'red' },
  exportado: { label: 'Dados exportados', variant: 'secondary' },
  anonimizado: { label: 'Anonimizado', variant: 'red' },
};

const dateTime = { format: (at: Date | string) => formatDateTime(at, 'medium') };

const show = (v: unknown) =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The audit trail (admins): who changed what, when and from where; filters by user, resource, record, period. */
export default function AuditoriaPage() {
  const { me } = useAuth();
  const [f, setF] = useState({ usuario_id: '', recurso: '', registro: '', de: '', ate: '' });
  const [page, setPage] = useState(1);
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setF((old) => ({ ...old, [k]: e.target.value.trim() }));
    setPage(1);
  };
  const admin = me?.role === 'admin';

  const usuarios = useQuery({
    queryKey: ['usuarios', { limit: 200 }],
    queryFn: ({ signal }) => api.get<Page<Usuario>>(`/usuarios${qs({ limit: 200 })}`, signal),
    enabled: admin,
  });
  const list = useQuery({
    queryKey: ['auditoria', { ...f, page }],
    queryFn: ({ signal }) =>
      api.get<Page<AuditoriaRegistro>>(`/auditoria${qs({ ...f, page, limit: LIMIT })}`, signal),
    placeholderData: keepPreviousData,
    enabled: admin,
  });
  useEffect(() => {
    if (list.error)
      toastError('Erro ao carregar a auditoria', list.error, 'Não foi possível carregar a auditoria.');
  }, [list.error]);

  if (!admin) return <Empty text="Apenas administradores podem ver a auditoria." />;

  return (
    <>
      <PageHeader
        title="Auditoria"
        subtitle="Quem alterou o quê, quando e de onde"
        actions={
          <Button asChild variant="outline">
            <a href={`/api/auditoria/exportar${qs(f)}`} download>
              <Download />
              Exportar CSV
            </a>
          </Button>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div className="grid gap-1">
          <Label htmlFor="aud-usuario">Usuário</Label>
          <NativeSelect id="aud-usuario" value={f.usuario_id} onChange={set('usuario_id')}>
            <option value="">Todos</option>
            {usuarios.data?.items.map((u) => (
              <option key={u.id} value={u.id}>
                {u.nome}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="aud-recurso">Recurso</Label>
          <NativeSelect id="aud-recurso" value={f.recurso} onChange={set('recurso')}>
            <option value="">Todos</option>
            {Object.entries(AUDITORIA_RECURSOS).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="aud-registro">Registro (id)</Label>
          <Input
            id="aud-registro"
            value={f.registro}
            onChange={set('registro')}
            placeholder="Identificador"
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="aud-de">De</Label>
          <Input id="aud-de" type="date" value={f.de} onChange={set('de')} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="aud-ate">Até</Label>
          <Input id="aud-ate" type="date" value={f.ate} onChange={set('ate')} />
        </div>
      </div>
      {list.isPending ? (
        <Loading text="Carregando auditoria..." />
      ) : !list.data?.items.length ? (
        <Empty text="Nenhum registro de auditoria encontrado." />
      ) : (
        <>
          <div className="overflow-x-auto">
            <Table aria-label="Auditoria">
              <THead>
                <TR>
                  <TH>Data e hora</TH>
                  <TH>Usuário</TH>
                  <TH>Endereço</TH>
                  <TH>Recurso</TH>
                  <TH>Registro</TH>
                  <TH>Ação</TH>
                  <TH>Alterações</TH>
                </TR>
              </THead>
              <TBody>
                {list.data.items.map((r) => (
                  <TR key={r.id}>
                    <TD className="whitespace-nowrap">{dateTime.format(new Date(r.em))}</TD>
                    <TD>{r.usuario_nome ?? (r.usuario_id ? 'Usuário removido' : 'Sistema')}</TD>
                    <TD>{r.endereco ?? '—'}</TD>
                    <TD>{AUDITORIA_RECURSOS[r.recurso as AuditoriaRecurso] ?? r.recurso}</TD>
                    <TD>
                      <button
                        type="button"
                        className="font-mono text-xs underline-offset-2 hover:underline"
                        title="Ver o histórico deste registro"
                        onClick={() => {
                          setF((old) => ({ ...old, recurso: r.recurso, registro: r.registro }));
                          setPage(1);
                        }}
                      >
                        {r.registro.slice(0, 8)}
                      </button>
                    </TD>
                    <TD>
                      <Badge variant={ACAO[r.acao].variant}>{ACAO[r.acao].label}</Badge>
                    </TD>
                    <TD>
                      <ul className="grid gap-0.5 text-xs">
                        {Object.entries(r.alteracoes).map(([campo, [antes, depois]]) => (
                          <li key={campo}>
                            <span className="font-medium">{campo}</span>:{' '}
                            {r.acao === 'atualizado'
                              ? `${show(antes)} → ${show(depois)}`
                              : show(antes ?? depois)}
                          </li>
                        ))}
                      </ul>
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
          <Pagination page={page} limit={LIMIT} total={list.data.total} onPage={setPage} />
        </>
      )}
    </>
  );
}
