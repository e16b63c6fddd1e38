import { Mail, MapPin, Phone, User } from 'lucide-react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { RowActions } from '../../components/ui/row-actions';
import type { Fornecedor } from '../../lib/resources';

/** A supplier as a card (the spec's layout for suppliers, at every width). */
export function FornecedorCard({
  f,
  onEdit,
  onDelete,
}: {
  f: Fornecedor;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const lugar = [f.cidade, f.uf].filter(Boolean).join('/');
  return (
    <Card className="flex flex-col" aria-labelledby={`fornecedor-${f.id}`} role="article">
      <CardHeader className="flex-row items-start justify-between gap-2 pb-2 md:pb-3">
        <div className="min-w-0 flex-1">
          <CardTitle id={`fornecedor-${f.id}`} className="break-words text-base md:text-lg">
            {f.nome}
          </CardTitle>
          <CardDescription className="whitespace-nowrap">
            {f.cnpj ? `CNPJ ${f.cnpj}` : 'CNPJ não informado'}
          </CardDescription>
        </div>
        <RowActions
          editLabel={`Editar ${f.nome}`}
          deleteLabel={`Excluir ${f.nome}`}
          onEdit={onEdit}
          onDelete={onDelete}
          className="shrink-0"
        />
      </CardHeader>
      <CardContent className="grid gap-1.5 text-sm text-muted-foreground">
        {f.contato && (
          <p className="flex items-center gap-2">
            <User aria-hidden className="size-4 shrink-0" />
            <span className="sr-only">Contato:</span>
            {f.contato}
          </p>
        )}
        <p className="flex items-center gap-2">
          <Phone aria-hidden className="size-4 shrink-0" />
          <span className="sr-only">Telefone:</span>
          {f.telefone ?? '—'}
        </p>
        {f.email && (
          <p className="flex min-w-0 items-center gap-2">
            <Mail aria-hidden className="size-4 shrink-0" />
            <span className="sr-only">E-mail:</span>
            <span className="truncate">{f.email}</span>
          </p>
        )}
        {(f.endereco || lugar) && (
          <p className="flex items-start gap-2">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span className="sr-only">Endereço:</span>
            <span>{[f.endereco, lugar].filter(Boolean).join(' — ')}</span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
