import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { client, json } from '../../lib/client';
import { formatDateTime } from '../../lib/format';
import { cartasOptions } from './api';

/**
 * The NF-e's cartas de correção (issue 30): each one kept, in SEFAZ's order, with who sent it and
 * when; a new one while the invoice is authorised (the last letter is the one in force).
 */
export function CartasCorrecao({ notaId, podeEnviar }: { notaId: string; podeEnviar: boolean }) {
  const [aberta, setAberta] = useState(false);
  const [texto, setTexto] = useState('');
  const lista = useQuery(cartasOptions(notaId));
  const enviar = useMutation({
    mutationFn: () =>
      json(
        client['notas-fiscais'][':id']['carta-correcao'].$post({
          param: { id: notaId },
          json: { correcao: texto },
        }),
      ),
    onSuccess: (c) => {
      setAberta(false);
      setTexto('');
      toast.success(`Carta de correção ${c.sequencia} enviada`);
      void lista.refetch();
    },
    onError: (e: Error) =>
      toast.error('Não foi possível enviar a carta de correção', { description: e.message }),
  });
  const cartas = lista.data?.items ?? [];
  return (
    <div className="flex min-w-0 flex-col gap-2 text-sm">
      {cartas.length > 0 && (
        <>
          <p className="font-medium">Cartas de correção</p>
          <ol className="flex flex-col gap-1">
            {cartas.map((c) => (
              <li key={c.id}>
                <span className="font-medium">nº {c.sequencia}</span> · {formatDateTime(c.created_at)}
                {c.created_by_nome ? ` · ${c.created_by_nome}` : ''}: {c.correcao}
              </li>
            ))}
          </ol>
        </>
      )}
      {podeEnviar && !aberta && (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setAberta(true)}>
          Carta de correção
        </Button>
      )}
      {podeEnviar && aberta && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            enviar.mutate();
          }}
        >
          <label htmlFor="nf-correcao">
            Correção (15 a 1000 caracteres; não corrige valores, impostos, destinatário nem data)
          </label>
          <textarea
            id="nf-correcao"
            className="min-h-16 rounded-md border p-2"
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
          />
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setAberta(false)}>
              Voltar
            </Button>
            <Button type="submit" size="sm" disabled={enviar.isPending || texto.trim().length < 15}>
              Enviar carta de correção
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
