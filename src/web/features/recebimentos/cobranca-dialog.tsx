import { useQuery } from '@tanstack/react-query';
import { Copy, MessageCircle } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/input';
import { QueryStatus } from '../../components/ui/states';
import { toastError, toastSuccess } from '../../lib/api';
import { cobrancaOptions } from './api';

/**
 * "Cobrar por WhatsApp": the server writes the message (amount, due date and, when the settings have
 * a Pix key, the "copia e cola" for what is owed, with its QR code); the button opens WhatsApp with it.
 */
export function CobrancaDialog({ parcelaId, onClose }: { parcelaId: string; onClose: () => void }) {
  const q = useQuery(cobrancaOptions(parcelaId));
  const c = q.data;
  const copiar = (texto: string, o_que: string) =>
    navigator.clipboard.writeText(texto).then(
      () => toastSuccess(`${o_que} copiado`),
      (err) => toastError(`Não foi possível copiar ${o_que.toLowerCase()}`, err),
    );
  return (
    <ModalDialog
      onClose={onClose}
      className="max-w-lg"
      title="Cobrar por WhatsApp"
      description="Confira a mensagem antes de enviar."
    >
      <QueryStatus query={q} error="Não foi possível preparar a cobrança." loading="Preparando mensagem..." />
      {c && (
        <div className="grid gap-3">
          <Textarea readOnly aria-label="Mensagem de cobrança" rows={8} value={c.mensagem} />
          {c.pix ? (
            <div className="grid justify-items-center gap-2">
              {c.qr_code && <img src={c.qr_code} alt="QR code do Pix" width={200} height={200} />}
              <Button variant="outline" size="sm" onClick={() => copiar(c.pix as string, 'Código Pix')}>
                <Copy />
                Copiar Pix copia e cola
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              Cadastre a chave Pix em Configurações para incluir o Pix copia e cola.
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => copiar(c.mensagem, 'Mensagem')}>
              <Copy />
              Copiar mensagem
            </Button>
            <Button asChild>
              <a href={c.whatsapp_url} target="_blank" rel="noopener noreferrer">
                <MessageCircle />
                Abrir WhatsApp
              </a>
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
