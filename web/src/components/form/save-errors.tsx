import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { CONFLICT_MESSAGE } from '@shared/schemas/lists';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors } from './apply-server-errors';

/**
 * What a form does when a save fails: field errors go on the fields; a stale edit (409 without field errors)
 * shows "Cet enregistrement a été modifié…" with a "Recharger" action (the form keeps what was typed until
 * the user chooses to reload); anything else is a toast with the server's message. Every form of the app ends a
 * failed save here: one mapping of server errors to fields, one 409 flow. `staleConflict` tells a stale edit from
 * a 409 that is a rule of the record (the users' "last administrator"), which is then a toast like any refusal.
 */
export function handleSaveError<T extends FieldValues>(
  form: { setError: UseFormSetError<T>; getValues: () => T },
  error: unknown,
  options: { onReload?: () => void; failureTitle?: string; staleConflict?: (error: ApiError) => boolean } = {},
): void {
  if (applyServerErrors(form, error)) {
    toast({
      variant: 'destructive',
      title: 'Le formulaire contient des erreurs',
      description: 'Corrigez les champs signalés.',
    });
    return;
  }
  if (error instanceof ApiError && error.status === 409 && (options.staleConflict?.(error) ?? true)) {
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
  toastSaveFailure(error, options.failureTitle);
}

/** The toast of a refused save: the server's message under `title`. */
function toastSaveFailure(error: unknown, title = 'Enregistrement impossible'): void {
  toast({
    variant: 'destructive',
    title,
    description: error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : undefined,
  });
}

/**
 * The same ending for a form kept in component state rather than react-hook-form (the market source dialogs):
 * returns the server's first message per field, named by `fieldOf`, and toasts when no message found a field.
 */
export function saveErrorMessages(
  error: unknown,
  fieldOf: (key: string) => string = (key) => key,
): Record<string, string> {
  const messages: Record<string, string> = {};
  const fields = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
  for (const [key, list] of Object.entries(fields)) if (list[0]) messages[fieldOf(key)] = list[0];
  if (Object.keys(messages).length === 0) toastSaveFailure(error);
  return messages;
}
