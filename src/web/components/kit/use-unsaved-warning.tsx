import { type RefObject, useEffect, useRef } from 'react';
import { type Blocker, useBlocker } from 'react-router';
import { ConfirmDialog } from '../ui/confirm-dialog';

/** URL parameters whose change replaces the form on screen (see useListFormTabs). */
const FORM_PARAMS = ['tab', 'id'];

/**
 * The in-app half of the warning, mounted only while the form is changed: a registered blocker makes
 * react-router replay every Back/Forward through it (and a Back after a reload could get lost), so
 * an unchanged form registers none.
 */
function LeaveGuard({ allow }: { allow: RefObject<boolean> }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allow.current) return false;
    if (currentLocation.pathname !== nextLocation.pathname) return true;
    // Only the parameters that swap the form (the screen's tab, the edited record) leave it; a
    // list's search or page beside a form that stays on screen does not.
    const a = new URLSearchParams(currentLocation.search);
    const b = new URLSearchParams(nextLocation.search);
    return FORM_PARAMS.some((k) => a.get(k) !== b.get(k));
  });
  return (
    <BlockedDialog
      blocker={blocker}
      title="Descartar alterações?"
      description="Há alterações não salvas neste formulário. Se sair agora, elas serão perdidas."
      confirmLabel="Sair sem salvar"
    />
  );
}

/** The question a blocked navigation asks: leave (the blocker proceeds) or keep editing (it resets). */
export function BlockedDialog({
  blocker,
  title,
  description,
  confirmLabel,
}: {
  blocker: Blocker;
  title: string;
  description: string;
  confirmLabel: string;
}) {
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel="Continuar editando"
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
    />
  );
}

/** The browser's own prompt on reload or close while `on` (unsaved changes). */
export function useBeforeUnload(on: boolean) {
  useEffect(() => {
    if (!on) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Chromium still needs returnValue set to show its prompt
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [on]);
}

/**
 * Warns before a changed form is left: the browser's own prompt on reload/close (beforeunload),
 * and a confirmation on any in-app navigation that swaps the form (a menu link, Back, another tab of
 * the screen). `allowNext()` lets the next navigation through (after a save the form goes back to
 * the list). Render `dialog` once inside the form's component.
 */
export function useUnsavedWarning(dirty: boolean) {
  const allow = useRef(false);
  useBeforeUnload(dirty);
  useEffect(() => {
    if (dirty) allow.current = false; // a new change after a save is guarded again
  }, [dirty]);
  return {
    dialog: dirty ? <LeaveGuard allow={allow} /> : null,
    allowNext: () => {
      allow.current = true;
    },
  };
}
