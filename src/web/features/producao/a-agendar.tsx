import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { SearchInput } from '../../components/ui/search-input';
import { Loading } from '../../components/ui/states';
import { type AAgendar, aAgendarOptions } from './api';
import { etapaLabel } from './shared';

/**
 * "A agendar": the current stages with no date yet. Each is dragged onto the calendar (`onArrastar`
 * tells the page which) or scheduled through its form (`onAbrir`), the keyboard's way.
 */
export function AAgendarLista({
  onArrastar,
  onAbrir,
}: {
  onArrastar: (i: AAgendar) => void;
  onAbrir: (alvo: { osId: string; etapaId: string }) => void;
}) {
  const [buscaAAgendar, setBuscaAAgendar] = useState('');
  const semAgenda = useQuery(aAgendarOptions(buscaAAgendar));
  return (
    <TitledCard title="A agendar" contentClassName="grid gap-3">
      <SearchInput
        value={buscaAAgendar}
        onChange={setBuscaAAgendar}
        placeholder="Cliente ou nº da OS..."
        label="Buscar etapas a agendar"
      />
      {semAgenda.isPending ? (
        <Loading text="Carregando..." />
      ) : !semAgenda.data?.items.length ? (
        <p className="text-sm text-muted-foreground">Nenhuma etapa esperando agendamento.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Etapas a agendar">
          {semAgenda.data.items.map((i) => (
            <li
              key={i.id}
              draggable
              onDragStart={(e) => {
                // Firefox starts a drag only with data set.
                e.dataTransfer.setData('text/plain', i.id);
                e.dataTransfer.effectAllowed = 'move';
                onArrastar(i);
              }}
              className="cursor-grab rounded-md border bg-card p-2 text-sm [overflow-wrap:anywhere]"
              data-testid={`a-agendar-${i.os_numero}`}
            >
              <div className="font-medium">
                {etapaLabel(i.etapa)} · OS #{i.os_numero}
              </div>
              <div className="text-muted-foreground">{i.cliente_nome}</div>
              <Button
                size="sm"
                variant="link"
                className="h-auto px-0"
                onClick={() => onAbrir({ osId: i.os_id, etapaId: i.id })}
              >
                Agendar pelo formulário
              </Button>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
