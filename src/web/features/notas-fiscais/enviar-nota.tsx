// Sending an authorised invoice to the customer (issue 30): the DANFE's public link by WhatsApp, e-mail or
// copied, as the quote's link is sent (orcamentos/enviar-cliente.tsx). The link is signed and expiring
// (server/fiscal/link-danfe.ts) and stops opening if the invoice is cancelled.
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { toastSuccess } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { empresaOptions } from '../empresa/api';
import { celularWhatsapp, whatsappUrl } from '../orcamentos/whatsapp';
import { linkOptions } from './api';

interface Props {
  nota: { id: string; serie: number; numero: number };
  destinatario: { nome: string; telefone: string | null; email: string | null };
}

export function EnviarNota({ nota, destinatario }: Props) {
  const link = useQuery(linkOptions(nota.id));
  const empresa = useQuery({ ...empresaOptions(), staleTime: Number.POSITIVE_INFINITY });
  const celular = celularWhatsapp(destinatario.telefone);
  const semCelularId = `nf-sem-celular-${nota.id}`;

  if (link.isPending) return <p className="text-sm text-muted-foreground">Gerando o link do DANFE…</p>;
  if (link.isError)
    return <p className="text-sm text-destructive">Não foi possível gerar o link do DANFE para o cliente.</p>;
  const { url, expira_em } = link.data;
  const primeiroNome = destinatario.nome.split(' ')[0];
  const de = empresa.data?.nome ?? 'nossa empresa';
  const texto = `Olá, ${primeiroNome}! Segue a nota fiscal (NF-e nº ${nota.numero}, série ${nota.serie}) da ${de}. O DANFE em PDF está neste link: ${url}`;
  const mailto = `mailto:${encodeURIComponent(destinatario.email ?? '')}?subject=${encodeURIComponent(
    `NF-e nº ${nota.numero} — ${de}`,
  )}&body=${encodeURIComponent(texto)}`;
  const copiar = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toastSuccess('Link copiado!', 'Cole na conversa com o cliente.');
    } catch {
      toastSuccess('Copie o link mostrado abaixo.');
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">Enviar ao cliente</p>
      <div className="flex flex-wrap gap-2">
        {celular ? (
          <Button asChild size="sm">
            <a href={whatsappUrl(celular, texto)} target="_blank" rel="noreferrer">
              Enviar por WhatsApp
            </a>
          </Button>
        ) : (
          <Button size="sm" disabled aria-describedby={semCelularId}>
            Enviar por WhatsApp
          </Button>
        )}
        <Button asChild variant="outline" size="sm">
          <a href={mailto}>Enviar por e-mail</a>
        </Button>
        <Button variant="outline" size="sm" onClick={() => void copiar()}>
          Copiar link
        </Button>
      </div>
      {!celular && (
        <p id={semCelularId} className="text-sm text-muted-foreground">
          WhatsApp indisponível: o cliente não tem celular cadastrado (DDD + 9 dígitos).
        </p>
      )}
      <label className="grid gap-1 text-sm">
        Link do DANFE para o cliente
        <input
          readOnly
          value={url}
          className="rounded border px-2 py-1 font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
      </label>
      <p className="text-sm text-muted-foreground">
        Válido até {formatDate(expira_em)}; deixa de abrir se a NF-e for cancelada.
      </p>
    </div>
  );
}
