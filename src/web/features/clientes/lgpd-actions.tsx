import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, UserX } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../app/auth';
import { useFreshRecord } from '../../components/fresh-record';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DialogFooter, ModalDialog } from '../../components/ui/dialog';
import { toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { clientesKeys } from './api';

/** LGPD requests on one client (administrators): export their data (JSON or PDF), or anonymise them. */
export function LgpdActions({ clienteId, onAnonimizado }: { clienteId: string; onAnonimizado: () => void }) {
  // the name the confirmation shows is the server's, read afresh
  const fresh = useFreshRecord(client.clientes, clienteId);
  const cliente = { id: clienteId, nome: fresh.data?.nome ?? 'este cliente' };
  const { me } = useAuth();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
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
      void qc.invalidateQueries({ queryKey: clientesKeys.all });
      onAnonimizado();
    },
    onError: (err) => toastError('Erro ao anonimizar', err),
  });
  if (me?.role !== 'admin') return null;
  return (
    <div className="mt-6 flex flex-wrap items-center gap-2 border-t pt-4">
      <span className="mr-auto text-sm text-muted-foreground">LGPD</span>
      <Button variant="outline" onClick={() => setExporting(true)}>
        <Download />
        Exportar dados
      </Button>
      <Button variant="outline" className="text-destructive" onClick={() => setConfirming(true)}>
        <UserX />
        Anonimizar
      </Button>
      <ModalDialog
        open={exporting}
        onClose={() => setExporting(false)}
        title="Exportar dados"
        description={`Tudo o que o Lavra guarda sobre ${cliente.nome}: dados pessoais, endereço, orçamentos e vendas, aceites, pedidos de alteração, ordens de serviço, parcelas e pagamentos, e o registro de auditoria do cadastro (sem custos, margem, taxas nem comissões da loja). A exportação fica registrada na auditoria.`}
      >
        <DialogFooter>
          {/* Plain links: the server answers as a download (content-disposition), with the session cookie. */}
          {(['json', 'pdf'] as const).map((formato) => (
            <Button key={formato} asChild variant={formato === 'pdf' ? 'default' : 'outline'}>
              <a
                href={`/api/lgpd/clientes/${cliente.id}${formato === 'pdf' ? '/pdf' : ''}`}
                download={`lavra-cliente-${cliente.id}.${formato}`}
                onClick={() => setExporting(false)}
              >
                <Download />
                {formato === 'pdf' ? 'Baixar PDF' : 'Baixar JSON'}
              </a>
            </Button>
          ))}
        </DialogFooter>
      </ModalDialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !anonimizar.isPending && setConfirming(open)}
        title="Anonimizar cliente"
        description={`Nome, CPF/CNPJ, telefone, e-mail e endereço de ${cliente.nome} serão apagados e substituídos por "Cliente anonimizado", também no Caixa, nas OS, nos aceites e pedidos de alteração; os links enviados deixam de abrir. Orçamentos e vendas continuam com seus valores. A auditoria registra que isso aconteceu, sem os dados. Esta ação não pode ser desfeita.`}
        confirmLabel="Anonimizar"
        busy={anonimizar.isPending}
        onConfirm={() => anonimizar.mutate()}
      />
    </div>
  );
}
