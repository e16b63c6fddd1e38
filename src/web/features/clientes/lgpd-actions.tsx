import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, UserX } from 'lucide-react';
import { useState } from 'react';

import { useAuth } from '../../app/auth';
import { useFreshRecord } from '../../components/fresh-record';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';

/** LGPD requests on one client (administrators): export their data as JSON, or anonymise them. */
export function LgpdActions({ clienteId, onAnonimizado }: { clienteId: string; onAnonimizado: () => void }) {
  // the name the confirmation shows is the server's, read afresh
  const fresh = useFreshRecord(client.clientes, clienteId);
  const cliente = { id: clienteId, nome: fresh.data?.nome ?? 'este cliente' };
  const { me } = useAuth();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const exportar = useMutation({
    mutationFn: () => json(client.lgpd.clientes[':id'].$get({ param: { id: cliente.id } })),
    onSuccess: (data) => {
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      const a = document.createElement('a');
      a.href = url;
      a.download = `lavra-cliente-${cliente.id}.json`;
      a.click();
      URL.revokeObjectURL(url);
      toastSuccess('Dados exportados', 'O arquivo JSON foi baixado.');
    },
    onError: (err) => toastError('Erro ao exportar os dados', err),
  });
  const anonimizar = useMutation({
    mutationFn: () =>
      json(
        client.lgpd.clientes[':id'].anonimizar.$post({
          param: { id: cliente.id },
          json: { confirmar: true },
        }),
      ),
    onSuccess: () => {
      toastSuccess('Cliente anonimizado');
      setConfirming(false);
      void qc.invalidateQueries({ queryKey: ['clientes'] });
      onAnonimizado();
    },
    onError: (err) => toastError('Erro ao anonimizar', err),
  });
  if (me?.role !== 'admin') return null;
  return (
    <div className="mt-6 flex flex-wrap items-center gap-2 border-t pt-4">
      <span className="mr-auto text-sm text-muted-foreground">LGPD</span>
      <Button variant="outline" onClick={() => exportar.mutate()} disabled={exportar.isPending}>
        <Download />
        Exportar dados
      </Button>
      <Button variant="outline" className="text-destructive" onClick={() => setConfirming(true)}>
        <UserX />
        Anonimizar
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !anonimizar.isPending && setConfirming(open)}
        title="Anonimizar cliente"
        description={`Nome, CPF/CNPJ, telefone, e-mail e endereço de ${cliente.nome} serão apagados e substituídos por "Cliente anonimizado". Orçamentos e vendas continuam com seus valores. A auditoria registra que isso aconteceu, sem os dados. Esta ação não pode ser desfeita.`}
        confirmLabel="Anonimizar"
        busy={anonimizar.isPending}
        onConfirm={() => anonimizar.mutate()}
      />
    </div>
  );
}
