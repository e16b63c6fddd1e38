import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { PERMISSAO_LABEL, PERMISSOES } from '../../../schemas/permissoes';
import { useAuth } from '../../app/auth';
import { ListPagination, listState } from '../../components/kit/data-table';
import { ListSearch } from '../../components/kit/list-search';
import { listaError, useResourceList } from '../../components/kit/use-resource-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { IconAction } from '../../components/ui/row-actions';
import { client } from '../../lib/client';
import type { Usuario } from '../../lib/resources';
import { UsuarioDialog } from './usuario-dialog';

export default function UsuariosPage() {
  const { me } = useAuth();
  // Only an administrator may change an administrator's account (the server refuses others).
  const canEdit = (u: Usuario) => me?.role === 'admin' || u.role !== 'admin';
  const [dialog, setDialog] = useState<{ open: boolean; usuario: Usuario | null }>({
    open: false,
    usuario: null,
  });

  // search and page in the URL, the request keyed ['usuarios', 'lista', params] (live refresh)
  const list = useResourceList({
    recurso: 'usuarios',
    endpoint: client.usuarios,
    limit: 24,
    loadError: listaError('usuários'),
  });
  const data = list.query.data;

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
      <ListSearch
        list={list}
        lista="usuarios"
        label="Buscar usuários"
        placeholder="Buscar por nome ou e-mail..."
        className="mb-4"
      />
      {listState(list, {
        loadingText: 'Carregando usuários...',
        emptyText: 'Nenhum usuário encontrado.',
        emptyFilteredText: 'Nenhum usuário encontrado.',
      }) ??
        (data && (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Usuários">
              {data.items.map((u) => (
                <li key={u.id}>
                  <Card className="flex h-full flex-col gap-3 p-4" data-testid="usuario-card">
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="truncate font-semibold">{u.nome}</p>
                        <p className="truncate text-sm text-muted-foreground">{u.email}</p>
                      </div>
                      {canEdit(u) && (
                        <IconAction
                          label={`Editar ${u.nome}`}
                          icon={Pencil}
                          onClick={() => setDialog({ open: true, usuario: u })}
                        />
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
            <ListPagination list={list} />
          </>
        ))}
      <UsuarioDialog
        open={dialog.open}
        usuario={dialog.usuario}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </>
  );
}
