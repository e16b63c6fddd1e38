import { type RefObject, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
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
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
      title="Descartar alterações?"
      description="Há alterações não salvas neste formulário. Se sair agora, elas serão perdidas."
      confirmLabel="Sair sem salvar"
      cancelLabel="Continuar editando"
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
    />
  );
}

/**
 * Warns before a changed form is left: the browser's own prompt on reload/close (beforeunload),
 * and a confirmation on any in-app navigation that swaps the form (a menu link, Back, another tab of
 * the screen). `allowNext()` lets the next navigation through (after a save the form goes back to
 * the list). Render `dialog` once inside the form's component.
 */
export function useUnsavedWarning(dirty: boolean) {
  const allow = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    allow.current = false; // a new change after a save is guarded again
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Chromium still needs returnValue set to show its prompt
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return {
    dialog: dirty ? <LeaveGuard allow={allow} /> : null,
    allowNext: () => {
      allow.current = true;
    },
  };
}
