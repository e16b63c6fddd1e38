import type * as React from 'react';
import { cn } from '../../lib/utils';

const field =
  'flex w-full rounded-md border border-input bg-card px-3 py-2 text-base md:text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive';

export function Input({ className, ...props }: React.ComponentProps<'input'>) {
  return <input className={cn(field, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return <textarea className={cn(field, 'min-h-20', className)} {...props} />;
}

/** A native select: it is the best control on a phone and is fully keyboard-accessible. */
export function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return <select className={cn(field, 'h-10 pr-8', className)} {...props} />;
}

export function Label({ className, ...props }: React.ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium leading-none', className)} {...props} />;
}

/** A control with its label above it (a list's filters, a login field). */
export function Labelled({
  id,
  label,
  className = 'grid gap-1',
  labelClassName,
  children,
}: {
  id: string;
  label: React.ReactNode;
  className?: string;
  labelClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      {children}
    </div>
  );
}
