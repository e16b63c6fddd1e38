// Sending a quote to the customer and what the customer did with it: WhatsApp, link (copy/revoke), the
// customer PDF, the acceptance record and the change requests. Kept apart from the editor; mounted in
// the history row, in the details and after saving.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { IconAction } from '../../components/ui/row-actions';
import { toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { formatDate, formatDateTime } from '../../lib/format';
import { empresaOptions } from '../empresa/api';
import { envioOptions, ladoClienteOptions, orcamentosKeys } from './api';
import { celularWhatsapp, whatsappUrl } from './whatsapp';

export interface OrcamentoEnvio {
  id: string;
  numero: number;
  cliente_nome: string | null;
  /** The client's phone, when the screen has it (the details do). */
  telefone?: string | null;
}

/** The sharing buttons and the customer's record of one quote. */
export function EnviarCliente({ o }: { o: OrcamentoEnvio }) {
  const qc = useQueryClient();
  const [revogar, setRevogar] = useState(false);
  const lado = useQuery(ladoClienteOptions(o.id));
  const empresa = useQuery({ ...empresaOptions(), staleTime: 60_000 });
  const detalhe = useQuery({ ...envioOptions(o.id), enabled: o.telefone === undefined });
  const telefone = o.telefone !== undefined ? o.telefone : detalhe.data?.cliente?.telefone;
  const celular = celularWhatsapp(telefone);
  const criar = useMutation({
    mutationFn: () => json(client.orcamentos[':id'].link.$post({ param: { id: o.id } })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: orcamentosKeys.cliente(o.id) }),
    onError: (err) => toastError('Erro ao criar o link', err),
  });
  const revoga = useMutation({
    mutationFn: () => json(client.orcamentos[':id'].link.$delete({ param: { id: o.id } })),
    onSuccess: () => {
      toastSuccess('Link revogado', 'O cliente não consegue mais abrir este orçamento pelo link.');
      void qc.invalidateQueries({ queryKey: orcamentosKeys.cliente(o.id) });
    },
    onError: (err) => toastError('Erro ao revogar o link', err),
  });

  const enviarWhatsapp = async () => {
    if (!celular) return;
    // Opened now, inside the click: a window opened after the request would be blocked as a pop-up.
    const w = window.open('', '_blank');
    try {
      const { url } = await criar.mutateAsync();
      const nome = o.cliente_nome ? `, ${o.cliente_nome.split(' ')[0]}` : '';
      const texto = `Olá${nome}! Segue o orçamento Nº ${o.numero} da ${empresa.data?.nome ?? 'nossa empresa'}. Você pode ver, baixar o PDF e aprovar por este link: ${url}`;
      if (w) w.location.href = whatsappUrl(celular, texto);
      else window.location.href = whatsappUrl(celular, texto);
    } catch {
      w?.close();
    }
  };
  const copiar = async () => {
    const { url } = await criar.mutateAsync();
    try {
      await navigator.clipboard.writeText(url);
      toastSuccess('Link copiado!', 'Cole na conversa com o cliente.');
    } catch {
      toastSuccess('Link criado', 'Copie o endereço mostrado abaixo.');
    }
  };

  const link = lado.data?.link;
  const aceite = lado.data?.aceite;
  const url = criar.data?.url ?? link?.url;
  return (
    <section aria-labelledby={`cliente-${o.id}`} className="flex flex-col gap-3">
      <h3 id={`cliente-${o.id}`} className="font-semibold">
        Enviar ao cliente
      </h3>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => void enviarWhatsapp()}
          disabled={!celular || criar.isPending}
          aria-describedby={celular ? undefined : `sem-celular-${o.id}`}
        >
          Enviar por WhatsApp
        </Button>
        <Button variant="outline" onClick={() => void copiar().catch(() => {})} disabled={criar.isPending}>
          Copiar link
        </Button>
        <Button variant="outline" asChild>
          <a href={`/api/orcamentos/${o.id}/pdf`} download>
            Baixar PDF
          </a>
        </Button>
        {link && (
          <Button variant="outline" className="text-destructive" onClick={() => setRevogar(true)}>
            Revogar link
          </Button>
        )}
      </div>
      {!celular && (telefone !== undefined || o.telefone !== undefined) && (
        <p id={`sem-celular-${o.id}`} className="text-sm text-muted-foreground">
          WhatsApp indisponível: o cliente não tem celular cadastrado (DDD + 9 dígitos).
        </p>
      )}
      {url && (
        <label className="grid gap-1 text-sm">
          Link do cliente
          <input
            readOnly
            value={url}
            className="rounded border px-2 py-1 font-mono text-xs"
            onFocus={(e) => e.target.select()}
          />
        </label>
      )}
      {link && (
        <p className="text-sm text-muted-foreground">
          {link.bloqueado
            ? 'Link bloqueado: o cliente errou 5 vezes os dígitos do CPF/CNPJ. Revogue e envie um novo.'
            : link.expirado
              ? `Link vencido em ${formatDate(link.expira_em)}.`
              : `Válido até ${formatDate(link.expira_em)}.`}
        </p>
      )}
      {aceite && (
        <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm">
          <p className="font-semibold">
            Aprovado pelo cliente: {aceite.nome} em {formatDateTime(aceite.em)}
          </p>
          <p>Versão aceita: salva em {formatDateTime(aceite.versao, 'medium')}</p>
          <p>IP: {aceite.ip ?? '—'}</p>
          <p className="break-all">Navegador: {aceite.user_agent ?? '—'}</p>
          <p className="break-all font-mono text-xs">SHA-256 do PDF aceito: {aceite.pdf_sha256}</p>
          {/* the exact bytes the customer accepted: their SHA-256 is the one above */}
          <a className="underline" href={`/api/orcamentos/${o.id}/pdf-aceito`} download>
            PDF aceito
          </a>
        </div>
      )}
      {!!lado.data?.alteracoes.length && (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-semibold">Pedidos de alteração do cliente</p>
          <ul className="list-disc pl-5">
            {lado.data.alteracoes.map((a) => (
              <li key={a.created_at}>
                <span className="whitespace-pre-wrap">{a.mensagem}</span>{' '}
                <span className="text-muted-foreground">({formatDateTime(a.created_at)})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ConfirmDialog
        open={revogar}
        onOpenChange={setRevogar}
        title="Revogar link?"
        description="O cliente não conseguirá mais abrir este orçamento pelo link enviado."
        confirmLabel="Revogar"
        onConfirm={() => revoga.mutateAsync()}
      />
    </section>
  );
}

/** The sharing panel in a dialog (history row, after saving). */
export function EnviarDialog({ o, onClose }: { o: OrcamentoEnvio | null; onClose: () => void }) {
  return (
    <Dialog open={!!o} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>Orçamento #{o?.numero} ao cliente</DialogTitle>
          <DialogDescription>{o?.cliente_nome ?? ''}</DialogDescription>
        </DialogHeader>
        {o && <EnviarCliente o={o} />}
      </DialogContent>
    </Dialog>
  );
}

/** The history row's "Enviar ao cliente" button with its own dialog. */
export function EnviarAcao({ o }: { o: OrcamentoEnvio }) {
  const [open, setOpen] = useState(false);
  const label = `Enviar orçamento #${o.numero} ao cliente`;
  return (
    <>
      <IconAction label={label} icon={Send} className="size-8" title={label} onClick={() => setOpen(true)} />
      <EnviarDialog o={open ? o : null} onClose={() => setOpen(false)} />
    </>
  );
}
