import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../ui/confirm-dialog';

/** URL parameters whose change replaces the form on screen (see useListFormTabs). */
const FORM_PARAMS = ['tab', 'id'];

/**
 * Warns before a changed form is left: the browser's own prompt on reload/close (beforeunload),
 * and a confirmation on any in-app navigation (a menu link, Back, another tab of the screen).
 * `allowNext()` lets the next navigation through (after a save, the form goes back to the list).
 */
export function useUnsavedWarning(dirty: boolean) {
  const allow = useRef(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

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

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allow.current) return false;
    if (!dirtyRef.current) return false;
    if (currentLocation.pathname !== nextLocation.pathname) return true;
    // Only the parameters that swap the form (the screen's tab, the edited record) leave it; a
    // list's search or page beside a form that stays on screen does not.
    const a = new URLSearchParams(currentLocation.search);
    const b = new URLSearchParams(nextLocation.search);
    return FORM_PARAMS.some((k) => a.get(k) !== b.get(k));
  });

  const dialog = (
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
  return {
    dialog,
    allowNext: () => {
      allow.current = true;
    },
  };
}
