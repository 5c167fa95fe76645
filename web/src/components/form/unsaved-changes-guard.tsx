import { useEffect } from 'react';
import { useBlocker } from '@/lib/navigation-blocker';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Warns before leaving a form with unsaved changes: in-app navigation (links, `navigate()`, back/forward) asks
 * with a dialog through `useBlocker` (React Router's signature, over the app's blockable history — a data router
 * would add ~17 KB gzip to every page); closing or reloading the tab gets the browser's own prompt
 * (`beforeunload`).
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need a returnValue to show the prompt.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Quitter sans enregistrer ?"
      description="Vos modifications n’ont pas été enregistrées. Elles seront perdues si vous quittez cette page."
      confirmLabel="Quitter sans enregistrer"
      cancelLabel="Rester sur la page"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
    />
  );
}
