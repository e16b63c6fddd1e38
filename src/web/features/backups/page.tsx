import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, HardDriveDownload } from 'lucide-react';
import { useEffect } from 'react';
import { useAuth } from '../../app/auth';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Empty, ItemsOf } from '../../components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { formatDateTime } from '../../lib/format';
import { backupsKeys, backupsOptions } from './api';

const dateTime = { format: (at: Date | string) => formatDateTime(at, 'short') };
const size = (b: number) =>
  b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : `${Math.ceil(b / 1024)} KB`;

/** Backups (admins): the list with size and date, one now, a download; a failed backup is shown. */
export default function BackupsPage() {
  const { me } = useAuth();
  const admin = me?.role === 'admin';
  const qc = useQueryClient();
  const list = useQuery({ ...backupsOptions(), enabled: admin });
  useEffect(() => {
    if (list.error)
      toastError('Erro ao carregar os backups', list.error, 'Não foi possível carregar os backups.');
  }, [list.error]);
  const take = useMutation({
    mutationFn: () => json(client.backups.$post({})),
    onSuccess: (b) => {
      toastSuccess('Backup concluído', `${b.nome} (${size(b.bytes)})`);
      void qc.invalidateQueries({ queryKey: backupsKeys.all });
    },
    onError: (err) => {
      toastError('Backup não realizado', err);
      void qc.invalidateQueries({ queryKey: backupsKeys.all });
    },
  });

  if (!admin) return <Empty text="Apenas administradores podem ver os backups." />;

  return (
    <>
      <PageHeader
        title="Backups"
        subtitle={
          list.data?.diario
            ? `Backup automático todos os dias às ${list.data.diario}`
            : 'Backup automático desligado'
        }
        actions={
          <Button onClick={() => take.mutate()} disabled={take.isPending}>
            <HardDriveDownload />
            {take.isPending ? 'Fazendo backup...' : 'Fazer backup agora'}
          </Button>
        }
      />
      {list.data?.erro && (
        <p
          role="alert"
          className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
        >
          Último backup falhou em {dateTime.format(new Date(list.data.erro.quando))}:{' '}
          {list.data.erro.mensagem}
        </p>
      )}
      <ItemsOf query={list} loading="Carregando backups..." empty="Nenhum backup ainda.">
        {(items) => (
          <div className="overflow-x-auto">
            <Table aria-label="Backups">
              <THead>
                <TR>
                  <TH>Data</TH>
                  <TH>Arquivo</TH>
                  <TH className="text-right">Tamanho</TH>
                  <TH>
                    <span className="sr-only">Baixar</span>
                  </TH>
                </TR>
              </THead>
              <TBody>
                {items.map((b) => (
                  <TR key={b.nome}>
                    <TD className="whitespace-nowrap">{dateTime.format(new Date(b.criado_em))}</TD>
                    <TD className="font-mono text-xs">{b.nome}</TD>
                    <TD className="text-right">{size(b.bytes)}</TD>
                    <TD>
                      <Button asChild variant="ghost" size="icon">
                        <a href={`/api/backups/${b.nome}`} download aria-label={`Baixar ${b.nome}`}>
                          <Download />
                        </a>
                      </Button>
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
        )}
      </ItemsOf>
    </>
  );
}
