import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { AUDITORIA_RECURSOS } from '../../../schemas/auditoria';
import { useAuth } from '../../app/auth';
import { DataTable } from '../../components/kit/data-table';
import { exportUrl } from '../../components/kit/export-url';
import { RecordOptions } from '../../components/kit/form-parts';
import { ACAO_AUDITORIA } from '../../components/kit/historico-registro';
import { useResourceList } from '../../components/kit/use-resource-list';
import { Button } from '../../components/ui/button';
import { Input, Label, NativeSelect } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Empty } from '../../components/ui/states';
import { client } from '../../lib/client';
import { usuariosPrimeirosOptions } from '../usuarios/api';
import { auditoriaColumns, nomeRegistro } from './colunas';

const FILTERS = { usuario_id: '', recurso: '', registro: '', de: '', ate: '' };
type Filtro = keyof typeof FILTERS;

/** The audit trail (admins): who changed what, when and from where; filters by user, resource, record, period. */
export default function AuditoriaPage() {
  const { me } = useAuth();
  const admin = me?.role === 'admin';
  const list = useResourceList({
    recurso: 'auditoria',
    endpoint: client.auditoria,
    limit: 50,
    filters: FILTERS,
    enabled: admin,
    loadError: { title: 'Erro ao carregar a auditoria', text: 'Não foi possível carregar a auditoria.' },
  });
  const usuarios = useQuery({ ...usuariosPrimeirosOptions(200), enabled: admin });
  const f = list.filters;
  const set = (k: Filtro) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    list.setFilter(k, e.target.value.trim());
  if (!admin) return <Empty text="Apenas administradores podem ver a auditoria." />;

  const field = (k: Filtro, label: string, input: React.ReactNode) => (
    <div className="grid gap-1">
      <Label htmlFor={`aud-${k}`}>{label}</Label>
      {input}
    </div>
  );
  return (
    <>
      <PageHeader
        title="Auditoria"
        subtitle="Quem alterou o quê, quando e de onde"
        actions={
          <Button asChild variant="outline">
            <a href={exportUrl('auditoria', 'csv', list.params)} download>
              <Download />
              Exportar CSV
            </a>
          </Button>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {field(
          'usuario_id',
          'Usuário',
          <NativeSelect id="aud-usuario_id" value={f.usuario_id} onChange={set('usuario_id')}>
            <option value="">Todos</option>
            <RecordOptions records={usuarios.data?.items} value={(u) => u.id} label={(u) => u.nome} />
          </NativeSelect>,
        )}
        {field(
          'recurso',
          'Recurso',
          <NativeSelect id="aud-recurso" value={f.recurso} onChange={set('recurso')}>
            <option value="">Todos</option>
            {Object.entries(AUDITORIA_RECURSOS).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </NativeSelect>,
        )}
        {field(
          'registro',
          'Registro (id)',
          <Input
            id="aud-registro"
            value={f.registro}
            onChange={set('registro')}
            placeholder="Identificador"
          />,
        )}
        {field('de', 'De', <Input id="aud-de" type="date" value={f.de} onChange={set('de')} />)}
        {field('ate', 'Até', <Input id="aud-ate" type="date" value={f.ate} onChange={set('ate')} />)}
      </div>
      <DataTable
        list={list}
        columns={auditoriaColumns((r) => {
          list.setFilter('recurso', r.recurso);
          list.setFilter('registro', r.registro);
        }, list.query.data?.nomes)}
        label="Auditoria"
        getRowId={(r) => String(r.id)}
        rowLabel={(r) => `${ACAO_AUDITORIA[r.acao].label} ${nomeRegistro(r, list.query.data?.nomes)}`}
        loadingText="Carregando auditoria..."
        emptyText="Nenhum registro de auditoria encontrado."
        emptyFilteredText="Nenhum registro de auditoria encontrado."
      />
    </>
  );
}
