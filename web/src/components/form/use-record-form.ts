import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/components/ui/use-toast';
import { handleSaveError } from './save-errors';
import { useZodForm } from './use-zod-form';

/** Where to go and what to say once a record is saved. */
export interface SavedRecord {
  title: string;
  description: string;
  to: string;
  /** Router state for the page shown next (e.g. duplicate warnings). */
  state?: unknown;
}

/**
 * The form of a référentiel record (create or edit): the shared zod schema, the version the form
 * was loaded with (optimistic concurrency: a background refetch must not turn a stale edit into an
 * overwrite), server errors on their fields, a 409 offering to reload, then a toast and the next
 * page. `save` sends the values with that version and says what to show.
 */
export function useRecordForm<TValues extends FieldValues, TInput, TRecord extends { version: number }>(options: {
  schema: z.ZodType<TInput, z.ZodTypeDef, unknown>;
  record: TRecord | undefined;
  toValues: (record?: TRecord) => TValues;
  save: (input: TInput, version: number) => Promise<SavedRecord>;
  onReload?: (() => Promise<TRecord | undefined>) | undefined;
}): {
  form: UseFormReturn<TValues, unknown, TInput>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** True once saved: the unsaved-changes guard stands down while the next page opens. */
  saved: boolean;
} {
  const { schema, record, toValues, save, onReload } = options;
  const navigate = useNavigate();
  const form = useZodForm<TValues, TInput>(schema, toValues(record) as DefaultValues<TValues>);
  const [version, setVersion] = useState(record?.version ?? 0);
  const [savedTo, setSavedTo] = useState<{ to: string; state: unknown } | null>(null);

  useEffect(() => {
    if (savedTo) void navigate(savedTo.to, { state: savedTo.state });
  }, [savedTo, navigate]);

  const reload = onReload
    ? async () => {
        const fresh = await onReload();
        if (fresh) {
          form.reset(toValues(fresh));
          setVersion(fresh.version);
        }
      }
    : undefined;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save(input, version);
      toast({ title: saved.title, description: saved.description });
      setSavedTo({ to: saved.to, state: saved.state });
    } catch (error) {
      handleSaveError(form, error, { onReload: reload ? () => void reload() : undefined });
    }
  });

  return { form, onSubmit, saved: savedTo !== null };
}
