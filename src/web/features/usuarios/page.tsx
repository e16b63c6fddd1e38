import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Page } from '../../../schemas/common';
import { PERMISSAO_LABEL, PERMISSOES } from '../../../schemas/permissoes';
import type { Usuario } from '../../../schemas/usuarios';
import { useAuth } from '../../app/auth';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { Empty, Loading } from '../../components/ui/states';
import { api, qs, toastError } from '../../lib/api';
import { UsuarioDialog } from './usuario-dialog';

const LIMIT = 24;

export default function UsuariosPage() {
  const { me } = useAuth();
  // Only an administrator may change an administrator's account (the server refuses others).
  const canEdit = (u: Usuario) => me?.role === 'admin' || u.role !== 'admin';
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ open: boolean; usuario: Usuario | null }>({
    open: false,
    usuario: null,
  });

  const list = useQuery({
    queryKey: ['usuarios', { q, page }],
    queryFn: ({ signal }) => api.get<Page<Usuario>>(`/usuarios${qs({ q, page, limit: LIMIT })}`, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error)
      toastError('Erro ao carregar usuários', list.error, 'Não foi possível carregar a lista de usuários.');
  }, [list.error]);

  return (
    <>
      <PageHeader
        title="Usuários"
        subtitle="Acessos da equipe e permissões por tela"
        actions={
          <Button onClick={() => setDialog({ open: true, usuario: null })}>
            <Plus />
            Novo Usuário
          </Button>
        }
      />
      <div className="mb-4">
        <SearchInput
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
          placeholder="Buscar por nome ou e-mail..."
          label="Buscar usuários"
        />
      </div>
      {list.isPending ? (
        <Loading text="Carregando usuários..." />
      ) : !list.data?.items.length ? (
        <Empty text="Nenhum usuário encontrado." />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Usuários">
            {list.data.items.map((u) => (
              <li key={u.id}>
                <Card className="flex h-full flex-col gap-3 p-4" data-testid="usuario-card">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="truncate font-semibold">{u.nome}</p>
                      <p className="truncate text-sm text-muted-foreground">{u.email}</p>
                    </div>
                    {canEdit(u) && (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Editar ${u.nome}`}
                        onClick={() => setDialog({ open: true, usuario: u })}
                      >
                        <Pencil />
                      </Button>
                    )}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Badge variant={u.role === 'admin' ? 'default' : 'secondary'}>
                      {u.role === 'admin' ? 'Administrador' : 'Usuário'}
                    </Badge>
                    <Badge variant={u.status === 'ativo' ? 'green' : 'red'}>
                      {u.status === 'ativo' ? 'Ativo' : 'Inativo'}
                    </Badge>
                  </div>
                  <div className="flex flex-wrap gap-1">
                    <span className="sr-only">Permissões:</span>
                    {u.permissoes.length === 0 && (
                      <span className="text-xs text-muted-foreground">Sem permissões</span>
                    )}
                    {PERMISSOES.filter((p) => u.permissoes.includes(p)).map((p) => (
                      <Badge key={p} variant="outline" className="font-normal">
                        {PERMISSAO_LABEL[p]}
                      </Badge>
                    ))}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Pagination page={page} limit={LIMIT} total={list.data.total} onPage={setPage} />
        </>
      )}
      <UsuarioDialog
        open={dialog.open}
        usuario={dialog.usuario}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </>
  );
}
