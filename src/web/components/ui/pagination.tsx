import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
}

export function Pagination({ page, limit, total, onPage }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (total <= limit) return null;
  const first = (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav aria-label="Paginação" className="flex items-center justify-between gap-2 py-3 text-sm">
      <span className="text-muted-foreground">
        {first}–{last} de {total.toLocaleString('pt-BR')}
      </span>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft />
          <span className="sr-only sm:not-sr-only">Anterior</span>
        </Button>
        <span aria-current="page">
          {page} / {pages}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <span className="sr-only sm:not-sr-only">Próxima</span>
          <ChevronRight />
        </Button>
      </div>
    </nav>
  );
}
