import { type LucideIcon, Pencil, Trash2 } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../../lib/utils';
import { Button } from './button';

/** One icon button of a row or a card; `label` names the action and its record for screen readers. */
export function IconAction({
  label,
  icon: Icon,
  iconClassName,
  ...button
}: { label: string; icon: LucideIcon; iconClassName?: string } & React.ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} {...button}>
      <Icon className={iconClassName} />
    </Button>
  );
}

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
      <IconAction label={editLabel} icon={Pencil} title="Editar" onClick={onEdit} />
      <IconAction
        label={deleteLabel}
        icon={Trash2}
        title="Excluir"
        className="text-destructive"
        onClick={onDelete}
      />
    </div>
  );
}
