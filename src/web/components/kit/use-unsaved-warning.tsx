import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../ui/confirm-dialog';

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
    return (
      dirtyRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search)
    );
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
