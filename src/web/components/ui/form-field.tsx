import type * as React from 'react';
import { cn } from '../../lib/utils';
import { Label } from './input';

/**
 * A labelled field with its error. The control is passed as children and must carry `id={id}`;
 * the error is tied to it by aria-describedby so screen readers read it.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  required,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden className="text-destructive">
            {' '}
            *
          </span>
        )}
      </Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error under it (`<id>-erro`, what `fieldA11y` points the control at); nothing without one. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-erro`} role="alert" className="text-xs font-medium text-destructive">
      {error}
    </p>
  ) : null;
}

/** Props for the control inside a FormField so it is linked to its error. */
export function fieldA11y(id: string, error?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-erro` : undefined,
  };
}
