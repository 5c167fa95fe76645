import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from '@/components/ui/use-toast';
import { handleSaveError } from './save-errors';

/**
 * A dialog that creates something, then shows the server's answer once in place of its form (a temporary
 * password, an invitation link). Closing forgets the answer and empties the form; a refused creation goes to
 * the fields or a toast titled "Création impossible" (handleSaveError).
 */
export function useCreateDialog<TValues extends FieldValues, TInput, TAnswer>(options: {
  form: UseFormReturn<TValues, unknown, TInput>;
  empty: DefaultValues<TValues>;
  create: UseMutationResult<TAnswer, Error, TInput>;
  onOpenChange: (open: boolean) => void;
  /** The toast once created. */
  createdToast: (answer: TAnswer) => { title: string; description: string };
}): {
  created: TAnswer | null;
  /** For the dialog's onOpenChange and its "Annuler" and "Fermer" buttons. */
  close: (open: boolean) => void;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
} {
  const { form, empty, create, onOpenChange, createdToast } = options;
  const [created, setCreated] = useState<TAnswer | null>(null);

  const close = (open: boolean) => {
    if (open) return onOpenChange(true);
    onOpenChange(false);
    setCreated(null);
    form.reset(empty);
  };

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => {
        setCreated(answer);
        toast(createdToast(answer));
      },
      onError: (error) => handleSaveError(form, error, { failureTitle: 'Création impossible' }),
    }),
  );

  return { created, close, onSubmit };
}
