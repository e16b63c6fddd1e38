import { Loader2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import type * as React from 'react';
import { useEffect, useRef, useState } from 'react';
import { Button } from './button';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** Extra reason to disable both buttons (e.g. the action's request is in flight). */
  busy?: boolean;
  /**
   * What the user is asked to confirm is still loading: "confirm" waits for it (they confirm what
   * they have seen), "cancel" stays open to them (a phone has no Escape).
   */
  waiting?: boolean;
  /**
   * What "confirm" does. Return the request's promise (`mutation.mutateAsync(...)`): while it is
   * pending the buttons are disabled and show progress, a second click does nothing, and the dialog
   * cannot be dismissed; when it resolves the dialog closes (onOpenChange(false)); when it rejects
   * the dialog stays open — the caller shows the error toast (the mutation's onError). A plain
   * `void` return keeps the old contract: the caller closes the dialog itself.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing is allowed
  onConfirm: () => void | Promise<unknown> | false | null | undefined;
  children?: React.ReactNode;
}

/** The confirmation every delete (and the sale generation) asks for, with the spec's texts. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Excluir',
  cancelLabel = 'Cancelar',
  destructive = true,
  busy,
  waiting,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  // A state update reaches the DOM only after the event; a double-click's second click may come
  // first, so the guard against running twice is synchronous.
  const running = useRef(false);
  useEffect(() => {
    if (!open) {
      running.current = false;
      setPending(false);
    }
  }, [open]);

  const disabled = busy || pending;

  async function confirm() {
    if (running.current || busy || waiting) return;
    const result = onConfirm();
    if (!result || typeof (result as Promise<unknown>).then !== 'function') return;
    running.current = true;
    setPending(true);
    try {
      await result;
      onOpenChange(false);
    } catch {
      // The caller reported the failure; stay open so the user can retry or cancel.
    } finally {
      running.current = false;
      setPending(false);
    }
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && running.current) return; // no dismissing while the request is in flight
        onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          aria-busy={pending || undefined}
          className="fixed left-1/2 top-1/2 z-50 grid max-h-[92vh] w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-card p-6 shadow-lg"
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            {description}
          </AlertDialog.Description>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={disabled}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={destructive ? 'destructive' : 'default'}
              disabled={disabled || waiting}
              onClick={(e) => {
                e.preventDefault();
                void confirm();
              }}
            >
              {pending && <Loader2 aria-hidden className="animate-spin" />}
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
