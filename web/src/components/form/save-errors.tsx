import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { CONFLICT_MESSAGE } from '@shared/schemas/lists';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors } from './apply-server-errors';

/**
 * What a form does when a save fails: field errors go on the fields; a stale edit (409 without field errors)
 * shows "Cet enregistrement a été modifié…" with a "Recharger" action (the form keeps what was typed until
 * the user chooses to reload); anything else is a toast with the server's message.
 */
export function handleSaveError<T extends FieldValues>(
  form: { setError: UseFormSetError<T>; getValues: () => T },
  error: unknown,
  options: { onReload?: () => void } = {},
): void {
  if (applyServerErrors(form, error)) {
    toast({
      variant: 'destructive',
      title: 'Le formulaire contient des erreurs',
      description: 'Corrigez les champs signalés.',
    });
    return;
  }
  if (error instanceof ApiError && error.status === 409) {
    const reload = options.onReload;
    // Reloading answers the toast: it is dismissed so it no longer covers the form's buttons.
    let shown: { dismiss: () => void } | undefined = undefined;
    shown = toast({
      variant: 'destructive',
      title: CONFLICT_MESSAGE,
      description: 'Vos saisies sont conservées dans le formulaire.',
      duration: 15_000,
      action: reload ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            shown?.dismiss();
            reload();
          }}
        >
          Recharger
        </Button>
      ) : undefined,
    });
    return;
  }
  toast({
    variant: 'destructive',
    title: 'Enregistrement impossible',
    description: error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : undefined,
  });
}
