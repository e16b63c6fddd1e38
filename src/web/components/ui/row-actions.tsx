import { Pencil, Trash2 } from 'lucide-react';
import { cn } from '../../lib/utils';
import { Button } from './button';

/** The Edit and Delete icon buttons of a list row; the labels name the record for screen readers. */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  className,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  className?: string;
}) {
  return (
    <div className={cn('flex justify-end gap-1', className)}>
      <Button variant="ghost" size="icon" aria-label={editLabel} title="Editar" onClick={onEdit}>
        <Pencil />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={deleteLabel}
        title="Excluir"
        className="text-destructive"
        onClick={onDelete}
      >
        <Trash2 />
      </Button>
    </div>
  );
}
